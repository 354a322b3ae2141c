// Minesweeper's part of the search protocol (games.h): a solver's decision for a game given as its
// settings, seed and actions. Only the player's view (the Position) reaches the solver.
#include <stdexcept>

#include "minesweeper/solver.h"
#include "search/games.h"

namespace gridlab::search {

namespace {

namespace ms = gridlab::minesweeper;

// The probability solver thinks in slices; kb and elimination decide in begin(). The first slice
// only begins: the analysis of the position is one unit of work.
class MinesweeperJob : public Job {
public:
    MinesweeperJob(const ms::Position& position, const std::string& solver, uint64_t seed)
        : position_(position), solver_(ms::make_solver(solver, Rng(seed))) {}
    void think(double ms) override {
        if (!started_) solver_->begin(position_);  // throws on a position wrong flags made impossible
        else solver_->think(ms);
        started_ = true;
        decision_ = solver_->result();
    }
    bool finished() const override { return started_ && solver_->finished(); }
    nlohmann::json report() const override {
        const ms::Knowledge& known = decision_.knowledge;
        nlohmann::json sentences = nlohmann::json::array();
        for (const ms::Sentence& sentence : known.sentences) sentences.push_back({{"cells", sentence.cells}, {"mines", sentence.mines}});
        return {{"move", decision_.move}, {"guess", decision_.guess},
                {"reason", ms::guess_reason_name(decision_.reason)}, {"win", decision_.win_probability},
                {"safe", known.safe}, {"mines", known.mines},
                {"probability", known.mine_probability}, {"sentences", sentences}};
    }

private:
    ms::Position position_;
    std::unique_ptr<ms::Solver> solver_;
    ms::Decision decision_;
    bool started_ = false;
};

}  // namespace

nlohmann::json minesweeper_request(const ms::Settings& settings, uint64_t game_seed, const nlohmann::json& actions,
                                   const std::string& solver, uint64_t seed) {
    return {{"game", "minesweeper"},
            {"params", {{"rows", settings.rows}, {"cols", settings.cols}, {"mines", settings.mines},
                        {"first", ms::first_click_name(settings.first_click)}, {"seed", seed_text(game_seed)}}},
            {"actions", actions},
            {"ai", {{"name", solver}, {"seed", seed_text(seed)}}}};
}

std::unique_ptr<Job> minesweeper_job(const nlohmann::json& request) {
    const nlohmann::json& params = object_field(request, "params", "");
    ms::Settings settings;
    settings.rows = static_cast<int>(int_field(params, "rows", 1, ms::kMaxSide, "params"));
    settings.cols = static_cast<int>(int_field(params, "cols", 1, ms::kMaxSide, "params"));
    settings.mines = static_cast<int>(int_field(params, "mines", 0, settings.rows * settings.cols, "params"));
    settings.first_click = ms::parse_first_click(choice_field(params, "first", {"safe", "zero", "none", "random-start"}, "params"));
    ms::State state(settings, seed_field(params, "seed", "params"));  // validates the settings
    const nlohmann::json& actions = array_field(request, "actions", "");
    for (size_t i = 0; i < actions.size(); ++i) {
        const std::string where = "actions[" + std::to_string(i) + "]";
        const nlohmann::json& action = actions[i];
        if (!action.is_array() || action.size() != 2 || !action[0].is_string() || !action[1].is_number_integer() ||
            action[1].get<int64_t>() < 0 || action[1].get<int64_t>() >= state.size())
            throw std::invalid_argument(where + ": expected [\"reveal\"|\"flag\"|\"chord\", cell 0.." +
                                        std::to_string(state.size() - 1) + "]");
        const std::string kind = action[0].get<std::string>();
        const int cell = action[1].get<int>();
        try {
            if (state.terminal()) throw std::invalid_argument("the game is over");
            if (kind == "reveal") state.reveal(cell);
            else if (kind == "flag") state.toggle_flag(cell);
            else if (kind == "chord") state.chord(cell);
            else throw std::invalid_argument("unknown action '" + kind + "'");
        } catch (const std::invalid_argument& error) {
            throw std::invalid_argument(where + ": " + error.what());
        }
    }
    if (state.terminal()) throw std::invalid_argument("actions: the game is over");
    const nlohmann::json& ai = object_field(request, "ai", "");
    const std::string solver = choice_field(ai, "name", {"kb", "elimination", "probability"}, "ai");
    return std::make_unique<MinesweeperJob>(state.position(), solver, seed_field(ai, "seed", "ai"));
}

ms::Decision minesweeper_decision(const nlohmann::json& report) {
    ms::Decision decision;
    decision.move = report.at("move").get<int>();
    decision.guess = report.at("guess").get<bool>();
    decision.reason = ms::parse_guess_reason(report.at("reason").get<std::string>());
    decision.win_probability = report.at("win").get<double>();
    decision.knowledge.safe = report.at("safe").get<std::vector<int>>();
    decision.knowledge.mines = report.at("mines").get<std::vector<int>>();
    decision.knowledge.mine_probability = report.at("probability").get<std::vector<double>>();
    for (const nlohmann::json& sentence : report.at("sentences"))
        decision.knowledge.sentences.push_back({sentence.at("cells").get<std::vector<int>>(), sentence.at("mines").get<int>()});
    return decision;
}

}  // namespace gridlab::search
