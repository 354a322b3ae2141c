// gridlab minesweeper analyze | boards | eval | timing | train
#include <cmath>
#include <iostream>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

#include "cli/commands.h"
#include "cli/progress.h"
#include "core/rng.h"
#include "core/text.h"
#include "learn/model_file.h"
#include "minesweeper/boards.h"
#include "minesweeper/learner.h"
#include "minesweeper/play.h"
#include "minesweeper/probability.h"
#include "minesweeper/solver.h"

namespace gridlab::cli {

// Named: the command line is built as one file (a unity build, CMakeLists.txt).
namespace minesweeper_cli {

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
        const Decision decision = make_solver(*solver_name, Rng(*seed))->decide(position);
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

// The board options boards, eval, timing and train share.
struct BoardOptions {
    std::string level;
    std::optional<std::string> first_click;  // safe when not given
    std::optional<int> rows, cols, mines;
    bool given() const { return !level.empty() || rows || cols || mines || first_click; }
};

void add_board_options(CLI::App* cmd, BoardOptions& o, const std::vector<std::string>& rules = {"safe", "zero", "none"}) {
    cmd->add_option("--level", o.level, "beginner, intermediate or expert")
        ->check(CLI::IsMember({"beginner", "intermediate", "expert"}));
    cmd->add_option("--rows", o.rows, "Custom board rows (with --cols and --mines)");
    cmd->add_option("--cols", o.cols, "Custom board columns");
    cmd->add_option("--mines", o.mines, "Custom board mines");
    cmd->add_option("--first-click", o.first_click, "safe, zero or none")->check(CLI::IsMember(rules));
}

Settings board_settings(const BoardOptions& o) {
    const bool custom = o.rows || o.cols || o.mines;
    if (custom == !o.level.empty()) throw InputError("give either --level or all of --rows, --cols and --mines");
    if (custom && !(o.rows && o.cols && o.mines))
        throw InputError("a custom board needs all of --rows, --cols and --mines");
    const FirstClick rule = parse_first_click(o.first_click.value_or("safe"));
    const Settings settings = custom ? Settings{*o.rows, *o.cols, *o.mines, rule} : level_settings(o.level, rule);
    validate(settings);
    return settings;
}

// "R,C" as a cell index of the board of `settings`; the default when `text` is empty.
int first_cell_of(const std::string& text, const Settings& settings) {
    if (text.empty()) return default_first_cell(settings);
    const size_t comma = text.find(',');
    if (comma == std::string::npos) throw InputError("--first-cell: expected R,C, got '" + text + "'");
    const std::string_view view(text);
    const int row = parse_int(view.substr(0, comma), 0, settings.rows - 1, "--first-cell row");
    const int col = parse_int(view.substr(comma + 1), 0, settings.cols - 1, "--first-cell column");
    return row * settings.cols + col;
}

void add_first_cell_option(CLI::App* cmd, std::string& first_cell) {
    cmd->add_option("--first-cell", first_cell, "R,C of the first click (default 0,0; 3,3 for zero)");
}

// Writes the mine layouts `eval` plays with the same seed (boards.h), for other solvers to play.
void add_boards(CLI::App& game) {
    auto* cmd = game.add_subcommand("boards", "Write the mine layouts of seeded games, one board per line");
    struct Options {
        BoardOptions board;
        std::string first_cell;
        int games = 0;
        uint64_t seed = 0;
    };
    auto o = std::make_shared<Options>();
    add_board_options(cmd, o->board, {"safe", "zero"});
    add_first_cell_option(cmd, o->first_cell);
    cmd->add_option("--games", o->games, "Number of boards")->required()->check(CLI::Range(1, 10'000'000));
    cmd->add_option("--seed", o->seed, "Seed: board i is that of eval's game i")->required()->check(seed_check());
    cmd->callback([o] {
        const Settings settings = board_settings(o->board);
        const std::string text = boards_text(make_boards(settings, first_cell_of(o->first_cell, settings), o->games, o->seed));
        std::cout << text;
    });
}

// The options eval and timing share: which solver, which board, which games.
struct EvalOptions {
    std::string solver, model, first_cell, boards;
    BoardOptions board;
    std::optional<int> games;
    int jobs = 1;
    uint64_t seed = 0;
};

void add_eval_options(CLI::App* cmd, EvalOptions& o) {
    cmd->add_option("--solver", o.solver, "probability, elimination, kb or learned (with --model)")
        ->required()
        ->check(CLI::IsMember({"probability", "elimination", "kb", "learned"}));
    cmd->add_option("--model", o.model, "A model file made by `gridlab minesweeper train` (for --solver learned)");
    add_board_options(cmd, o.board);
    cmd->add_option("--boards", o.boards, "A board file (`gridlab minesweeper boards`): play its boards instead");
    cmd->add_option("--games", o.games, "Number of games (with --boards: the first N boards; default all)")
        ->check(CLI::Range(1, 10'000'000));
    cmd->add_option("--seed", o.seed, "Seed: game i is seeded from (seed, i)")->required()->check(seed_check());
    add_first_cell_option(cmd, o.first_cell);
    cmd->add_option("--jobs", o.jobs, "Threads (results do not depend on it)")->check(CLI::Range(1, 64));
}

EvalSettings eval_settings(const EvalOptions& o) {
    EvalSettings eval;
    eval.solver = o.solver;
    if ((o.solver == "learned") != !o.model.empty()) throw InputError("--model goes with --solver learned, and only with it");
    if (!o.model.empty())
        eval.learned = std::make_shared<const learn::Network>(learn::load_model(read_file(o.model), "minesweeper").network);
    if (o.boards.empty()) {
        if (!o.games) throw InputError("give --games (or --boards)");
        eval.settings = board_settings(o.board);
        eval.first_cell = first_cell_of(o.first_cell, eval.settings);
        eval.games = *o.games;
    } else {
        if (o.board.given() || !o.first_cell.empty())
            throw InputError("--boards: the board file gives the board and the first cell");
        BoardSet boards;
        try {
            boards = parse_boards(read_file(o.boards));
        } catch (const ParseError& error) {
            throw InputError(o.boards + ": " + error.what());
        }
        eval.settings = boards.settings;
        eval.first_cell = boards.first_cell;
        eval.games = o.games.value_or(static_cast<int>(boards.layouts.size()));
        eval.layouts = std::move(boards.layouts);
    }
    eval.seed = o.seed;
    eval.jobs = o.jobs;
    return eval;
}

nlohmann::json audit_json(const Audit& audit) {
    const double guesses = std::max<double>(1.0, static_cast<double>(audit.guesses));
    return {{"decisions", audit.decisions},
            {"missed_safe", audit.missed_safe},
            {"lost_missing_safe", audit.lost_missing_safe},
            {"guesses", audit.guesses},
            {"lost_guessing", audit.lost_guessing},
            {"mean_risk_taken", rounded(audit.risk_taken / guesses, 1e4)},
            {"mean_least_risk", rounded(audit.least_risk / guesses, 1e4)},
            {"not_judged", audit.inexact}};
}

void add_eval(CLI::App& game) {
    auto* cmd = game.add_subcommand("eval", "Play seeded games with a solver and report the win rate");
    auto options = std::make_shared<EvalOptions>();
    auto per_board = std::make_shared<bool>(false), audit = std::make_shared<bool>(false);
    add_eval_options(cmd, *options);
    cmd->add_flag("--per-board", *per_board, "Also list each game: won, and its number of guesses");
    cmd->add_flag("--audit", *audit, "Also judge every decision by the exact probabilities (safe cells missed, risk of guesses)");
    cmd->callback([options, per_board, audit] {
        EvalSettings eval = eval_settings(*options);
        eval.audit = *audit;
        const EvalResult result = evaluate(eval);
        const int cols = eval.settings.cols;
        nlohmann::json json{{"solver", eval.solver},
                    {"rows", eval.settings.rows},
                    {"cols", cols},
                    {"mines", eval.settings.mines},
                    {"first_click", first_click_name(eval.settings.first_click)},
                    {"first_cell", {eval.first_cell / cols, eval.first_cell % cols}},
                    {"games", result.games},
                    {"wins", result.wins},
                    {"win_rate", rounded(result.win_rate, 1e4)},
                    {"ci95", {rounded(result.ci_low, 1e4), rounded(result.ci_high, 1e4)}},
                    {"ms_per_game", rounded(result.ms_per_game, 1e3)}};
        if (*audit) json["audit"] = audit_json(result.audit);
        if (*per_board) {
            nlohmann::json games = nlohmann::json::array();
            for (const GameSummary& played : result.per_game)
                games.push_back({{"won", played.won}, {"guesses", played.guesses}});
            json["per_board"] = std::move(games);
        }
        print_json(json);
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

struct TrainOptions {
    BoardOptions board;
    std::string rewards = "seed-000", out, curriculum;
    std::optional<int64_t> episodes;
    std::optional<double> minutes, cpu_minutes;
    int looks = 2;
    TrainSettings settings;
};

nlohmann::json curve_json(const std::vector<CurvePoint>& curve) {
    nlohmann::json episodes = nlohmann::json::array(), win_rate = nlohmann::json::array(),
                   reward = nlohmann::json::array(), loss = nlohmann::json::array();
    for (const CurvePoint& point : curve) {
        episodes.push_back(point.episodes);
        win_rate.push_back(rounded(point.win_rate, 1e4));
        reward.push_back(rounded(point.mean_reward, 1e3));
        loss.push_back(rounded(point.loss, 1e5));
    }
    return {{"episodes", episodes}, {"win_rate", win_rate}, {"mean_reward", reward}, {"loss", loss}};
}

// "beginner:2000,16x16x40:500": boards (a level, or ROWSxCOLSxMINES) and their episodes, with the
// run's first-click rule.
std::vector<Stage> parse_curriculum(const std::string& text, FirstClick rule) {
    std::vector<Stage> stages;
    std::string_view rest(text);
    while (!rest.empty()) {
        const size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        const size_t colon = item.find(':');
        if (colon == std::string_view::npos)
            throw InputError("--curriculum: expected BOARD:EPISODES, got '" + std::string(item) + "'");
        const std::string board(item.substr(0, colon));
        Stage stage;
        stage.episodes = parse_int(item.substr(colon + 1), 1, 100'000'000, "--curriculum episodes");
        if (board == "beginner" || board == "intermediate" || board == "expert") {
            stage.board = level_settings(board, rule);
        } else {
            int rows = 0, cols = 0, mines = 0;
            char x1 = 0, x2 = 0;
            std::istringstream in(board);
            if (!(in >> rows >> x1 >> cols >> x2 >> mines) || x1 != 'x' || x2 != 'x' || !in.eof())
                throw InputError("--curriculum: '" + board + "' is not a level or ROWSxCOLSxMINES");
            stage.board = {rows, cols, mines, rule};
        }
        stages.push_back(stage);
    }
    return stages;
}

// Training with progress on stderr (train_in_chunks).
void train(Trainer& trainer, const TrainOptions& o) {
    const int64_t target = o.episodes.value_or(0);
    const double seconds = (o.minutes ? *o.minutes : o.cpu_minutes.value_or(0)) * 60.0;
    Progress progress("episodes", target, seconds, o.settings.window, o.cpu_minutes.has_value());
    const auto extra = [&] {
        const std::vector<CurvePoint>& curve = trainer.curve();
        return curve.empty() ? std::string() : "win " + std::to_string(std::lround(curve.back().win_rate * 100)) + "%";
    };
    train_in_chunks(trainer, progress, target, seconds, 10, [&] { return trainer.episodes(); }, extra);
}

void add_train(CLI::App& game) {
    auto* cmd = game.add_subcommand("train", "Train a network agent from its own games in the environment");
    auto o = std::make_shared<TrainOptions>();
    add_board_options(cmd, o->board);
    auto* episodes = cmd->add_option("--episodes", o->episodes, "Episodes to play (the same weights everywhere)")
                         ->check(CLI::Range(int64_t{1}, int64_t{100'000'000}));
    auto* minutes = cmd->add_option("--minutes", o->minutes, "Or: minutes to train (weights depend on the machine)")
                        ->check(number_range(0.001, 100000.0));
    auto* cpu_minutes = cmd->add_option("--cpu-minutes", o->cpu_minutes,
                                        "Or: minutes of this process's CPU time (fair on a shared machine)")
                            ->check(number_range(0.001, 100000.0));
    episodes->excludes(minutes);
    cpu_minutes->excludes(episodes)->excludes(minutes);
    cmd->add_option("--seed", o->settings.seed, "Seed of the weights, the games and the exploration")
        ->required()
        ->check(seed_check());
    cmd->add_option("--rewards", o->rewards, "seed-000 or seed-004")->check(CLI::IsMember({"seed-000", "seed-004"}));
    cmd->add_option("--out", o->out, "Where to write the model file")->required();
    cmd->add_option("--warm-up", o->settings.warm_up,
                    "On a board larger than 9x9: episodes first played on 9x9 boards of its density of mines")
        ->check(CLI::Range(int64_t{0}, int64_t{100'000'000}));
    cmd->add_option("--curriculum", o->curriculum,
                    "Boards to learn on first, e.g. beginner:2000,16x16x40:500 (a level or ROWSxCOLSxMINES, and episodes)");
    cmd->add_option("--width", o->settings.shape.width, "Channels per hidden layer")->check(CLI::Range(1, 128));
    cmd->add_option("--depth", o->settings.shape.depth, "3x3 convolution layers")->check(CLI::Range(1, 12));
    cmd->add_flag("--pool", o->settings.shape.pool, "A global-pooling layer before the last 3x3 convolution");
    cmd->add_option("--dilation", o->settings.shape.dilation, "Dilation of the middle 3x3 convolutions")->check(CLI::Range(1, 8));
    cmd->add_flag("--zero-head", o->settings.shape.zero_head,
                  "A second output learned beside the mines: the chance a cell is safe and shows 0 (fewer guesses; no gain at equal CPU)");
    cmd->add_option("--looks", o->looks,
                    "Times the network looks at the board: 2 (the second look sees the first one's chances of a mine) or 1")
        ->check(CLI::Range(1, 2));
    cmd->add_option("--learning-rate", o->settings.learning_rate, "Adam's step size")->check(number_range(1e-6, 1.0));
    cmd->add_option("--exploration", o->settings.exploration, "Chance of a random move while training")
        ->check(number_range(0.0, 1.0));
    cmd->add_option("--batch", o->settings.batch,
                    "Boards per update on every board (default: 16 of 9x9 or smaller; of a larger board as many as hold "
                    "about as many cells, expert's 16x30: 3)")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--steps-per-update", o->settings.steps_per_update, "Moves between updates")
        ->check(CLI::Range(1, 1000));
    cmd->add_option("--window", o->settings.window, "Episodes per point of the learning curve")
        ->check(CLI::Range(1, 1'000'000));
    cmd->callback([o] {
        if (!o->episodes && !o->minutes && !o->cpu_minutes) throw InputError("give --episodes, --minutes or --cpu-minutes");
        o->settings.board = board_settings(o->board);
        o->settings.curriculum = parse_curriculum(o->curriculum, o->settings.board.first_click);
        o->settings.rewards = parse_reward_scheme(o->rewards);
        o->settings.shape.second_look = o->looks == 2;
        Trainer trainer(o->settings);
        const Stopwatch watch;
        const CpuStopwatch cpu_watch;
        train(trainer, *o);
        const double seconds = watch.elapsed_ms() / 1000.0;
        write_file(o->out, learn::save_model({"minesweeper", trainer.network(), trainer.describe()}));
        const std::vector<CurvePoint>& curve = trainer.curve();
        print_json({{"episodes", trainer.episodes()},
                    {"steps", trainer.steps()},
                    {"updates", trainer.updates()},
                    {"seconds", rounded(seconds, 1e2)},
                    {"cpu_seconds", rounded(cpu_watch.elapsed_ms() / 1000.0, 1e2)},
                    {"steps_per_second", rounded(trainer.steps() / std::max(seconds, 1e-9), 1)},
                    {"win_rate", curve.empty() ? 0.0 : rounded(curve.back().win_rate, 1e4)},
                    {"curve", curve_json(curve)},
                    {"weight_hash", learn::hex16(learn::weight_hash(trainer.network()))},
                    {"out", o->out}});
    });
}

}  // namespace minesweeper_cli

void add_minesweeper_commands(CLI::App& app) {
    using namespace minesweeper_cli;
    auto* game = app.add_subcommand("minesweeper", "Minesweeper: board analysis and solver evaluation");
    game->require_subcommand(1);
    add_analyze(*game);
    add_boards(*game);
    add_eval(*game);
    add_timing(*game);
    add_train(*game);
}

}  // namespace gridlab::cli
