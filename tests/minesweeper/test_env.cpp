#include <algorithm>
#include <span>

#include <catch2/catch.hpp>

#include "core/rng.h"
#include "minesweeper/env.h"

using namespace gridlab::minesweeper;
using gridlab::Observation;
using gridlab::StepResult;

namespace {

// Seed 7 on this board lays mines at (1,0) (1,2) (1,3) (4,0); the first step protects its cell.
EnvConfig small_config(RewardScheme rewards, ObservationLayout layout = ObservationLayout::PlayerView) {
    return {{5, 6, 4, FirstClick::Safe}, layout, rewards, 200};
}

// std::ranges::equal is missing from Emscripten 3.1.6's libc++.
template <typename T>
bool same_values(std::span<const T> a, std::span<const T> b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
}
bool same_values(std::span<const float> a, const std::vector<float>& b) { return same_values(a, std::span(b)); }
bool same_mask(std::span<const uint8_t> a, const std::vector<uint8_t>& b) { return same_values(a, std::span(b)); }

// The observation of a view written from scratch, as the layouts are documented in env.h.
std::vector<float> expected_observation(const State& state, ObservationLayout layout) {
    const int size = state.size();
    const int channels = layout == ObservationLayout::PlayerView ? 1 : layout == ObservationLayout::TwoChannel ? 2 : 10;
    std::vector<float> values(static_cast<size_t>(channels) * size, 0.0f);
    for (int i = 0; i < size; ++i) {
        const int v = state.view(i);
        const bool open = v != kHidden;
        if (layout == ObservationLayout::PlayerView) values[i] = static_cast<float>(v);
        if (layout == ObservationLayout::TwoChannel) {
            values[i] = open ? static_cast<float>(v) : 0.0f;
            values[size + i] = open;
        }
        if (layout == ObservationLayout::OneHot) {
            if (open && v >= 0) values[v * size + i] = 1;
            values[9 * size + i] = open;
        }
    }
    return values;
}

}  // namespace

TEST_CASE("seed-000 rewards on a scripted game", "[minesweeper][env]") {
    Env env(small_config(RewardScheme::Seed000));
    env.reset(7);
    StepResult first = env.step(5);  // (0,5) opens a zero region
    CHECK(first.reward == 1.0);
    CHECK(env.info().revealed == 19);
    CHECK_FALSE(first.terminated);
    // Open every other safe cell: +1 each, and +10 (not 11) for the step that wins.
    std::vector<double> rewards;
    for (int cell : {0, 1, 2, 3, 7, 12, 18}) {
        if (env.episode_over() || env.state()->view(cell) != kHidden) continue;
        rewards.push_back(env.step(cell).reward);
    }
    CHECK(rewards == std::vector<double>{1, 1, 1, 1, 1, 1, 10});
    CHECK(env.state()->outcome() == Outcome::Won);
    CHECK_THROWS_AS(env.step(4), gridlab::RefusedStep);
    CHECK_THROWS_WITH(env.step(4), "the episode is over: call reset(seed)");
    CHECK(env.info().outcome == Outcome::Won);

    env.reset(7);
    env.step(0);
    const StepResult boom = env.step(8);  // (1,2) is a mine
    CHECK(boom.reward == -10.0);
    CHECK(boom.terminated);
    CHECK(env.info().outcome == Outcome::Lost);
}

TEST_CASE("the mines are shown when a game ends, won or lost, and never before", "[minesweeper][env]") {
    Env env(small_config(RewardScheme::Seed000));
    CHECK_THROWS_WITH(env.mine_shown(0), "the mines are shown only when a game ends");  // before reset
    env.reset(7);
    env.step(0);
    CHECK_THROWS_WITH(env.mine_shown(6), "the mines are shown only when a game ends");  // during the game
    env.step(8);  // (1,2): lost
    std::vector<int> mines;
    for (int cell = 0; cell < 30; ++cell)
        if (env.mine_shown(cell)) mines.push_back(cell);
    CHECK(mines == std::vector<int>{6, 8, 9, 24});  // (1,0) (1,2) (1,3) (4,0)

    Env limited({{5, 6, 4, FirstClick::Safe}, ObservationLayout::PlayerView, RewardScheme::Seed000, 1});
    limited.reset(7);
    CHECK(limited.step(0).truncated);  // a truncated episode is not a game's end
    CHECK_THROWS_WITH(limited.mine_shown(6), "the mines are shown only when a game ends");
}

