// The AIs: the chain potential, the simple baselines and the beam search (decisions, slices, seeds).
#include <catch2/catch.hpp>

#include <utility>

#include "puyo/beam.h"
#include "puyo/helpers.h"
#include "puyo/pair_file.h"

using namespace gridlab::puyo;
using puyo_test::board;
using puyo_test::kTwoChainReady;
using puyo_test::seed_starting_with;

namespace {

// Stairs (kaidan): each step's three stand one column right of the last and one row higher, the
// fourth puyo of each on the floor beside it; a red on column 0 sets off R, G, B, Y.
const std::string kStairs = board({".GBY..", ".GBY..", "RGBY..", "RRGBY."});

Plan play_out(State& state, Ai& ai) {
    Plan plan;
    while (!state.terminal()) {
        plan = ai.decide(state);
        state.apply(plan.placement);
    }
    return plan;
}

// A game of `settings` and `seed` after `moves` greedy placements: a field with something on it.
State greedy_opening(const Settings& settings, uint64_t seed, int moves) {
    State state(settings, seed);
    for (int move = 0; move < moves; ++move) state.apply_unchecked(GreedyAi().decide(state).placement);
    return state;
}

// A narrow, short search, to play whole games quickly.
BeamOptions narrow_search() {
    BeamOptions options;
    options.width = 16;
    options.depth = 6;
    return options;
}

// The largest chain and the best chain score of a 36-pair Tsu game of `seed`, played by the beam.
std::pair<int, int64_t> largest_chain_of_game(const BeamOptions& options, uint64_t seed) {
    State state({RuleSet::Tsu, 4, 36}, seed);
    BeamAi beam(options, 5);
    play_out(state, beam);
    return {state.max_chain(), state.best_chain_score()};
}

}  // namespace

TEST_CASE("find_potential: the best chain a puyo or two would set off", "[puyo]") {
    const Potential potential = find_potential(Field::parse(kTwoChainReady, RuleSet::Tsu));
    CHECK(potential.chains == 2);
    CHECK(potential.score == 360);
    CHECK(potential.added == 1);
    CHECK(potential.column == 1);
    CHECK(potential.color == Puyo::Red);
    CHECK(find_potential(Field(RuleSet::Tsu)).chains == 0);
    // Two puyos are needed when only a pair touches the landing cells.
    const Potential two = find_potential(Field::parse(board({"BB...."}), RuleSet::Tsu));
    CHECK(two.chains == 1);
    CHECK(two.added == 2);
}

TEST_CASE("evaluate: the stairs 4-chain form scores its chain, its trigger and its shape", "[puyo]") {
    const Field stairs = Field::parse(kStairs, RuleSet::Tsu);
    const EvalWeights w;
    const Evaluation e = evaluate(stairs, w);
    CHECK(e.trigger.chains == 4);
    CHECK(e.trigger.score == 2280);
    CHECK(e.trigger.column == 0);
    CHECK(e.trigger.color == Puyo::Red);
    CHECK(e.trigger.added == 1);
    CHECK(e.trigger_height == 2);
    CHECK(e.room == 0);  // column 1 stands higher than the trigger: no room beside it
    CHECK(e.remaining_link2 == 0);
    CHECK(e.remaining_link3 == 0);  // the chain clears the field
    CHECK(e.link3 == 4);             // each step's three
    CHECK(e.link2 == 0);
    CHECK(e.shape == 7);   // heights 2 4 4 4 1 0 against the slope 1 1 1 -1 -1 -1 around the mean 2
    CHECK(e.well == 3);    // column 0 two below column 1, column 5 one below column 4
    CHECK(e.bump == 0);
    CHECK(e.form == -100);  // not a GTR: the form's "G" (column 0-1, row 1) mixes red and green
    CHECK(e.danger == 0);
    CHECK(e.value == 4 * w.chain + 2 * w.trigger_height + 1 * w.key + 4 * w.link3 + 7 * w.shape + 3 * w.well - 100 * w.form);
    CHECK(evaluate(Field(RuleSet::Tsu)).trigger.chains == 0);
}

