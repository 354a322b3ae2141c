// Placements, the pair sequence, the State and the environment.
#include <catch2/catch.hpp>

#include "puyo/env.h"
#include "puyo/helpers.h"

using namespace gridlab::puyo;
using puyo_test::seed_starting_with;

namespace {

// A field whose column heights are `heights`, filled with garbage (which never pops).
Field stacked(RuleSet rules, std::array<int, kColumns> heights) {
    Field field(rules);
    for (int col = 0; col < kColumns; ++col)
        for (int row = 0; row < heights[col]; ++row) field.set(col, row, Puyo::Garbage);
    return field;
}

bool legal(const Field& field, Placement placement) { return legal_action_mask(field) >> action_of(placement) & 1u; }

}  // namespace

TEST_CASE("the 22 placements in the seed's create_action_list order", "[puyo]") {
    CHECK(placement_of(0) == Placement{0, 0});
    CHECK(placement_of(4) == Placement{4, 0});
    CHECK(placement_of(5) == Placement{0, 1});
    CHECK(placement_of(11) == Placement{1, 2});
    CHECK(placement_of(16) == Placement{0, 3});
    CHECK(placement_of(21) == Placement{5, 3});
    for (int action = 0; action < kPlacementCount; ++action) CHECK(action_of(placement_of(action)) == action);
    CHECK(action_of({5, 0}) == -1);  // the child would be outside the field
    CHECK(action_of({0, 2}) == -1);
    CHECK_THROWS_WITH(placement_of(22), "action 22 is outside 0..21");
    CHECK(action_error(-1) == "action -1 is outside 0..21");
    CHECK(action_error(21).empty());
    CHECK(legal_action_mask(Field(RuleSet::Tsu)) == (1u << 22) - 1);
    CHECK(legal_action_mask(Field(RuleSet::Tutorial)) == (1u << 22) - 1);
}

TEST_CASE("placing a pair: rotations put the child right, above, left and below", "[puyo]") {
    const Pair pair{Puyo::Red, Puyo::Green};
    Field field(RuleSet::Tsu);
    place_pair(field, pair, {0, 0});
    place_pair(field, pair, {3, 1});
    place_pair(field, pair, {5, 2});
    place_pair(field, pair, {2, 3});
    CHECK(field.to_lines(2) == std::vector<std::string>{"..RG..", "RGGRGR"});
}

TEST_CASE("tutorial placements keep both puyos inside the 12 rows", "[puyo]") {
    const Field field = stacked(RuleSet::Tutorial, {11, 10, 0, 0, 0, 12});
    CHECK_FALSE(legal(field, {0, 1}));  // the seed lost the upper puyo here
    CHECK_FALSE(legal(field, {0, 3}));
    CHECK(legal(field, {0, 0}));        // side by side on the top row
    CHECK(legal(field, {1, 1}));
    CHECK(legal(field, {1, 2}));
    CHECK_FALSE(legal(field, {5, 1}));  // a full column
    CHECK_FALSE(legal(field, {4, 0}));
    CHECK(legal(field, {4, 1}));
    // A full column is a wall: nothing passes it.
    const Field walled = stacked(RuleSet::Tutorial, {0, 12, 0, 0, 0, 0});
    CHECK_FALSE(legal(walled, {0, 1}));
    CHECK(legal(walled, {2, 2}) == false);
    CHECK(legal(walled, {2, 1}));
}

