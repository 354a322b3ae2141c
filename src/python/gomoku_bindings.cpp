// Gomoku from Python: a game's State (for a student's own search, seed 003) and the AIs with their
// budgets.
#include <pybind11/stl.h>

#include "gomoku/ai.h"
#include "python/bindings.h"
#include "python/env_bindings.h"

namespace gridlab::python {

namespace {

using namespace gomoku;

// The board as the observation encodes it: -1 black, +1 white, 0 empty; rows top first.
py::array_t<int8_t> board_array(const State& state) {
    py::array_t<int8_t> array({state.size(), state.size()});
    int8_t* out = array.mutable_data();
    for (int row = 0; row < state.size(); ++row)
        for (int col = 0; col < state.size(); ++col) *out++ = static_cast<int8_t>(side_number(state.at(row, col)));
    return array;
}

py::list actions_list(const std::vector<int>& actions) { return py::cast(actions); }

py::dict report_dict(int action, const SearchReport& report, int size) {
    py::list candidates;
    for (const CandidateStats& candidate : report.candidates)
        candidates.append(py::dict(py::arg("action") = candidate.action, py::arg("visits") = candidate.visits,
                                   py::arg("value") = candidate.value, py::arg("prior") = candidate.prior));
    py::dict result;
    result["action"] = action;
    result["move"] = cell_tuple(action, size);
    result["notation"] = to_notation(action, size);
    result["candidates"] = std::move(candidates);
    result["principal_line"] = actions_list(report.principal_line);
    result["win_line"] = actions_list(report.win_line);
    result["threat_line"] = actions_list(report.threat_line);
    result["playouts"] = report.playouts;
    result["ms"] = report.ms;
    result["nodes"] = report.nodes;
    result["depth"] = report.depth;
    return result;
}

struct AiHandle {
    AiSpec spec;
    std::unique_ptr<Search> ai;
    std::mutex mutex;
    std::string name() const { return spec.name; }
};

}  // namespace

void bind_gomoku(py::module_& m) {
    py::class_<State>(m, "GomokuState", "A Gomoku game: the board, whose move it is, the moves so far")
        .def(py::init([](int size, int win, const std::string& rule) {
                 const Settings settings{size, win, parse_rule(rule)};
                 validate(settings);
                 return State(settings);
             }),
             py::arg("size") = kDefaultSize, py::arg("win") = kDefaultWinLength, py::arg("rule") = "freestyle")
        .def_static(
            "parse",
            [](const std::string& text, int win, const std::string& rule) { return State::parse(text, win, parse_rule(rule)); },
            py::arg("text"), py::arg("win") = kDefaultWinLength, py::arg("rule") = "freestyle")
        .def_static(
            "of_env",
            [](py::handle env) { return env_of(env).with_game([](const GameEnv& game) { return as_game<GomokuEnv>(game).env().state(); }); },
            py::arg("env"))
        .def("copy", [](const State& state) { return state; })
        .def_property_readonly("size", &State::size)
        .def_property_readonly("win", [](const State& s) { return s.settings().win_length; })
        .def_property_readonly("rule", [](const State& s) { return std::string(rule_name(s.settings().rule)); })
        .def_property_readonly("to_move", [](const State& s) { return s.is_terminal() ? int64_t{0} : side_number(s.to_move()); })
        .def_property_readonly("winner", [](const State& s) { return side_number(s.winner()); })
        .def_property_readonly("terminal", &State::is_terminal)
        .def_property_readonly("num_moves", &State::num_moves)
        .def("moves", [](const State& s) {
            std::vector<int> moves;
            for (int i = 0; i < s.num_moves(); ++i) moves.push_back(s.move(i));
            return moves;
        })
        .def("board", &board_array)
        .def("legal_actions", &State::legal_actions)
        .def("is_legal", [](const State& s, py::handle action) { return s.is_legal(action_from(action, s.num_actions())); },
             py::arg("action"))
        .def(
            "apply",
            [](State& state, py::handle action) {
                const int chosen = action_from(action, state.num_actions());
                const std::string refusal = state.apply_error(chosen);
                if (!refusal.empty()) throw RefusedStep(refusal);
                state.apply(chosen);
            },
            py::arg("action"))
        .def("undo", &State::undo)
        .def("notation", [](const State& s, py::handle action) { return to_notation(action_from(action, s.num_actions()), s.size()); },
             py::arg("action"))
        .def("parse_move", [](const State& s, const std::string& text) { return parse_move(text, s.size()); }, py::arg("text"))
        .def("__str__", &State::to_text);

    bind_ai<AiHandle>(
        m, "GomokuAi", "A Gomoku AI made from its spec",
        [](const std::string& spec, uint64_t seed) {
            auto handle = std::make_unique<AiHandle>();
            handle->spec = parse_ai_spec(spec);
            handle->ai = make_ai(handle->spec, seed);
            return handle;
        },
        [](AiHandle& handle, const State& state) {
            if (state.is_terminal()) throw py::value_error("the game is over: there is no move to choose");
            const auto [action, report] = think_released(handle.mutex, [&] {
                const int chosen = handle.ai->choose(state);
                return std::pair(chosen, handle.ai->result());
            });
            return report_dict(action, report, state.size());
        },
        "state");
}

}  // namespace gridlab::python