TEST_CASE("evaluate: the chain's points count once the field holds 60 puyos", "[puyo]") {
    // The stairs of the test above, 15 puyos, on 7 rows that hold no two touching puyos of a colour,
    // with a column of the same beside them: 63 puyos, the stairs still the chain (4 chains, 2280).
    const Field full = Field::parse(board({".....G", ".....R", ".GBY.G", ".GBY.R", "RGBY.G", "RRGBYR",
                                           "BYRGBY", "RGBYRG", "BYRGBY", "RGBYRG", "BYRGBY", "RGBYRG",
                                           "BYRGBY"},
                                          13),
                                    RuleSet::Tsu);
    REQUIRE(full.count() == 63);
    const Field stairs = Field::parse(kStairs, RuleSet::Tsu);
    EvalWeights without;
    without.chain_score = 0;
    const EvalWeights with;  // chain_score 40 per 1000 points
    const Evaluation e = evaluate(full, with);
    CHECK(e.trigger.chains == 4);
    CHECK(e.trigger.score == 2280);
    CHECK(e.trigger.column == 0);
    CHECK(e.value - evaluate(full, without).value == 2 * with.chain_score);
    // Under 60 puyos the points do not count: fat middle links would take the later links' puyos.
    CHECK(evaluate(stairs, with).value == evaluate(stairs, without).value);
}

TEST_CASE("evaluate: a GTR opening matches the form", "[puyo]") {
    // The bottom of a GTR: the turning R, the G pair with its tail, B above.
    const Field gtr = Field::parse(board({"BBB...", "RGY...", "RRGY..", "GGY..."}), RuleSet::Tsu);
    CHECK(evaluate(gtr).form == 2 * 3 + 1 * 4 + 2 * 3);
    const Field broken = Field::parse(board({"BBB...", "RGY...", "RRGY..", "RRY..."}), RuleSet::Tsu);
    CHECK(evaluate(broken).form == -100);
}

TEST_CASE("evaluate: danger counts the rows the spawn column stands above 10 (Tsu) or 9 (tutorial)", "[puyo]") {
    // Column 2 (the spawn column) of alternating red and green, nothing else.
    const auto danger = [](RuleSet rules, int height) {
        std::vector<std::string> rows;
        for (int row = height - 1; row >= 0; --row) rows.push_back(row % 2 ? "..G..." : "..R...");
        return evaluate(Field::parse(board(rows), rules)).danger;
    };
    CHECK(danger(RuleSet::Tsu, 10) == 0);
    CHECK(danger(RuleSet::Tsu, 11) == 1);
    CHECK(danger(RuleSet::Tutorial, 9) == 0);
    CHECK(danger(RuleSet::Tutorial, 10) == 1);
    CHECK(danger(RuleSet::Tutorial, 11) == 2);
}

TEST_CASE("greedy takes the best immediate score", "[puyo]") {
    const uint64_t seed = seed_starting_with({{Puyo::Red, Puyo::Blue}});
    State state({RuleSet::Tsu, 4, 0}, seed, Field::parse(kTwoChainReady, RuleSet::Tsu));
    GreedyAi greedy;
    const Plan plan = greedy.decide(state);
    CHECK(plan.firing);
    CHECK(plan.expected_chain == 2);
    CHECK(state.apply(plan.placement).score == 360);
}

TEST_CASE("random plays legal moves, reproducibly from its seed", "[puyo]") {
    auto play = [](uint64_t ai_seed) {
        State state({RuleSet::Tutorial, 3, 40}, 8);
        RandomAi ai(ai_seed);
        play_out(state, ai);
        return state.to_text();
    };
    CHECK(play(4) == play(4));
    CHECK(play(4) != play(5));
}

TEST_CASE("beam fires its chain when the game is about to end", "[puyo]") {
    const uint64_t seed = seed_starting_with({{Puyo::Red, Puyo::Blue}});
    const Field field = Field::parse(kTwoChainReady, RuleSet::Tsu);
    BeamAi beam({}, 1);
    State last_pair({RuleSet::Tsu, 4, 1}, seed, field);
    const Plan plan = beam.decide(last_pair);
    CHECK(plan.firing);
    CHECK(plan.expected_chain == 2);
    CHECK(last_pair.apply(plan.placement).score == 360);
    // With 30 pairs to go it keeps building instead.
    State early({RuleSet::Tsu, 4, 30}, seed, field);
    CHECK_FALSE(beam.decide(early).firing);
}

TEST_CASE("beam fires its chain when the field is about to die", "[puyo]") {
    // Column 2 holds 11 and columns 3-5 are walls of 13: only column 1 is left, and a puyo on it
    // covers the trigger (a red at column 1, row 8) of the 2-chain R, G in columns 0-1.
    const Field field = Field::parse(board({"...OOO", "G..OOO", "G.OOOO", "G.OOOO", "R.OOOO", "R.OOOO", "RGOOOO",
                                             "OOOOOO", "OOOOOO", "OOOOOO", "OOOOOO", "OOOOOO", "OOOOOO"},
                                            13),
                                      RuleSet::Tsu);
    REQUIRE(field.height(kSpawnColumn) == 11);
    const uint64_t seed = seed_starting_with({{Puyo::Red, Puyo::Blue}, {Puyo::Blue, Puyo::Blue}});
    State state({RuleSet::Tsu, 4, 0}, seed, field);
    const Plan plan = BeamAi({}, 1).decide(state);
    CHECK(plan.firing);
    CHECK(plan.expected_chain == 2);
    CHECK(state.apply(plan.placement).chains == 2);
}

