#include <algorithm>
#include <span>

#include <catch2/catch.hpp>

#include "gomoku/env.h"

using namespace gridlab::gomoku;
using gridlab::StepResult;

namespace {

bool mask_is(std::span<const uint8_t> mask, const std::vector<uint8_t>& expected) {
    return std::equal(mask.begin(), mask.end(), expected.begin(), expected.end());
}

}  // namespace

TEST_CASE("gomoku env: reset gives an empty board and a full action mask", "[gomoku]") {
    Env env(Settings{6, 4, Rule::Freestyle});
    CHECK(env.episode_over());
    CHECK(mask_is(env.action_mask(), std::vector<uint8_t>(36, 0)));
    CHECK_THROWS_WITH(env.step(0), "call reset() before step()");
    env.reset(42);
    const gridlab::Observation observation = env.observation();
    CHECK((observation.channels == 1 && observation.rows == 6 && observation.cols == 6));
    CHECK(std::all_of(observation.planes.begin(), observation.planes.end(), [](float v) { return v == 0; }));
    CHECK(mask_is(env.action_mask(), std::vector<uint8_t>(36, 1)));
    CHECK(env.seed() == 42);
}

TEST_CASE("gomoku env: step encodes black -1 and white +1, masks taken cells", "[gomoku]") {
    Env env(Settings{6, 4, Rule::Freestyle});
    env.reset(1);
    StepResult first = env.step(0);
    CHECK(env.observation().planes[0] == -1);
    CHECK(first.reward == 0);
    CHECK_FALSE(first.terminated);
    env.step(35);
    CHECK(env.observation().planes[35] == 1);
    CHECK(env.action_mask()[0] == 0);
    CHECK(env.action_mask()[35] == 0);
    CHECK(env.action_mask()[1] == 1);
}

TEST_CASE("gomoku env: the winning step pays +1 to the mover and ends the episode", "[gomoku]") {
    Env env(Settings{6, 4, Rule::Freestyle});
    env.reset(7);
    for (int action : {0, 6, 1, 7, 2, 8}) CHECK(env.step(action).reward == 0);
    const StepResult win = env.step(3);
    CHECK(win.reward == 1);
    CHECK(win.terminated);
    CHECK(env.state().winner() == Stone::Black);
    CHECK(mask_is(env.action_mask(), std::vector<uint8_t>(36, 0)));
    CHECK_THROWS_WITH(env.step(4), "the game is over");
    env.reset(7);
    CHECK(env.state().num_moves() == 0);
}

TEST_CASE("gomoku env: a drawn last step pays 0 and terminates", "[gomoku]") {
    Env env(Settings{5, 5, Rule::Freestyle});
    env.reset(0);
    // The drawn board of the rules test, played row by row in X/O order.
    const char* rows[] = {"XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"};
    std::vector<int> black, white;
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 5; ++c) (rows[r][c] == 'X' ? black : white).push_back(r * 5 + c);
    StepResult last;
    for (size_t i = 0; i < black.size() + white.size(); ++i) last = env.step(i % 2 == 0 ? black[i / 2] : white[i / 2]);
    CHECK(last.terminated);
    CHECK(last.reward == 0);
    CHECK(env.state().outcome() == Outcome::Draw);
}

TEST_CASE("gomoku env: an illegal step throws and changes nothing", "[gomoku]") {
    Env env;
    env.reset(0);
    env.step(10);
    const State before = env.state();
    CHECK_THROWS_AS(env.step(10), gridlab::RefusedStep);
    CHECK_THROWS_WITH(env.step(10), "cell c7 is already taken");
    CHECK_THROWS_WITH(env.step(64), "action 64 is off the board (0..63)");
    CHECK(env.state() == before);
    CHECK(env.observation().planes[10] == -1);
}