TEST_CASE("Tsu placements: the hidden row, walls and the 13th-row climb", "[puyo]") {
    SECTION("a pair may land on the hidden row; a puyo above it vanishes") {
        Field field = stacked(RuleSet::Tsu, {0, 0, 0, 12, 0, 0});
        field.set(2, 0, Puyo::Garbage);  // not enough to climb: column 3 stays a wall
        CHECK_FALSE(legal(field, {3, 1}));
        CHECK_FALSE(legal(field, {4, 1}));
        CHECK_FALSE(legal(field, {2, 0}));
        CHECK(legal(field, {1, 0}));
        for (int row = 1; row < 11; ++row) field.set(2, row, Puyo::Garbage);  // column 2 holds 11
        CHECK(legal(field, {3, 1}));  // the climb
        CHECK(legal(field, {5, 1}));
        const Bitboard landed = place_pair(field, {Puyo::Red, Puyo::Blue}, {3, 1});
        CHECK(landed.count() == 1);
        CHECK(field.at(3, 12) == Puyo::Red);
        CHECK(field.height(3) == 13);
        CHECK_FALSE(legal(field, {3, 1}));  // 13 high: a wall
        CHECK_FALSE(legal(field, {4, 3}));
    }
    SECTION("walls at the edges") {
        const Field field = stacked(RuleSet::Tsu, {12, 11, 0, 0, 11, 13});
        CHECK(legal(field, {0, 1}));  // climbing from column 1 (11 high) onto column 0
        CHECK(legal(field, {1, 3}));
        CHECK_FALSE(legal(field, {5, 1}));
        CHECK_FALSE(legal(field, {4, 0}));
        CHECK(legal(field, {4, 1}));
        CHECK(legal(field, {4, 2}));
        CHECK_FALSE(legal(field, {0, 3}));  // the axis above the child would rise to the 14th row
    }
    SECTION("puyoai's field of two 12-high walls (PuyoControllerTest): all but the axis-on-top ones") {
        const Field field = stacked(RuleSet::Tsu, {12, 11, 11, 11, 11, 12});
        for (int action = 0; action < kPlacementCount; ++action) {
            const Placement placement = placement_of(action);
            const bool axis_on_top_of_a_wall = placement.rotation == 3 && (placement.column == 0 || placement.column == 5);
            CHECK(legal(field, placement) == !axis_on_top_of_a_wall);
        }
    }
    SECTION("a quick turn between two 12-high columns lifts the pair over them") {
        const Field field = stacked(RuleSet::Tsu, {0, 12, 5, 12, 0, 0});
        CHECK(legal(field, {1, 1}));
        CHECK(legal(field, {0, 1}));
        CHECK(legal(field, {4, 0}));
        const Field one_side = stacked(RuleSet::Tsu, {0, 12, 5, 11, 0, 0});
        CHECK_FALSE(legal(one_side, {1, 1}));
        CHECK_FALSE(legal(one_side, {0, 1}));
        CHECK(legal(one_side, {4, 0}));
    }
    SECTION("the kick is made on the column just before the 12-high one") {
        // Column 3 (11 high) is reachable but two columns away: the pair sinks over column 4 (10 high).
        CHECK_FALSE(legal(stacked(RuleSet::Tsu, {0, 0, 0, 11, 10, 12}), {5, 1}));
        CHECK(legal(stacked(RuleSet::Tsu, {0, 0, 0, 10, 11, 12}), {5, 1}));
        // Lifted over column 3, the pair stays up over one lower column and passes column 5 too.
        CHECK(legal(stacked(RuleSet::Tsu, {0, 0, 11, 12, 10, 12}), {5, 1}));
        CHECK_FALSE(legal(stacked(RuleSet::Tsu, {0, 0, 11, 10, 10, 12}), {5, 1}));
    }
}

TEST_CASE("the pair sequence is seeded, in range and random access", "[puyo]") {
    for (int colors = 3; colors <= 5; ++colors)
        for (int i = 0; i < 200; ++i) {
            const Pair pair = pair_at(9, colors, i);
            CHECK(static_cast<int>(pair.axis) >= 1);
            CHECK(static_cast<int>(pair.child) <= colors);
        }
    CHECK(pair_at(1, 4, 0) == pair_at(1, 4, 0));
    State state({RuleSet::Tsu, 4, 0}, 5);
    CHECK(state.pair(2) == pair_at(5, 4, 2));
    // A regression pin for the exact sequence, so a replay of (settings, seed, actions) stays valid.
    std::string first;
    for (int i = 0; i < 6; ++i) first += pair_text(pair_at(1, 4, i)) + " ";
    CHECK(first == "YB BB RR YY BB BG ");
}

TEST_CASE("State: game over, illegal moves leave it unchanged, scores add up", "[puyo]") {
    State state({RuleSet::Tsu, 4, 0}, 3);
    const std::string before = state.to_text();
    CHECK(state.apply_error({0, 1}).empty());
    CHECK(state.apply_error({5, 0}) == "placement (column 5, rotation 0) is not legal here");
    CHECK_THROWS_WITH(state.apply({5, 0}), "placement (column 5, rotation 0) is not legal here");
    CHECK(state.to_text() == before);
    CHECK(state.pairs_placed() == 0);

    // Filling the spawn column ends the game.
    State tower({RuleSet::Tsu, 4, 0}, 3, stacked(RuleSet::Tsu, {0, 0, 10, 0, 0, 0}));
    CHECK_FALSE(tower.game_over());
    tower.apply({2, 1});
    CHECK(tower.game_over());
    CHECK(tower.legal_placements().empty());
    CHECK(tower.apply_error({0, 1}) == "the game is over");
    State limited({RuleSet::Tsu, 4, 1}, 3);
    limited.apply({0, 1});
    CHECK(limited.apply_error({0, 1}) == "the pair limit is reached");
    CHECK_THROWS_WITH(tower.apply({0, 1}), "the game is over");

    // Tutorial: a spawn column of 11 between two full ones leaves the pair nowhere: the game is over.
    State boxed({RuleSet::Tutorial, 4, 0}, 3, stacked(RuleSet::Tutorial, {0, 12, 9, 12, 0, 0}));
    CHECK_FALSE(boxed.game_over());
    CHECK(boxed.legal_mask() == (1u << action_of({2, 1})) + (1u << action_of({2, 3})));
    boxed.apply({2, 1});
    CHECK(boxed.field().height(2) == 11);
    CHECK(boxed.legal_mask() == 0u);
    CHECK(boxed.game_over());

    CHECK_THROWS_WITH(State({RuleSet::Tsu, 6, 0}, 1), "colors: 6 is outside 3..5");
    CHECK_THROWS(State({RuleSet::Tsu, 4, 0}, 1, Field(RuleSet::Tutorial)));
}