TEST_CASE("beam in slices decides exactly as in one call", "[puyo]") {
    BeamOptions options;
    options.width = 12;
    options.depth = 4;
    const State state = greedy_opening({RuleSet::Tsu, 4, 0}, 21, 8);
    BeamAi whole(options, 3), sliced(options, 3);
    const Plan expected = whole.decide(state);
    sliced.begin(state);
    int slices = 0;
    while (!sliced.finished()) {
        sliced.think(0);  // one parent field per slice
        ++slices;
    }
    const Plan plan = sliced.result();
    CHECK(slices > 4);
    CHECK(plan.placement == expected.placement);
    CHECK(plan.path == expected.path);
    CHECK(plan.nodes == expected.nodes);
    CHECK(plan.path.size() == 3);
}

TEST_CASE("beam: a node budget bounds the search, bad options are refused", "[puyo]") {
    BeamOptions options;
    options.max_nodes = 50;
    BeamAi beam(options, 1);
    const Plan plan = beam.decide(State({RuleSet::Tsu, 4, 0}, 2));
    CHECK(plan.nodes >= 50);
    CHECK(plan.nodes < 50 + 22 * 2);
    options.width = 0;
    CHECK_THROWS_WITH(BeamAi(options, 1), "beam width: 0 is outside 1..10000");
    CHECK_THROWS_WITH(make_ai("clever", 1, {}), "unknown AI 'clever' (expected random, greedy or beam)");
}

TEST_CASE("a seeded beam game is exactly reproducible", "[puyo]") {
    // Pins the whole decision path (evaluation, beam, firing at the end): native and WebAssembly
    // builds must both reach exactly this game.
    State state({RuleSet::Tsu, 4, 36}, 77);
    BeamAi beam(narrow_search(), 5);
    const Plan last = play_out(state, beam);
    CHECK(state.pairs_placed() == 36);
    CHECK(last.firing);
    CHECK(state.max_chain() == 10);
    CHECK(state.best_chain_score() == 41380);
    CHECK(state.score() == 42340);
}

TEST_CASE("beam credits the chain a line still holds at its horizon, and so builds a bigger one", "[puyo]") {
    // A narrow, short search (with 0% it sees only the chains fired within its 6 pairs).
    BeamOptions options = narrow_search();
    options.futures = Futures::Random;
    options.samples = 3;
    options.held_percent = 0;
    CHECK(largest_chain_of_game(options, 77) == std::pair{9, int64_t{57400}});
    options.held_percent = 60;
    CHECK(largest_chain_of_game(options, 77) == std::pair{12, int64_t{68720}});
    options.held_percent = 101;
    CHECK_THROWS_WITH(BeamAi(options, 1), "beam held percent: 101 is outside 0..100");
}

TEST_CASE("beam aims at its goal: a chain that reaches it is worth waiting for", "[puyo]") {
    // A goal the narrow search's chains can reach. Without it this game fires a 9-chain worth
    // 38,040; with it the search holds on and fires a 10-chain that just reaches the goal.
    BeamOptions options = narrow_search();
    options.goal_score = 0;
    CHECK(largest_chain_of_game(options, 20) == std::pair{9, int64_t{38040}});
    options.goal_score = 50000;
    CHECK(largest_chain_of_game(options, 20) == std::pair{10, int64_t{50030}});
    options.goal_score = -1;
    CHECK_THROWS_WITH(BeamAi(options, 1), "beam limits must not be negative");
}

TEST_CASE("beam with several sampled futures votes for a legal, reproducible move", "[puyo]") {
    BeamOptions options;
    options.width = 8;
    options.depth = 5;
    options.futures = Futures::Random;
    options.samples = 3;
    const State state = greedy_opening({RuleSet::Tsu, 4, 0}, 31, 6);
    const Plan first = BeamAi(options, 9).decide(state);
    const Plan again = BeamAi(options, 9).decide(state);
    CHECK(state.is_legal(first.placement));
    CHECK(first.placement == again.placement);
    CHECK(first.nodes == again.nodes);
    options.samples = 1;
    CHECK(BeamAi(options, 9).decide(state).nodes < first.nodes);
}