TEST_CASE("seed-004 rewards: known safe 1, unknown safe 1.5, end +-10", "[minesweeper][env]") {
    Env env(small_config(RewardScheme::Seed004));
    env.reset(7);
    CHECK(env.step(5).reward == 1.5);   // nothing was known yet
    CHECK(env.step(3).reward == 1.0);   // (0,3): the 1 at (0,4) sees the proven mine (1,3)
    CHECK(env.step(12).reward == 1.5);  // (2,0) is safe but no local rule knew it
    const StepResult boom = env.step(8);
    CHECK(boom.reward == -10.0);        // R_step 0 for a mine, R_end -10

    env.reset(7);
    double last = 0;
    for (int cell = 0; cell < 30 && !env.episode_over(); ++cell)
        if (!env.state()->is_mine(cell) && env.state()->view(cell) == kHidden) last = env.step(cell).reward;
    CHECK(env.state()->outcome() == Outcome::Won);
    CHECK((last == 11.0 || last == 11.5));
}

TEST_CASE("actions map row * cols + col on a non-square board", "[minesweeper][env]") {
    Env env({{3, 7, 0, FirstClick::None}, ObservationLayout::PlayerView, RewardScheme::Seed000, 200});
    env.reset(1);
    CHECK(env.action_count() == 21);
    // No mines: one reveal opens everything, so check the mapping through a flag-free 1-mine board.
    Env one({{3, 7, 1, FirstClick::None}, ObservationLayout::PlayerView, RewardScheme::Seed000, 200});
    one.reset(2);
    int mine = -1;
    for (int i = 0; i < 21; ++i)
        if (one.state()->is_mine(i)) mine = i;
    REQUIRE(mine >= 0);
    one.step(mine);
    CHECK(one.observation().planes[mine] == -1.0f);  // the cell of index row*7+col exploded
    CHECK(one.state()->view().at(mine / 7, mine % 7) == kMine);
}

TEST_CASE("observation layouts, action mask, truncation and refused steps", "[minesweeper][env]") {
    Env two(small_config(RewardScheme::Seed000, ObservationLayout::TwoChannel));
    two.reset(7);
    two.step(0);
    Observation obs = two.observation();
    CHECK(obs.channels == 2);
    CHECK(obs.planes.size() == 60u);
    CHECK(obs.extras.empty());
    CHECK(obs.planes[0] == 1.0f);   // number of (0,0)
    CHECK(obs.planes[30] == 1.0f);  // open mask of (0,0)
    CHECK(obs.planes[1] == 0.0f);
    CHECK(obs.planes[31] == 0.0f);

    Env hot(small_config(RewardScheme::Seed000, ObservationLayout::OneHot));
    hot.reset(7);
    hot.step(5);
    obs = hot.observation();
    CHECK(obs.channels == 10);
    CHECK(obs.planes[0 * 30 + 5] == 1.0f);  // (0,5) shows 0
    CHECK(obs.planes[1 * 30 + 4] == 1.0f);  // (0,4) shows 1
    CHECK(obs.planes[2 * 30 + 13] == 1.0f);  // (2,1) shows 2
    CHECK(obs.planes[9 * 30 + 13] == 1.0f);  // open mask
    CHECK(obs.planes[9 * 30 + 0] == 0.0f);

    Env player(small_config(RewardScheme::Seed000));
    CHECK(player.episode_over());  // before the first reset
    CHECK(same_mask(player.action_mask(), std::vector<uint8_t>(30, 0)));
    player.reset(7);
    CHECK(same_values(player.observation().planes, std::vector<float>(30, 9.0f)));
    CHECK(player.info().revealed == 0);
    player.step(5);
    const std::span<const uint8_t> mask = player.action_mask();
    CHECK(std::count(mask.begin(), mask.end(), 1) == 11);
    CHECK(mask[5] == 0);
    CHECK_THROWS_WITH(player.step(5), "cell (0,5) is already open");
    CHECK(player.info().steps == 1);
    CHECK_THROWS_WITH(player.step(30), "action 30 is outside 0..29");
    CHECK_THROWS_WITH(player.step(-1), "action -1 is outside 0..29");

    Env limited({{5, 6, 4, FirstClick::Safe}, ObservationLayout::PlayerView, RewardScheme::Seed000, 2});
    CHECK_THROWS_WITH(limited.step(0), "call reset(seed) before step()");
    limited.reset(7);
    CHECK_FALSE(limited.step(0).truncated);
    const StepResult second = limited.step(1);
    CHECK(second.truncated);
    CHECK_FALSE(second.terminated);
    CHECK(same_mask(limited.action_mask(), std::vector<uint8_t>(30, 0)));
    CHECK_THROWS_WITH(limited.step(2), "the episode is over: call reset(seed)");

    CHECK(parse_layout("one-hot") == ObservationLayout::OneHot);
    CHECK_THROWS_WITH(parse_reward_scheme("x"), "unknown reward scheme 'x' (expected seed-000 or seed-004)");
    CHECK_THROWS_WITH(Env({{5, 6, 4, FirstClick::Safe}, ObservationLayout::OneHot, RewardScheme::Seed000, 0}),
                      "max_steps: 0 must be at least 1");
}