TEST_CASE("Tsu all clear: 2100 more on the next chain", "[puyo]") {
    const Pair reds{Puyo::Red, Puyo::Red};
    const Pair greens{Puyo::Green, Puyo::Green};
    const uint64_t seed = seed_starting_with({reds, greens, greens});
    Field field(RuleSet::Tsu);
    field.set(0, 0, Puyo::Red);
    field.set(0, 1, Puyo::Red);
    State state({RuleSet::Tsu, 4, 0}, seed, field);
    MoveResult move = state.apply({0, 1});
    CHECK(move.score == 40);
    CHECK(move.all_clear);
    CHECK(state.all_clear_pending());
    CHECK(state.apply({3, 1}).score == 0);  // no chain: the bonus waits
    move = state.apply({3, 3});
    CHECK(move.score == 40 + kAllClearBonus);
    CHECK(move.all_clear);  // emptied again
    CHECK(state.score() == 80 + kAllClearBonus);
    CHECK(state.best_chain_score() == 40 + kAllClearBonus);

    // The tutorial rules have no all clear.
    Field tutorial_field(RuleSet::Tutorial);
    tutorial_field.set(0, 0, Puyo::Red);
    tutorial_field.set(0, 1, Puyo::Red);
    State tutorial({RuleSet::Tutorial, 4, 0}, seed, tutorial_field);
    CHECK(tutorial.apply({0, 1}).score == tutorial_step_score(1, 4, 1));
    CHECK_FALSE(tutorial.all_clear_pending());
}

TEST_CASE("Env: reset, mask, step, reward, truncation and termination", "[puyo]") {
    Env env({RuleSet::Tsu, 4, 3});
    CHECK_THROWS_WITH(env.step(0), "call reset() before step()");
    CHECK(env.episode_over());
    env.reset(11);
    const auto code = [](Puyo puyo) { return static_cast<float>(puyo); };
    gridlab::Observation seen = env.observation();
    CHECK((seen.channels == 1 && seen.rows == 13 && seen.cols == 6));
    REQUIRE(seen.extras.size() == 6u);
    CHECK(seen.extras[0] == code(pair_at(11, 4, 0).axis));
    CHECK(seen.extras[1] == code(pair_at(11, 4, 0).child));
    CHECK(seen.extras[5] == code(pair_at(11, 4, 2).child));
    for (const float cell : seen.planes) CHECK(cell == 0);
    CHECK(env.action_mask()[21]);
    CHECK_THROWS_AS(env.step(22), gridlab::RefusedStep);
    CHECK_THROWS_WITH(env.step(22), "action 22 is outside 0..21");

    gridlab::StepResult result = env.step(action_of({0, 1}));
    seen = env.observation();
    CHECK(seen.planes[12 * 6 + 0] == code(pair_at(11, 4, 0).axis));
    CHECK(seen.planes[11 * 6 + 0] == code(pair_at(11, 4, 0).child));
    CHECK(seen.extras[0] == code(pair_at(11, 4, 1).axis));
    CHECK(env.last_move().chains == 0);
    CHECK_FALSE(result.truncated);
    env.step(action_of({5, 1}));
    result = env.step(action_of({3, 1}));
    CHECK(result.truncated);
    CHECK_FALSE(result.terminated);
    CHECK_THROWS_WITH(env.step(0), "the episode has ended: call reset()");
    env.reset(11);
    CHECK(env.observation().extras[0] == code(pair_at(11, 4, 0).axis));
    CHECK_THROWS_WITH(Env({RuleSet::Tsu, 2, 0}), "colors: 2 is outside 3..5");

    // The tutorial env has 12 rows and the seed's reward for a chain.
    Env tutorial({RuleSet::Tutorial, 4, 0});
    tutorial.reset(1);
    CHECK(tutorial.observation().rows == 12);
}

TEST_CASE("Env: stacking the spawn column terminates the episode", "[puyo]") {
    Env env({RuleSet::Tutorial, 4, 0});
    env.reset(5);
    gridlab::StepResult result;
    int steps = 0;
    while (!result.terminated && steps < 100) {
        result = env.step(action_of({kSpawnColumn, 1}));
        ++steps;
    }
    REQUIRE(result.terminated);
    CHECK_FALSE(result.truncated);
    CHECK(steps <= 10);
    for (const uint8_t legal : env.action_mask()) CHECK_FALSE(legal);
    CHECK_THROWS_WITH(env.step(0), "the episode has ended: call reset()");
}

TEST_CASE("a game started on a floating field lets it settle first", "[puyo]") {
    Field field(RuleSet::Tsu);
    field.set(4, 5, Puyo::Blue);
    const State state({RuleSet::Tsu, 4, 0}, 1, field);
    CHECK(state.field().at(4, 0) == Puyo::Blue);
    CHECK(state.field().height(4) == 1);
}
