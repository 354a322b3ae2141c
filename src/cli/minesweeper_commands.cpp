// gridlab minesweeper analyze | eval | timing
#include <cmath>
#include <optional>

#include "cli/commands.h"
#include "core/rng.h"
#include "core/text.h"
#include "minesweeper/play.h"
#include "minesweeper/probability.h"
#include "minesweeper/solver.h"

namespace gridlab::cli {

namespace {

using namespace gridlab::minesweeper;

double rounded(double value, double scale) { return std::round(value * scale) / scale; }

nlohmann::json cell_json(const Grid<int8_t>& grid, int cell) {
    return nlohmann::json::array({grid.row_of(cell), grid.col_of(cell)});
}

nlohmann::json cells_json(const Grid<int8_t>& grid, const std::vector<int>& cells) {
    nlohmann::json list = nlohmann::json::array();
    for (int cell : cells) list.push_back(cell_json(grid, cell));
    return list;
}

void add_analyze(CLI::App& game) {
    auto* cmd = game.add_subcommand("analyze", "Analyse a board read from stdin ('.' hidden, 'F' flag, 0-8 open)");
    auto mines = std::make_shared<int>(0);
    auto solver_name = std::make_shared<std::string>("probability");
    auto seed = std::make_shared<uint64_t>(1);
    cmd->add_option("--mines", *mines, "Total mines on the board, flagged or not")->required();
    cmd->add_option("--solver", *solver_name, "probability, elimination or kb")
        ->check(CLI::IsMember({"probability", "elimination", "kb"}));
    cmd->add_option("--seed", *seed, "Seed for the random guess of kb and elimination")->check(seed_check());
    cmd->callback([=] {
        const Position position = parse_position(read_stdin(), *mines);
        analyze(position);  // throws, naming the problem, if no layout of the mines fits
        Rng rng(*seed);
        const Decision decision = make_solver(*solver_name)->decide(position, rng);
        const Grid<int8_t>& cells = position.cells;
        nlohmann::json probabilities = nlohmann::json::array();
        for (int r = 0; r < cells.rows(); ++r) {
            nlohmann::json row = nlohmann::json::array();
            for (int c = 0; c < cells.cols(); ++c) {
                const double p = decision.knowledge.mine_probability[cells.index(r, c)];
                row.push_back(p < 0 ? nlohmann::json(nullptr) : nlohmann::json(rounded(p, 1e6)));
            }
            probabilities.push_back(std::move(row));
        }
        print_json({{"rows", cells.rows()},
                    {"cols", cells.cols()},
                    {"probabilities", std::move(probabilities)},
                    {"safe", cells_json(cells, decision.knowledge.safe)},
                    {"mines", cells_json(cells, decision.knowledge.mines)},
                    {"move", decision.move < 0 ? nlohmann::json(nullptr) : cell_json(cells, decision.move)}});
    });
}

// The options eval and timing share: which solver, which board, which games.
struct EvalOptions {
    std::string solver, level, first_click = "safe", first_cell;
    std::optional<int> rows, cols, mines;
    int games = 0, jobs = 1;
    uint64_t seed = 0;
};

void add_eval_options(CLI::App* cmd, EvalOptions& o) {
    cmd->add_option("--solver", o.solver, "probability, elimination or kb")
        ->required()
        ->check(CLI::IsMember({"probability", "elimination", "kb"}));
    cmd->add_option("--level", o.level, "beginner, intermediate or expert")
        ->check(CLI::IsMember({"beginner", "intermediate", "expert"}));
    cmd->add_option("--rows", o.rows, "Custom board rows (with --cols and --mines)");
    cmd->add_option("--cols", o.cols, "Custom board columns");
    cmd->add_option("--mines", o.mines, "Custom board mines");
    cmd->add_option("--games", o.games, "Number of games")->required()->check(CLI::Range(1, 10'000'000));
    cmd->add_option("--seed", o.seed, "Seed: game i is seeded from (seed, i)")->required()->check(seed_check());
    cmd->add_option("--first-click", o.first_click, "safe, zero or none")
        ->check(CLI::IsMember({"safe", "zero", "none"}));
    cmd->add_option("--first-cell", o.first_cell, "R,C of the first click (default 0,0; 3,3 for zero)");
    cmd->add_option("--jobs", o.jobs, "Threads (results do not depend on it)")->check(CLI::Range(1, 64));
}

EvalSettings eval_settings(const EvalOptions& o) {
    EvalSettings eval;
    eval.solver = o.solver;
    const bool custom = o.rows || o.cols || o.mines;
    if (custom == !o.level.empty()) throw InputError("give either --level or all of --rows, --cols and --mines");
    if (custom && !(o.rows && o.cols && o.mines))
        throw InputError("a custom board needs all of --rows, --cols and --mines");
    const FirstClick rule = parse_first_click(o.first_click);
    eval.settings = custom ? Settings{*o.rows, *o.cols, *o.mines, rule} : level_settings(o.level, rule);
    validate(eval.settings);
    eval.first_cell = default_first_cell(eval.settings);
    if (!o.first_cell.empty()) {
        const size_t comma = o.first_cell.find(',');
        if (comma == std::string::npos) throw InputError("--first-cell: expected R,C, got '" + o.first_cell + "'");
        const std::string_view text(o.first_cell);
        const int row = parse_int(text.substr(0, comma), 0, eval.settings.rows - 1, "--first-cell row");
        const int col = parse_int(text.substr(comma + 1), 0, eval.settings.cols - 1, "--first-cell column");
        eval.first_cell = row * eval.settings.cols + col;
    }
    eval.games = o.games;
    eval.seed = o.seed;
    eval.jobs = o.jobs;
    return eval;
}

void add_eval(CLI::App& game) {
    auto* cmd = game.add_subcommand("eval", "Play seeded games with a solver and report the win rate");
    auto options = std::make_shared<EvalOptions>();
    add_eval_options(cmd, *options);
    cmd->callback([options] {
        const EvalSettings eval = eval_settings(*options);
        const EvalResult result = evaluate(eval);
        const int cols = eval.settings.cols;
        print_json({{"solver", eval.solver},
                    {"rows", eval.settings.rows},
                    {"cols", cols},
                    {"mines", eval.settings.mines},
                    {"first_click", options->first_click},
                    {"first_cell", {eval.first_cell / cols, eval.first_cell % cols}},
                    {"games", result.games},
                    {"wins", result.wins},
                    {"win_rate", rounded(result.win_rate, 1e4)},
                    {"ci95", {rounded(result.ci_low, 1e4), rounded(result.ci_high, 1e4)}},
                    {"ms_per_game", rounded(result.ms_per_game, 1e3)}});
    });
}

nlohmann::json spread_json(const TimeSpread& spread) {
    return {{"count", spread.count},
            {"median_ms", rounded(spread.median, 1e3)},
            {"p90_ms", rounded(spread.p90, 1e3)},
            {"p99_ms", rounded(spread.p99, 1e3)},
            {"max_ms", rounded(spread.max, 1e3)}};
}

// How long single decisions take (the web app's concern), over the games of an eval.
void add_timing(CLI::App& game) {
    auto* cmd = game.add_subcommand("timing", "Like eval, but report the time of single decisions");
    auto options = std::make_shared<EvalOptions>();
    add_eval_options(cmd, *options);
    cmd->callback([options] {
        const EvalResult result = evaluate(eval_settings(*options));
        print_json({{"solver", options->solver},
                    {"games", result.games},
                    {"wins", result.wins},
                    {"ms_per_game", rounded(result.ms_per_game, 1e3)},
                    {"decisions", spread_json(result.decisions)},
                    {"guesses", spread_json(result.guess_decisions)}});
    });
}

}  // namespace

void add_minesweeper_commands(CLI::App& app) {
    auto* game = app.add_subcommand("minesweeper", "Minesweeper: board analysis and solver evaluation");
    game->require_subcommand(1);
    add_analyze(*game);
    add_eval(*game);
    add_timing(*game);
}

}  // namespace gridlab::cli