TEST_CASE("the beam's fixed futures: every pairing of two colours, round and round", "[puyo]") {
    const auto cycle = [](int colors, int index) {
        std::vector<Pair> pairs;
        for (int k = 0; k < 4; ++k) pairs.push_back(cycle_pair(colors, index, k));
        return pair_line(pairs);
    };
    CHECK(cycle_count(3) == 3);
    CHECK(cycle_count(4) == 6);
    CHECK(cycle_count(5) == 10);
    CHECK(cycle(4, 0) == "RG BY RG BY");
    CHECK(cycle(4, 2) == "RY GB RY GB");
    CHECK(cycle(4, 5) == "BY RG BY RG");
    CHECK(cycle(3, 0) == "RG BR GB RG");
    CHECK(cycle(3, 2) == "GB RG BR GB");
    CHECK(cycle(5, 9) == "YP RG BY PR");
    // No pair repeats a colour, and each colour comes back within `colors` pairs.
    for (int colors = 3; colors <= kMaxColors; ++colors)
        for (int index = 0; index < cycle_count(colors); ++index)
            for (int k = 0; k < 2 * colors; ++k) {
                const Pair pair = cycle_pair(colors, index, k);
                CHECK(pair.axis != pair.child);
                CHECK(pair == cycle_pair(colors, index, k + colors));
            }
}

TEST_CASE("beam searches every fixed future, whatever --samples says", "[puyo]") {
    BeamOptions options;
    options.width = 8;
    options.depth = 5;
    State state({RuleSet::Tsu, 4, 0}, 31);
    const Plan six = BeamAi(options, 9).decide(state);
    options.samples = 1;
    const Plan again = BeamAi(options, 2).decide(state);
    CHECK(again.placement == six.placement);
    CHECK(again.nodes == six.nodes);
    options.futures = Futures::Random;
    CHECK(BeamAi(options, 9).decide(state).nodes < six.nodes);
}

TEST_CASE("beam samples more random futures near the end while a chain is at stake, for the same work", "[puyo]") {
    // 4 pairs left: depth 8 with 2 futures of 5 sampled pairs each is the work of 10 futures of one.
    BeamOptions deep;
    deep.width = 8;
    deep.depth = 8;
    deep.samples = 2;
    BeamOptions short_horizon = deep;
    short_horizon.depth = 4;
    short_horizon.futures = Futures::Random;
    short_horizon.samples = 10;
    const auto ending = [](int garbage_rows) {
        const std::vector<std::string> rows(static_cast<size_t>(garbage_rows), "OOOOOO");
        return State({RuleSet::Tsu, 4, 4}, 31, Field::parse(board(rows), RuleSet::Tsu));
    };
    const State half_full = ending(6);
    REQUIRE(half_full.field().count() == 36);
    REQUIRE(half_full.pairs_left() == 4);
    const Plan ten = BeamAi(short_horizon, 9).decide(half_full);
    const Plan scaled = BeamAi(deep, 9).decide(half_full);
    CHECK(scaled.nodes == ten.nodes);
    CHECK(scaled.placement == ten.placement);
    short_horizon.samples = 2;
    CHECK(BeamAi(short_horizon, 9).decide(half_full).nodes < ten.nodes);
    // Below half full (the chain has fired, or never grew) the end keeps `samples` futures.
    const State emptier = ending(5);
    CHECK(BeamAi(deep, 9).decide(emptier).nodes == BeamAi(short_horizon, 9).decide(emptier).nodes);
}

TEST_CASE("beam weighs random futures once it sees the game's last pair", "[puyo]") {
    // The cycles would promise every trigger within two pairs; at the end that hope costs the chain.
    BeamOptions cycles;
    cycles.width = 8;
    cycles.depth = 5;
    BeamOptions random = cycles;
    random.futures = Futures::Random;
    const State ending = greedy_opening({RuleSet::Tsu, 4, 11}, 31, 6);
    REQUIRE(ending.pairs_left() == 5);
    const Plan seen = BeamAi(cycles, 9).decide(ending);
    CHECK(seen.nodes == BeamAi(random, 9).decide(ending).nodes);
    CHECK(seen.placement == BeamAi(random, 9).decide(ending).placement);
    const State open = greedy_opening({RuleSet::Tsu, 4, 12}, 31, 6);
    REQUIRE(open.pairs_left() == 6);
    CHECK(BeamAi(cycles, 9).decide(open).nodes > BeamAi(random, 9).decide(open).nodes);
}
