// Puyo from Python: a game's State (what the Code lesson and a student's search play on) and the AIs.
#include <pybind11/stl.h>

#include "puyo/ai_spec.h"
#include "puyo/pair_file.h"
#include "python/bindings.h"
#include "python/env_bindings.h"

namespace gridlab::python {

namespace {

using namespace puyo;

RuleSet rules_named(const std::string& name) {
    if (name == "tsu") return RuleSet::Tsu;
    if (name == "tutorial") return RuleSet::Tutorial;
    throw py::value_error("unknown rules '" + name + "' (expected tsu or tutorial)");
}

const char* rules_name(RuleSet rules) { return rules == RuleSet::Tsu ? "tsu" : "tutorial"; }

// The field as seed 002 prints it: rows top first (Tsu's hidden row included), 6 Puyo codes each.
py::array_t<int8_t> field_array(const Field& field) {
    py::array_t<int8_t> array({field.rows(), kColumns});
    int8_t* out = array.mutable_data();
    for (int row = field.rows() - 1; row >= 0; --row)
        for (int col = 0; col < kColumns; ++col) *out++ = static_cast<int8_t>(field.at(col, row));
    return array;
}

py::tuple pair_tuple(Pair pair) { return py::make_tuple(static_cast<int>(pair.axis), static_cast<int>(pair.child)); }

py::dict move_dict(const MoveResult& move) {
    return py::dict(py::arg("chains") = move.chains, py::arg("score") = move.score, py::arg("all_clear") = move.all_clear);
}

std::vector<int> legal_actions(const State& state) {
    std::vector<int> actions;
    for (const Placement placement : state.legal_placements()) actions.push_back(action_of(placement));
    return actions;
}

// Every legal placement played out: the action, the chain it sets off and the field after it.
py::list afterstates(const State& state) {
    py::list list;
    for (const Placement placement : state.legal_placements()) {
        State next = state;
        const MoveResult move = next.apply_unchecked(placement);
        py::dict after = move_dict(move);
        after["action"] = action_of(placement);
        after["field"] = field_array(next.field());
        after["game_over"] = next.game_over();
        list.append(std::move(after));
    }
    return list;
}

py::dict plan_dict(const Plan& plan) {
    py::list path;
    for (const Placement placement : plan.path) path.append(action_of(placement));
    py::dict result;
    result["action"] = action_of(plan.placement);
    result["column"] = plan.placement.column;
    result["rotation"] = plan.placement.rotation;
    result["path"] = std::move(path);
    result["firing"] = plan.firing;
    result["chain"] = plan.expected_chain;
    result["score"] = plan.expected_score;
    result["trigger_column"] = plan.trigger_column;
    result["trigger_color"] = static_cast<int>(plan.trigger_color);
    result["nodes"] = plan.nodes;
    return result;
}

// An AI of a spec. Learned AIs know their rules from their model file, so the AI is made for the
// rules of the first state it is asked about (and made again if they change).
struct AiHandle {
    AiSpec spec;
    uint64_t seed = 0;
    std::unique_ptr<Ai> ai;
    RuleSet rules = RuleSet::Tsu;
    std::mutex mutex;
    std::string name() const { return spec.name; }
};

}  // namespace

void bind_puyo(py::module_& m) {
    py::class_<State>(m, "PuyoState", "A Puyo game: the field, the pairs to come, the score")
        .def(py::init([](py::handle seed, const std::string& rules, int colors, const std::string& field, int pairs) {
                 const Settings settings{rules_named(rules), colors, pairs};
                 validate(settings);
                 if (field.empty()) return State(settings, seed_from(seed));
                 return State(settings, seed_from(seed), Field::parse(field, settings.rules));
             }),
             py::arg("seed"), py::arg("rules") = "tsu", py::arg("colors") = 4, py::arg("field") = "", py::arg("pairs") = 0)
        .def_static(
            "with_pairs",
            [](const std::string& pairs, const std::string& rules, int colors) {
                const Settings settings{rules_named(rules), colors, 0};
                validate(settings);
                return State(settings, parse_pair_file(pairs, colors).at(0));
            },
            py::arg("pairs"), py::arg("rules") = "tsu", py::arg("colors") = 4)
        .def_static(
            "of_env",
            [](py::handle env) { return env_of(env).with_game([](const GameEnv& game) { return as_game<PuyoEnv>(game).env().state(); }); },
            py::arg("env"))
        .def("copy", [](const State& state) { return state; })
        .def_property_readonly("rules", [](const State& s) { return rules_name(s.settings().rules); })
        .def_property_readonly("colors", [](const State& s) { return s.settings().colors; })
        .def_property_readonly("seed", &State::seed)
        .def("field", [](const State& s) { return field_array(s.field()); })
        .def_property_readonly("current_pair", [](const State& s) { return pair_tuple(s.current_pair()); })
        .def("pair", [](const State& s, int ahead) {
                 if (ahead < 0 || ahead > kPreviewCount) throw py::index_error("pair(ahead): ahead is 0.." + std::to_string(kPreviewCount));
                 return pair_tuple(s.pair(ahead));
             }, py::arg("ahead"))
        .def_property_readonly("score", &State::score)
        .def_property_readonly("max_chain", &State::max_chain)
        .def_property_readonly("pairs_placed", &State::pairs_placed)
        .def_property_readonly("pairs_left", &State::pairs_left)
        .def_property_readonly("terminal", &State::terminal)
        .def_property_readonly("game_over", &State::game_over)
        .def("legal_actions", &legal_actions)
        .def("afterstates", &afterstates)
        .def(
            "apply",
            [](State& state, py::handle action) {
                const Placement placement = placement_of(action_from(action, kPlacementCount));
                const std::string refusal = state.apply_error(placement);
                if (!refusal.empty()) throw RefusedStep(refusal);
                return move_dict(state.apply_unchecked(placement));
            },
            py::arg("action"))
        .def("__str__", &State::to_text);

    bind_ai<AiHandle>(
        m, "PuyoAi", "A Puyo AI made from its spec",
        [](const std::string& spec, uint64_t seed) {
            auto handle = std::make_unique<AiHandle>();
            handle->spec = parse_ai_spec(spec);
            handle->seed = seed;
            return handle;
        },
        [](AiHandle& handle, const State& state) {
            if (state.terminal()) throw py::value_error("the game is over: there is no placement to choose");
            return plan_dict(think_released(handle.mutex, [&] {
                if (!handle.ai || handle.rules != state.settings().rules) {
                    handle.ai = make_ai(handle.spec, handle.seed, state.settings().rules);
                    handle.rules = state.settings().rules;
                }
                return handle.ai->decide(state);
            }));
        },
        "state");
}

}  // namespace gridlab::python
