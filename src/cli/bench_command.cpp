// gridlab bench: how fast every environment and AI runs, as one JSON object.
//
// Each item is a fixed, seeded piece of work: the same steps, games, moves and playouts natively and
// in WebAssembly, so the two builds' times compare directly (scripts/bench.sh prints the ratios).
// An item runs its work once to warm up (caches, allocator pools, V8 compiling wasm to its optimised
// tier), then kTimedRuns more times, and reports the median run: one run disturbed by another
// process on the machine does not move it.
#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include "cli/commands.h"
#include "core/env.h"
#include "core/rng.h"
#include "core/time_budget.h"
#include "gomoku/ai.h"
#include "gomoku/az_network.h"
#include "gomoku/env.h"
#include "minesweeper/env.h"
#include "minesweeper/learner.h"
#include "minesweeper/play.h"
#include "puyo/beam.h"
#include "puyo/env.h"

namespace gridlab::cli {

// Named: the command line is built as one file (a unity build, CMakeLists.txt).
namespace bench_cli {

constexpr int kTimedRuns = 5;
constexpr uint64_t kSeed = 1;

// The work of one run, per second of --seconds: chosen so that the warm-up and the timed runs of an
// item take about --seconds natively on the machine of docs/benchmarks.md. It depends on nothing
// measured, so both builds do exactly the same work for the same --seconds.
constexpr double kMinesweeperStepsPerSecond = 4'000'000;
constexpr double kExpertGamesPerSecond = 150;
constexpr double kLearnerEpisodesPerSecond = 30;
constexpr double kPuyoStepsPerSecond = 1'500'000;
constexpr double kBeamMovesPerSecond = 100;
constexpr double kGomokuStepsPerSecond = 25'000'000;
constexpr double kPlayoutsPerSecond = 250'000;
constexpr double kAzEvaluationsPerSecond = 5'000;

int64_t work_per_run(double seconds, double per_second) {
    return std::max<int64_t>(1, std::llround(seconds * per_second / (kTimedRuns + 1)));
}

// Milliseconds per unit of work: the median of kTimedRuns runs after a warm-up. Each call of
// run_work() does the same seeded work and returns how many units it did.
template <typename RunWork>
double median_ms_per_unit(RunWork&& run_work) {
    run_work();
    std::array<double, kTimedRuns> ms_per_unit{};
    for (double& ms : ms_per_unit) {
        const Stopwatch watch;
        const int64_t units = run_work();
        ms = watch.elapsed_ms() / static_cast<double>(units);
    }
    std::nth_element(ms_per_unit.begin(), ms_per_unit.begin() + kTimedRuns / 2, ms_per_unit.end());
    return ms_per_unit[kTimedRuns / 2];
}

int64_t per_second(double ms_per_unit) { return std::llround(1000.0 / ms_per_unit); }
double milliseconds(double ms) { return std::round(ms * 1000) / 1000; }

// A uniformly random legal action: uniform draws over all actions until the Env's action mask allows
// one (rejection sampling, exactly uniform over the legal ones). It costs the agent a couple of
// draws on average here, instead of a scan of the whole mask per step, so the time measured is the
// environment's.
int random_legal_action(std::span<const uint8_t> mask, Rng& rng) {
    const auto actions = static_cast<uint64_t>(mask.size());
    int action;
    do action = static_cast<int>(rng.below(actions)); while (!mask[action]);
    return action;
}

// A new episode seeded from `rng`. Seed 000's random start can open a whole beginner board, a won
// episode with no step to take: such a deal is replaced by the next one.
void start_episode(gridlab::Env& env, Rng& rng) {
    do env.reset(rng.next_u64());
    while (env.episode_over());
}

// Random play through an Env for `steps` steps, a new episode whenever one ends: resets count in the
// time, as in the Python anchors, but not as steps. A template over the game's Env (each is `final`)
// so that the calls are direct, as a learner's would be.
template <typename GameEnv>
int64_t random_env_steps(GameEnv& env, int64_t steps) {
    Rng rng(kSeed);
    start_episode(env, rng);
    for (int64_t step = 0; step < steps; ++step) {
        const StepResult result = env.step(random_legal_action(env.action_mask(), rng));
        if (result.terminated || result.truncated) start_episode(env, rng);
    }
    return steps;
}

nlohmann::ordered_json bench_minesweeper(double seconds) {
    using namespace gridlab::minesweeper;
    // Beginner with seed 000's rules: the mines laid at once and a random safe cell opened.
    minesweeper::Env env({level_settings("beginner", FirstClick::RandomStart), ObservationLayout::PlayerView, RewardScheme::Seed000});
    const int64_t steps = work_per_run(seconds, kMinesweeperStepsPerSecond);
    const double step_ms = median_ms_per_unit([&] { return random_env_steps(env, steps); });

    EvalSettings expert;
    expert.solver = "probability";
    expert.settings = level_settings("expert", FirstClick::Safe);
    expert.first_cell = 0;  // the corner
    expert.games = static_cast<int>(work_per_run(seconds, kExpertGamesPerSecond));
    expert.seed = kSeed;
    const double game_ms = median_ms_per_unit([&] { return evaluate(expert).games; });

    // The learner's default training on beginner from a fresh network: steps with learning.
    const int64_t episodes = work_per_run(seconds, kLearnerEpisodesPerSecond);
    const double train_step_ms = median_ms_per_unit([&] {
        Trainer trainer(TrainSettings{});
        trainer.train_until(episodes);
        return trainer.steps();
    });
    return {{"env_steps_per_s", per_second(step_ms)},
            {"expert_ms_per_game", milliseconds(game_ms)},
            {"train_steps_per_s", per_second(train_step_ms)}};
}

nlohmann::ordered_json bench_puyo(double seconds) {
    using namespace gridlab::puyo;
    const Settings tsu{RuleSet::Tsu, 4, 0};
    puyo::Env env(tsu);
    const int64_t steps = work_per_run(seconds, kPuyoStepsPerSecond);
    const double step_ms = median_ms_per_unit([&] { return random_env_steps(env, steps); });

    // The beam plays the opening moves of one seeded game: the same fields every run.
    const int64_t moves = work_per_run(seconds, kBeamMovesPerSecond);
    const double move_ms = median_ms_per_unit([&] {
        State state(tsu, kSeed);
        BeamAi beam(BeamOptions{}, kSeed);
        int64_t played = 0;
        for (; played < moves && !state.terminal(); ++played) state.apply(beam.decide(state).placement);
        return played;
    });
    return {{"env_steps_per_s", per_second(step_ms)}, {"beam_ms_per_move", milliseconds(move_ms)}};
}

nlohmann::ordered_json bench_gomoku(double seconds) {
    using namespace gridlab::gomoku;
    gomoku::Env env(Settings{15, kDefaultWinLength, Rule::Freestyle});
    const int64_t steps = work_per_run(seconds, kGomokuStepsPerSecond);
    const double step_ms = median_ms_per_unit([&] { return random_env_steps(env, steps); });

    AiSpec spec = parse_ai_spec("pure-mcts");
    spec.budget = Budget{work_per_run(seconds, kPlayoutsPerSecond), 0};
    const double playout_ms = median_ms_per_unit([&] {
        const std::unique_ptr<Search> search = make_ai(spec, kSeed);
        search->choose(State(Settings{8, kDefaultWinLength, Rule::Freestyle}));
        return search->result().playouts;
    });

    // The AlphaZero network (default shape, seeded weights) on a 6x6 opening position, one at a time
    // as the search asks.
    AzNetwork network(Settings{6, 4, Rule::Freestyle}, AzShape{});
    Rng init(kSeed);
    network.init(init);
    State opening(Settings{6, 4, Rule::Freestyle});
    for (const int action : {14, 15, 20, 9}) opening.apply(action);
    const int64_t evaluations = work_per_run(seconds, kAzEvaluationsPerSecond);
    const double evaluation_ms = median_ms_per_unit([&] {
        for (int64_t i = 0; i < evaluations; ++i) network.evaluate(opening);
        return evaluations;
    });
    return {{"env_steps_per_s", per_second(step_ms)},
            {"pure_mcts_playouts_per_s", per_second(playout_ms)},
            {"az_evaluations_per_s", per_second(evaluation_ms)}};
}

}  // namespace bench_cli

void add_bench_command(CLI::App& app) {
    using namespace bench_cli;
    auto* command = app.add_subcommand("bench", "Speed of every environment and AI (seeded work, median of runs)");
    auto seconds = std::make_shared<double>(2.0);
    command->add_option("--seconds", *seconds, "about how long each of the eight items runs natively")
        ->check(number_range(0.001, 3600.0));
    command->callback([seconds] {
#ifdef __EMSCRIPTEN__
        const char* build = "wasm";
#else
        const char* build = "native";
#endif
        // In the order rather than print_json's sorted keys: people read this one.
        const nlohmann::ordered_json doc = {{"minesweeper", bench_minesweeper(*seconds)},
                                            {"puyo", bench_puyo(*seconds)},
                                            {"gomoku", bench_gomoku(*seconds)},
                                            {"build", build}};
        std::cout << doc.dump() << '\n';
    });
}

}  // namespace gridlab::cli
