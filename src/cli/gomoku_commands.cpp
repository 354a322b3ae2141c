// gridlab gomoku: an AI's move for a position, arenas between AIs, a throughput benchmark, the
// Gomocup brain protocol, and AlphaZero training.
#include <cmath>
#include <functional>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "core/time_budget.h"
#include "learn/model_file.h"
#include "cli/progress.h"
#include "gomoku/ai.h"
#include "gomoku/az_trainer.h"
#include "gomoku/pbrain.h"
#include "gomoku/rules.h"

namespace gridlab::cli {

// Named: the command line is built as one file (a unity build, CMakeLists.txt).
namespace gomoku_cli {

using namespace gridlab::gomoku;

// Dividing by a power of ten (not multiplying by 0.1) gives the double nearest the decimal, which
// prints without a tail of digits.
double round_to(double value, double scale) { return std::round(value * scale) / scale; }

nlohmann::json winner_json(const State& state) {
    if (!state.is_terminal()) return nullptr;
    if (state.outcome() == Outcome::Draw) return "draw";
    return std::string(1, stone_char(state.winner()));
}

nlohmann::json point_json(int action, int size) { return {action / size, action % size}; }

struct MoveOptions {
    std::string ai = "mcts";
    int64_t playouts = 0;
    int ms = 0;
    int64_t nodes = SearchConfig{}.max_nodes;
    std::string rule = "freestyle";
    int win_length = kDefaultWinLength;
    uint64_t seed = 1;
};

void run_move(const MoveOptions& options) {
    AiSpec spec = parse_ai_spec(options.ai);
    if (options.playouts > 0 || options.ms > 0) spec.budget = Budget{options.playouts, static_cast<double>(options.ms)};
    spec.max_nodes = options.nodes;
    State state = State::parse(read_stdin(), options.win_length, parse_rule(options.rule));
    if (state.is_terminal()) throw InputError("the position is already finished (winner: " +
                                              winner_json(state).dump() + "): there is no move to make");
    const std::unique_ptr<Search> ai = make_ai(spec, options.seed);
    const int action = ai->choose(state);
    const SearchReport report = ai->result();
    state.apply(action);
    nlohmann::json candidates = nlohmann::json::array();
    for (const CandidateStats& candidate : report.candidates) {
        if (candidates.size() == 10) break;
        candidates.push_back({{"move", point_json(candidate.action, state.size())},
                              {"visits", candidate.visits},
                              {"value", round_to(candidate.value, 1000)}});
    }
    auto notation = [&](const std::vector<int>& actions) {
        nlohmann::json line = nlohmann::json::array();
        for (int step : actions) line.push_back(to_notation(step, state.size()));
        return line;
    };
    print_json({{"move", point_json(action, state.size())},
                {"notation", to_notation(action, state.size())},
                {"winner", winner_json(state)},
                {"playouts", report.playouts},
                {"ms", round_to(report.ms, 10)},
                {"screen_ms", round_to(report.screen_ms, 10)},
                {"threat_nodes", report.threat_nodes},
                {"depth", report.depth},
                {"candidates", candidates},
                {"principal_line", notation(report.principal_line)},
                {"win_line", notation(report.win_line)},
                {"threat_line", notation(report.threat_line)}});
}

struct ArenaOptions {
    std::string black, white;
    int size = kDefaultSize;
    int win_length = kDefaultWinLength;
    std::string rule = "freestyle";
    int games = 10;
    uint64_t seed = 1;
    bool swap = false;
    bool show_moves = false;
    int jobs = 1;
};

// One game between two AIs, black first, to the end.
State play_game(const Settings& settings, const AiSpec& black, const AiSpec& white, Rng rng) {
    const std::unique_ptr<Search> black_ai = make_ai(black, rng.next_u64());
    const std::unique_ptr<Search> white_ai = make_ai(white, rng.next_u64());
    State state(settings);
    while (!state.is_terminal())
        state.apply((state.to_move() == Stone::Black ? black_ai : white_ai)->choose(state));
    return state;
}

void run_arena(const ArenaOptions& options) {
    if (options.black == options.white)
        throw InputError("--black and --white are the same SPEC; results are keyed by SPEC, so make them differ");
    const AiSpec first = parse_ai_spec(options.black), second = parse_ai_spec(options.white);
    const Settings settings{options.size, options.win_length, parse_rule(options.rule)};
    validate(settings);
    // +1: the --black SPEC won game i, -1: the --white SPEC won, 0: a draw.
    std::vector<int> results(static_cast<size_t>(options.games));
    std::vector<std::string> records(static_cast<size_t>(options.games));
    parallel_for(options.games, options.jobs, [&](int game) {
        const bool swapped = options.swap && game % 2 == 1;
        const State end = play_game(settings, swapped ? second : first, swapped ? first : second,
                                    Rng::for_stream(options.seed, static_cast<uint64_t>(game)));
        const int black_result = end.winner() == Stone::Black ? 1 : end.winner() == Stone::White ? -1 : 0;
        results[static_cast<size_t>(game)] = swapped ? -black_result : black_result;
        std::string& record = records[static_cast<size_t>(game)];
        for (int i = 0; i < end.num_moves(); ++i) {
            if (i > 0) record += ' ';
            record += to_notation(end.move(i), end.size());
        }
    });
    int first_wins = 0, second_wins = 0, draws = 0;
    for (int result : results) (result > 0 ? first_wins : result < 0 ? second_wins : draws)++;
    nlohmann::json doc = {{"games", options.games},
                          {"results",
                           {{options.black, {{"wins", first_wins}, {"losses", second_wins}, {"draws", draws}}},
                            {options.white, {{"wins", second_wins}, {"losses", first_wins}, {"draws", draws}}}}}};
    if (options.show_moves) doc["moves"] = records;
    print_json(doc);
}

struct BenchOptions {
    std::string ai = "pure-mcts";
    int size = kDefaultSize;
    int64_t playouts = 20000;
    uint64_t seed = 1;
};

// Playouts per second from the empty board, the throughput figure of the README.
void run_bench(const BenchOptions& options) {
    AiSpec spec = parse_ai_spec(options.ai);
    spec.budget = Budget{options.playouts, 0};
    const State state(Settings{options.size, kDefaultWinLength, Rule::Freestyle});
    const std::unique_ptr<Search> ai = make_ai(spec, options.seed);
    Stopwatch watch;
    const int action = ai->choose(state);
    const double ms = watch.elapsed_ms();
    const SearchReport report = ai->result();
    print_json({{"ai", spec.name},
                {"size", options.size},
                {"playouts", report.playouts},
                {"ms", round_to(ms, 10)},
                {"playouts_per_second", std::llround(static_cast<double>(report.playouts) * 1000.0 / ms)},
                {"nodes", report.nodes},
                {"move", point_json(action, options.size)}});
}

struct TrainOptions {
    AzTrainSettings settings;  // the flags' values; run_train's: the board's lesson with the flags given
    std::optional<int64_t> games;
    std::optional<double> minutes;
    std::string out;
    // Each setting's flag: copies its value into the run's settings if it was given.
    std::vector<std::function<void(AzTrainSettings& run, AzTrainSettings& flags)>> given;
};

// The flag of one setting (field(settings) is the setting), which replaces the lesson's value when given.
template <typename Field>
CLI::Option* add_setting(CLI::App* cmd, TrainOptions& o, const std::string& flag, Field field, const std::string& help) {
    CLI::Option* option = cmd->add_option(flag, field(o.settings), help);
    o.given.push_back([option, field](AzTrainSettings& run, AzTrainSettings& flags) {
        if (option->count() > 0) field(run) = field(flags);
    });
    return option;
}

nlohmann::json evaluations_json(const std::vector<AzEvaluationPoint>& evaluations) {
    nlohmann::json list = nlohmann::json::array();
    for (const AzEvaluationPoint& e : evaluations)
        list.push_back({{"games", e.games},
                        {"opponent", std::string(e.opponent.ai) + ":playouts=" + std::to_string(e.opponent.playouts)},
                        {"wins", e.wins},
                        {"draws", e.draws},
                        {"losses", e.losses},
                        {"win_ratio", round_to(e.win_ratio(), 1000)}});
    return list;
}

nlohmann::json az_curve_json(const std::vector<AzCurvePoint>& curve) {
    nlohmann::json games = nlohmann::json::array(), policy = nlohmann::json::array(), value = nlohmann::json::array(),
                   moves = nlohmann::json::array();
    for (const AzCurvePoint& point : curve) {
        games.push_back(point.games);
        policy.push_back(round_to(point.policy_loss, 1e4));
        value.push_back(round_to(point.value_loss, 1e4));
        moves.push_back(round_to(point.moves, 10));
    }
    return {{"games", games}, {"policy_loss", policy}, {"value_loss", value}, {"moves", moves}};
}

// Self-play with progress on stderr (train_in_chunks), then the model file and the JSON summary.
void run_train(TrainOptions& o) {
    if (!o.games && !o.minutes) throw InputError("give --games or --minutes");
    AzTrainer trainer(o.settings);
    const int64_t target = o.games.value_or(0);
    const double seconds = o.minutes.value_or(0) * 60.0;
    Progress progress("games", target, seconds, o.settings.window, true);  // minutes of CPU: a busy machine does not shorten them
    const auto extra = [&] {
        const auto& evaluations = trainer.evaluations();
        if (evaluations.empty()) return std::string();
        const AzEvaluationPoint& last = evaluations.back();
        return "vs " + std::string(last.opponent.ai) + ":" + std::to_string(last.opponent.playouts) + " " +
               std::to_string(std::lround(last.win_ratio() * 100)) + "%";
    };
    train_in_chunks(trainer, progress, target, seconds, 1, [&] { return trainer.games(); }, extra);
    write_file(o.out, learn::save_model(trainer.to_model(trainer.describe())));
    print_json({{"size", o.settings.board.size},
                {"win", o.settings.board.win_length},
                {"games", trainer.games()},
                {"moves", trainer.moves()},
                {"updates", trainer.updates()},
                {"seconds", round_to(progress.seconds(), 100)},
                {"games_per_second", round_to(trainer.games() / std::max(progress.seconds(), 1e-9), 1000)},
                {"curve", az_curve_json(trainer.curve())},
                {"evaluations", evaluations_json(trainer.evaluations())},
                {"weight_hash", learn::hex16(trainer.network().weight_hash())},
                {"out", o.out}});
}

void add_train(CLI::App& gomoku) {
    auto o = std::make_shared<TrainOptions>();
    TrainOptions& t = *o;
    CLI::App* cmd = gomoku.add_subcommand("train", "AlphaZero: train a policy-value network by self-play (settings not given: the "
                                                   "Learn screen's lesson for the board)");
    cmd->add_option("--size", t.settings.board.size, "board size")->check(CLI::Range(kAzMinSize, kAzMaxSize));
    cmd->add_option("--win", t.settings.board.win_length, "stones in a row to win")->check(CLI::Range(kAzMinWin, kAzMaxWin));
    auto* games = cmd->add_option("--games", t.games, "self-play games (the same weights everywhere)")
                      ->check(CLI::Range(int64_t{1}, int64_t{10'000'000}));
    auto* minutes = cmd->add_option("--minutes", t.minutes, "or: minutes of CPU time to train (weights depend on the machine)")
                        ->check(number_range(0.001, 100000.0));
    games->excludes(minutes);
    cmd->add_option("--seed", t.settings.seed, "seed of the weights and the games")->required()->check(seed_check());
    cmd->add_option("--out", t.out, "where to write the model file")->required();
    using S = AzTrainSettings;
    add_setting(cmd, t, "--playouts", [](S& s) -> auto& { return s.playouts; }, "search playouts per self-play move")
        ->check(CLI::Range(int64_t{1}, int64_t{100'000}));
    add_setting(cmd, t, "--channels", [](S& s) -> auto& { return s.shape.channels; }, "channels of each trunk layer")->check(CLI::Range(1, 128));
    add_setting(cmd, t, "--layers", [](S& s) -> auto& { return s.shape.layers; }, "3x3 convolutions in the trunk")->check(CLI::Range(1, 8));
    add_setting(cmd, t, "--policy-planes", [](S& s) -> auto& { return s.shape.policy_planes; },
                "planes before the policy head's dense layer (0: none, a 1x1 convolution)")->check(CLI::Range(0, 8));
    add_setting(cmd, t, "--learning-rate", [](S& s) -> auto& { return s.learning_rate; }, "Adam's step size")->check(number_range(1e-6, 1.0));
    add_setting(cmd, t, "--temperature-moves", [](S& s) -> auto& { return s.temperature_moves; },
                "self-play moves drawn in proportion to visits")->check(CLI::Range(0, 225));
    add_setting(cmd, t, "--batch", [](S& s) -> auto& { return s.batch; }, "samples per update")->check(CLI::Range(1, 4096));
    add_setting(cmd, t, "--updates-per-game", [](S& s) -> auto& { return s.updates_per_game; }, "updates after each game")
        ->check(CLI::Range(0, 1000));
    add_setting(cmd, t, "--buffer", [](S& s) -> auto& { return s.replay_capacity; }, "replay buffer, samples")->check(CLI::Range(1, 1'000'000));
    add_setting(cmd, t, "--eval-every", [](S& s) -> auto& { return s.eval_every; }, "games between evaluations (0: none)")
        ->check(CLI::Range(0, 1'000'000));
    add_setting(cmd, t, "--eval-games", [](S& s) -> auto& { return s.eval_games; }, "games per evaluation")->check(CLI::Range(1, 1000));
    cmd->callback([o] {
        AzTrainSettings run = lesson_settings(o->settings.board);
        run.seed = o->settings.seed;
        for (const auto& take : o->given) take(run, o->settings);
        o->settings = run;
        run_train(*o);
    });
}

}  // namespace gomoku_cli

void add_gomoku_commands(CLI::App& app) {
    using namespace gomoku_cli;
    CLI::App* gomoku = app.add_subcommand("gomoku", "Gomoku: AI moves, arenas, benchmark, Gomocup protocol");
    gomoku->require_subcommand(1);

    auto move_options = std::make_shared<MoveOptions>();
    CLI::App* move = gomoku->add_subcommand("move", "The AI's move for the position on stdin (X black, O white, . empty)");
    move->add_option("--ai", move_options->ai, "pure-mcts, mcts, ab or az (or a SPEC like mcts:ms=200, ab:depth=8, az:model=FILE)");
    auto* playouts = move->add_option("--playouts", move_options->playouts, "playout budget (reproducible)")->check(CLI::Range(int64_t{1}, int64_t{100'000'000}));
    move->add_option("--ms", move_options->ms, "time budget in milliseconds")->check(CLI::Range(1, 3'600'000))->excludes(playouts);
    move->add_option("--nodes", move_options->nodes, "node budget")->check(CLI::Range(int64_t{1 + kMaxCells}, int64_t{100'000'000}));
    move->add_option("--rule", move_options->rule, "freestyle (five or more), standard (exactly five) or renju");
    move->add_option("--win-length", move_options->win_length, "stones in a row to win")->check(CLI::Range(3, kMaxSize));
    move->add_option("--seed", move_options->seed, "random seed")->check(seed_check());
    move->callback([move_options] { run_move(*move_options); });

    auto arena_options = std::make_shared<ArenaOptions>();
    CLI::App* arena = gomoku->add_subcommand("arena", "Games between two AIs, e.g. --black mcts:ms=200 --white pure-mcts:playouts=1000");
    arena->add_option("--black", arena_options->black, "SPEC of the first AI (black in even games)")->required();
    arena->add_option("--white", arena_options->white, "SPEC of the second AI")->required();
    arena->add_option("--size", arena_options->size, "board size")->check(CLI::Range(kMinSize, kMaxSize));
    arena->add_option("--win-length", arena_options->win_length, "stones in a row to win")->check(CLI::Range(3, kMaxSize));
    arena->add_option("--rule", arena_options->rule, "freestyle, standard or renju");
    arena->add_option("--games", arena_options->games, "number of games")->check(CLI::Range(1, 100000));
    arena->add_option("--seed", arena_options->seed, "random seed (game i uses stream i)")->check(seed_check());
    arena->add_flag("--swap", arena_options->swap, "alternate colours: the SPECs swap in odd games");
    arena->add_flag("--moves", arena_options->show_moves, "also print each game's moves (h8 notation)");
    arena->add_option("--jobs", arena_options->jobs, "games played at once (natively)")->check(CLI::Range(1, 64));
    arena->callback([arena_options] { run_arena(*arena_options); });

    auto bench_options = std::make_shared<BenchOptions>();
    CLI::App* bench = gomoku->add_subcommand("bench", "Playouts per second from the empty board");
    bench->add_option("--ai", bench_options->ai, "pure-mcts or mcts");
    bench->add_option("--size", bench_options->size, "board size")->check(CLI::Range(kMinSize, kMaxSize));
    bench->add_option("--playouts", bench_options->playouts, "playouts to run")->check(CLI::Range(int64_t{1}, int64_t{100'000'000}));
    bench->add_option("--seed", bench_options->seed, "random seed")->check(seed_check());
    bench->callback([bench_options] { run_bench(*bench_options); });

    auto brain_options = std::make_shared<PbrainOptions>();
    CLI::App* pbrain = gomoku->add_subcommand("pbrain", "Play through the Gomocup (Piskvork) protocol on stdin/stdout");
    pbrain->add_option("--playouts", brain_options->playouts, "fixed playouts per move instead of the manager's time")->check(CLI::Range(int64_t{1}, int64_t{100'000'000}));
    pbrain->add_option("--seed", brain_options->seed, "random seed")->check(seed_check());
    pbrain->add_option("--ai", brain_options->ai, "SPEC of the AI (default ab), e.g. mcts, az:model=FILE,playouts=400 (a budget in it replaces the manager's time)");
    pbrain->callback([brain_options] {
        if (!brain_options->ai.empty()) make_ai(parse_ai_spec(brain_options->ai), brain_options->seed);  // bad SPEC or model: exit 2 now
        run_pbrain(std::cin, std::cout, *brain_options);
    });

    add_train(*gomoku);
}

}  // namespace gridlab::cli
