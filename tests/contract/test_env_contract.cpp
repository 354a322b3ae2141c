// The environment contract of core/env.h, checked the same way on every game, in the spirit of
// OpenSpiel's random simulation test: seeded random play in which
//   - the mask is exactly the set of actions step() accepts (each action tried on a copy),
//   - a refused step throws RefusedStep and changes nothing,
//   - reset(seed) after play equals a fresh Env reset with that seed,
//   - replaying the actions from reset(seed) reproduces every observation, reward and episode end.
#include <algorithm>
#include <span>
#include <vector>

#include <catch2/catch.hpp>

#include "core/env.h"
#include "core/rng.h"
#include "gomoku/env.h"
#include "minesweeper/env.h"
#include "puyo/env.h"

using gridlab::Observation;
using gridlab::RefusedStep;
using gridlab::StepResult;

namespace {

// Everything the contract lets a player see, copied out of the Env's buffers.
struct Seen {
    int channels, rows, cols;
    std::vector<float> planes, extras;
    std::vector<uint8_t> mask;
    bool over;
    bool operator==(const Seen&) const = default;
};

Seen seen(const gridlab::Env& env) {
    const Observation o = env.observation();
    const std::span<const uint8_t> mask = env.action_mask();
    return {o.channels,
            o.rows,
            o.cols,
            {o.planes.begin(), o.planes.end()},
            {o.extras.begin(), o.extras.end()},
            {mask.begin(), mask.end()},
            env.episode_over()};
}

struct Trace {
    std::vector<Seen> views;  // after reset, then after each step
    std::vector<int> actions;
    std::vector<StepResult> results;
};

int random_legal(std::span<const uint8_t> mask, gridlab::Rng& rng) {
    std::vector<int> legal;
    for (int a = 0; a < static_cast<int>(mask.size()); ++a)
        if (mask[a]) legal.push_back(a);
    return rng.pick(legal);
}

// Plays one seeded random episode, checking the mask and refusals at every step.
template <typename GameEnv>
Trace random_episode(GameEnv& env, uint64_t seed, gridlab::Rng& rng) {
    Trace trace;
    env.reset(seed);
    trace.views.push_back(seen(env));
    const Seen& start = trace.views.back();
    REQUIRE(static_cast<int>(start.mask.size()) == env.action_count());
    REQUIRE(start.planes.size() == static_cast<size_t>(start.channels) * start.rows * start.cols);
    while (!env.episode_over()) {
        const Seen before = seen(env);
        for (int action = -1; action <= env.action_count(); ++action) {
            GameEnv trial = env;
            const bool legal = action >= 0 && action < env.action_count() && before.mask[action];
            if (legal) {
                CHECK_NOTHROW(trial.step(action));
            } else {
                CHECK_THROWS_AS(trial.step(action), RefusedStep);
                CHECK(seen(trial) == before);
            }
        }
        const int action = random_legal(env.action_mask(), rng);
        trace.actions.push_back(action);
        trace.results.push_back(env.step(action));
        trace.views.push_back(seen(env));
        const StepResult& result = trace.results.back();
        CHECK(env.episode_over() == (result.terminated || result.truncated));
    }
    CHECK(std::all_of(trace.views.back().mask.begin(), trace.views.back().mask.end(), [](uint8_t m) { return m == 0; }));
    CHECK_THROWS_AS(env.step(trace.actions.back()), RefusedStep);
    CHECK(seen(env) == trace.views.back());
    return trace;
}

template <typename GameEnv, typename Config>
void check_contract(const Config& config, int episodes) {
    GameEnv env(config);
    CHECK(env.episode_over());  // before the first reset
    CHECK_THROWS_AS(env.step(0), RefusedStep);
    gridlab::Rng rng(2026);
    for (int episode = 0; episode < episodes; ++episode) {
        const uint64_t seed = rng.next_u64();
        const Trace trace = random_episode(env, seed, rng);

        GameEnv fresh(config);
        fresh.reset(seed);
        env.reset(seed);
        CHECK(seen(env) == seen(fresh));
        CHECK(seen(env) == trace.views.front());

        for (size_t i = 0; i < trace.actions.size(); ++i) {
            const StepResult replayed = fresh.step(trace.actions[i]);
            CHECK(replayed.reward == trace.results[i].reward);
            CHECK(replayed.terminated == trace.results[i].terminated);
            CHECK(replayed.truncated == trace.results[i].truncated);
            CHECK(seen(fresh) == trace.views[i + 1]);
        }
    }
}

}  // namespace

TEST_CASE("env contract: Minesweeper, every layout and reward scheme", "[contract]") {
    using namespace gridlab::minesweeper;
    check_contract<Env>(EnvConfig{{6, 5, 5, FirstClick::Safe}, ObservationLayout::PlayerView, RewardScheme::Seed000, 200}, 12);
    check_contract<Env>(EnvConfig{{5, 7, 6, FirstClick::RandomStart}, ObservationLayout::OneHot, RewardScheme::Seed004, 200}, 12);
    check_contract<Env>(EnvConfig{{6, 6, 4, FirstClick::None}, ObservationLayout::TwoChannel, RewardScheme::Seed000, 5}, 12);
}

TEST_CASE("env contract: Puyo, both rule sets", "[contract]") {
    using namespace gridlab::puyo;
    check_contract<Env>(Settings{RuleSet::Tsu, 4, 12}, 6);
    check_contract<Env>(Settings{RuleSet::Tutorial, 3, 0}, 3);
}

TEST_CASE("env contract: Gomoku", "[contract]") {
    using namespace gridlab::gomoku;
    check_contract<Env>(Settings{6, 4, Rule::Freestyle}, 6);
    check_contract<Env>(Settings{5, 5, Rule::Standard}, 4);
    check_contract<Env>(Settings{9, 5, Rule::Renju}, 4);  // the mask leaves out black's forbidden points
}
