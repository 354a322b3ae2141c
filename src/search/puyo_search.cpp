// Puyo's part of the search protocol (games.h): an AI's plan for the current pair of a game given as
// its settings, seed and placements.
#include <stdexcept>

#include "puyo/beam.h"
#include "search/games.h"

namespace gridlab::search {

namespace {

using namespace gridlab::puyo;

nlohmann::json placement_json(Placement placement) { return {placement.column, placement.rotation}; }
Placement placement_from(const nlohmann::json& json) { return {json.at(0).get<int>(), json.at(1).get<int>()}; }

class PuyoJob : public Job {
public:
    PuyoJob(const State& state, const std::string& name, uint64_t seed) : ai_(make_ai(name, seed, BeamOptions{})) {
        ai_->begin(state);
    }
    void think(double ms) override { ai_->think(ms); }
    bool finished() const override { return ai_->finished(); }
    nlohmann::json report() const override {
        const Plan plan = ai_->result();
        nlohmann::json path = nlohmann::json::array();
        for (Placement step : plan.path) path.push_back(placement_json(step));
        return {{"placement", placement_json(plan.placement)}, {"path", path}, {"firing", plan.firing},
                {"chain", plan.expected_chain}, {"score", plan.expected_score}, {"trigger_column", plan.trigger_column},
                {"trigger_color", static_cast<int>(plan.trigger_color)}, {"nodes", plan.nodes}};
    }

private:
    std::unique_ptr<Ai> ai_;
};

}  // namespace

nlohmann::json puyo_request(const Settings& settings, uint64_t game_seed, const std::vector<int>& actions,
                            const std::string& ai, uint64_t seed) {
    return {{"game", "puyo"},
            {"params", {{"rules", settings.rules == RuleSet::Tsu ? "tsu" : "tutorial"}, {"colors", settings.colors},
                        {"pairs", settings.max_pairs}, {"seed", seed_text(game_seed)}}},
            {"actions", actions},
            {"ai", {{"name", ai}, {"seed", seed_text(seed)}}}};
}

std::unique_ptr<Job> puyo_job(const nlohmann::json& request) {
    const nlohmann::json& params = object_field(request, "params", "");
    Settings settings;
    settings.rules = choice_field(params, "rules", {"tsu", "tutorial"}, "params") == "tsu" ? RuleSet::Tsu : RuleSet::Tutorial;
    settings.colors = static_cast<int>(int_field(params, "colors", 3, 5, "params"));
    // The pair limit belongs to the game: without it the AI cannot see the end coming and holds its
    // chain past the last pair.
    settings.max_pairs = static_cast<int>(int_field(params, "pairs", 0, kLongestPairLimit, "params"));
    State state(settings, seed_field(params, "seed", "params"));
    const nlohmann::json& actions = array_field(request, "actions", "");
    for (size_t i = 0; i < actions.size(); ++i) {
        const std::string where = "actions[" + std::to_string(i) + "]";
        if (!actions[i].is_number_integer() || actions[i].get<int64_t>() < 0 || actions[i].get<int64_t>() >= kPlacementCount)
            throw std::invalid_argument(where + ": expected a placement 0.." + std::to_string(kPlacementCount - 1));
        const Placement placement = placement_of(actions[i].get<int>());
        if (state.terminal() || !state.is_legal(placement)) throw std::invalid_argument(where + ": not legal here");
        state.apply(placement);
    }
    if (state.terminal()) throw std::invalid_argument("actions: the game is over");
    const nlohmann::json& ai = object_field(request, "ai", "");
    const std::string name = choice_field(ai, "name", {"random", "greedy", "beam"}, "ai");
    return std::make_unique<PuyoJob>(state, name, seed_field(ai, "seed", "ai"));
}

Plan puyo_plan(const nlohmann::json& report) {
    Plan plan;
    plan.placement = placement_from(report.at("placement"));
    for (const nlohmann::json& step : report.at("path")) plan.path.push_back(placement_from(step));
    plan.firing = report.at("firing").get<bool>();
    plan.expected_chain = report.at("chain").get<int>();
    plan.expected_score = report.at("score").get<int64_t>();
    plan.trigger_column = report.at("trigger_column").get<int>();
    const int color = report.at("trigger_color").get<int>();
    if (color < 0 || color > static_cast<int>(Puyo::Garbage)) throw std::invalid_argument("a plan's trigger colour is out of range");
    plan.trigger_color = static_cast<Puyo>(color);
    plan.nodes = report.at("nodes").get<int64_t>();
    return plan;
}

}  // namespace gridlab::search