TEST_CASE("the in-place observation and mask match the state after every step and reset", "[minesweeper][env]") {
    for (const ObservationLayout layout :
         {ObservationLayout::PlayerView, ObservationLayout::TwoChannel, ObservationLayout::OneHot}) {
        Env env({{6, 7, 8, FirstClick::RandomStart}, layout, RewardScheme::Seed000, 200});
        gridlab::Rng rng(3);
        for (int episode = 0; episode < 20; ++episode) {
            env.reset(rng.next_u64());
            CHECK(same_values(env.observation().planes, expected_observation(*env.state(), layout)));
            while (!env.episode_over()) {
                int action;
                do action = static_cast<int>(rng.below(42)); while (env.state()->view(action) != kHidden);
                env.step(action);
                CHECK(same_values(env.observation().planes, expected_observation(*env.state(), layout)));
                std::vector<uint8_t> hidden(42);
                for (int i = 0; i < 42; ++i) hidden[i] = !env.episode_over() && env.state()->view(i) == kHidden;
                CHECK(same_mask(env.action_mask(), hidden));
            }
        }
    }
}

TEST_CASE("a reset after play deals exactly what a new Env deals", "[minesweeper][env]") {
    for (const FirstClick rule : {FirstClick::Safe, FirstClick::Zero, FirstClick::None, FirstClick::RandomStart}) {
        const EnvConfig config{{8, 5, 7, rule}, ObservationLayout::OneHot, RewardScheme::Seed000, 200};
        Env used(config);
        used.reset(11);
        for (int action = 0; action < 40 && !used.episode_over(); action += 3)
            if (used.state()->view(action) == kHidden) used.step(action);
        for (const uint64_t seed : {5u, 11u, 12u}) {
            Env fresh(config);
            fresh.reset(seed);
            used.reset(seed);
            CHECK(same_values(used.observation().planes, fresh.observation().planes));
            CHECK(used.info().revealed == fresh.info().revealed);
            for (const int action : {17, 3, 30}) {
                if (fresh.episode_over() || fresh.state()->view(action) != kHidden) continue;
                const StepResult want = fresh.step(action);
                const StepResult got = used.step(action);
                CHECK(same_values(used.observation().planes, fresh.observation().planes));
                CHECK(got.reward == want.reward);
            }
            CHECK(same_values(used.action_mask(), fresh.action_mask()));
            CHECK(used.state()->view() == fresh.state()->view());
            for (int cell = 0; cell < 40; ++cell) CHECK(used.state()->is_mine(cell) == fresh.state()->is_mine(cell));
        }
    }
}
