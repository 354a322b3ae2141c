// Gomoku's part of the search protocol (games.h): MCTS from a position given as its moves.
#include <optional>
#include <stdexcept>

#include "core/text.h"
#include "learn/model_file.h"
#include "search/games.h"

namespace gridlab::search {

namespace {

using namespace gridlab::gomoku;

constexpr size_t kReportedCandidates = 10;

class GomokuJob : public Job {
public:
    GomokuJob(const State& state, const AiSpec& spec, uint64_t seed) : ai_(make_ai(spec, seed)) {
        // One more pass of the network, for the screen: who it thinks is winning here.
        if (spec.network) network_value_ = AzNetwork(*spec.network).evaluate(state).value;
        ai_->begin(state);
    }
    void think(double ms) override { ai_->think(ms); }
    bool finished() const override { return ai_->finished(); }
    nlohmann::json report() const override {
        const SearchReport report = ai_->result();
        nlohmann::json candidates = nlohmann::json::array();
        for (const CandidateStats& c : report.candidates) {
            if (candidates.size() == kReportedCandidates) break;
            candidates.push_back({{"action", c.action}, {"visits", c.visits}, {"value", c.value}});
        }
        return {{"move", ai_->best_action()}, {"playouts", report.playouts}, {"ms", report.ms},
                {"nodes", report.nodes}, {"depth", report.depth}, {"candidates", candidates},
                {"principal_line", report.principal_line}, {"win_line", report.win_line},
                {"threat_line", report.threat_line},
                {"network_value", network_value_ ? nlohmann::json(*network_value_) : nlohmann::json(nullptr)}};
    }

private:
    std::unique_ptr<Search> ai_;
    std::optional<float> network_value_;
};

// The az AI's network from the request's model file (base64): read once per request.
std::shared_ptr<const AzNetwork> request_network(const nlohmann::json& ai, const Settings& board) {
    const nlohmann::json& model = field(ai, "model", "ai");
    if (!model.is_string()) throw std::invalid_argument("ai.model: expected a model file in base64");
    try {
        auto network = std::make_shared<const AzNetwork>(
            AzNetwork::from_model(learn::load_model(base64_decode(model.get<std::string>()), "gomoku")));
        network->require_board(board);
        return network;
    } catch (const std::invalid_argument& error) {
        throw std::invalid_argument(std::string("ai.model: ") + error.what());
    }
}

}  // namespace

nlohmann::json gomoku_request(const State& state, const AiSpec& ai, uint64_t seed, const std::string& model) {
    nlohmann::json moves = nlohmann::json::array();
    for (int i = 0; i < state.num_moves(); ++i) moves.push_back(state.move(i));
    const Settings& settings = state.settings();
    nlohmann::json request = {
        {"game", "gomoku"},
        {"params", {{"size", settings.size}, {"win", settings.win_length}, {"rule", rule_name(settings.rule)}}},
        {"moves", moves},
        {"ai", {{"name", ai.name}, {"seed", seed_text(seed)}, {"playouts", ai.budget.playouts}, {"ms", ai.budget.ms}, {"nodes", ai.max_nodes}}}};
    if (ai.name == "az") request["ai"]["model"] = model;
    return request;
}

std::unique_ptr<Job> gomoku_job(const nlohmann::json& request) {
    const nlohmann::json& params = object_field(request, "params", "");
    Settings settings;
    settings.size = static_cast<int>(int_field(params, "size", kMinSize, kMaxSize, "params"));
    settings.win_length = static_cast<int>(int_field(params, "win", 3, settings.size, "params"));
    settings.rule = parse_rule(choice_field(params, "rule", {"freestyle", "standard", "renju"}, "params"));
    State state(settings);
    const nlohmann::json& moves = array_field(request, "moves", "");
    for (size_t i = 0; i < moves.size(); ++i) {
        const std::string where = "moves[" + std::to_string(i) + "]";
        if (!moves[i].is_number_integer() || moves[i].get<int64_t>() < 0 || moves[i].get<int64_t>() >= state.num_actions())
            throw std::invalid_argument(where + ": expected a point of the board, 0.." + std::to_string(state.num_actions() - 1));
        try {
            state.apply(moves[i].get<int>());
        } catch (const std::invalid_argument& error) {
            throw std::invalid_argument(where + ": " + error.what());
        }
    }
    if (state.is_terminal()) throw std::invalid_argument("moves: the game is over");
    const nlohmann::json& ai = object_field(request, "ai", "");
    AiSpec spec;
    spec.name = choice_field(ai, "name", kAiNames, "ai");
    spec.budget.playouts = int_field(ai, "playouts", 0, 100'000'000, "ai");
    const nlohmann::json& ms = field(ai, "ms", "ai");
    if (!ms.is_number() || ms.get<double>() < 0 || ms.get<double>() > 3'600'000)
        throw std::invalid_argument("ai.ms: expected a number in 0..3600000");
    spec.budget.ms = ms.get<double>();
    if (spec.budget.playouts == 0 && spec.budget.ms == 0) throw std::invalid_argument("ai: a budget of playouts or ms is needed");
    spec.max_nodes = int_field(ai, "nodes", 1 + kMaxCells, 100'000'000, "ai");
    if (spec.name == "az") spec.network = request_network(ai, settings);
    return std::make_unique<GomokuJob>(state, spec, seed_field(ai, "seed", "ai"));
}

SearchReport gomoku_report(const nlohmann::json& report) {
    SearchReport out;
    for (const nlohmann::json& c : report.at("candidates"))
        out.candidates.push_back({c.at("action").get<int>(), c.at("visits").get<int64_t>(), c.at("value").get<double>(), 0.0});
    out.playouts = report.at("playouts").get<int64_t>();
    out.ms = report.at("ms").get<double>();
    out.nodes = report.at("nodes").get<int64_t>();
    out.depth = report.at("depth").get<int>();
    out.principal_line = report.at("principal_line").get<std::vector<int>>();
    out.win_line = report.at("win_line").get<std::vector<int>>();
    out.threat_line = report.at("threat_line").get<std::vector<int>>();
    return out;
}

}  // namespace gridlab::search
