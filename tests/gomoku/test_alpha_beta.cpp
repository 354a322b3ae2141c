#include <catch2/catch.hpp>

#include "gomoku/ai.h"
#include "gomoku/alpha_beta.h"
#include "gomoku/helpers.h"

using namespace gridlab::gomoku;
using gomoku_test::at;

namespace {

AlphaBeta searcher(int64_t nodes, int max_depth = 60) {
    AlphaBetaConfig config;
    config.budget = Budget{nodes, 0};
    config.max_depth = max_depth;
    config.table_bits = 16;
    return AlphaBeta(config);
}

// An opening of a 15x15 game: black (X) to move, nothing forced for either side.
const State kOpening = State::parse(
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "......X........\n"
    ".......X.......\n"
    "......OO.......\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n"
    "...............\n");

}  // namespace

TEST_CASE("alpha-beta: makes five, and blocks the opponent's four", "[gomoku]") {
    AlphaBeta ai = searcher(5000);
    // Black to move has four in a row open at one end: five at once, even with white's four on the board.
    const State five = State::parse(
        ".........\n"
        ".XXXX....\n"
        "OOOO.....\n"
        ".........\n"
        ".........\n"
        ".........\n"
        ".........\n"
        ".........\n"
        ".........\n");
    const int five_at = ai.choose(five);
    CHECK((five_at == at(1, 0, 9) || five_at == at(1, 5, 9)));
    // White to move: black's four must be blocked, on the only cell that completes it.
    const State block = State::parse(
        ".........\n"
        "OXXXX....\n"
        ".........\n"
        "....O....\n"
        ".........\n"
        "......O..\n"
        ".........\n"
        ".........\n"
        ".........\n");
    CHECK(ai.choose(block) == at(1, 5, 9));
}

TEST_CASE("alpha-beta: answers an open three on its line, and plays a forced win from the threat search", "[gomoku]") {
    // White to move; black's open three (row 4, columns 5..7) must be answered at one of its ends or
    // with a four; white has none.
    State three = State::parse(
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        ".....XXX.......\n"
        "......O........\n"
        ".......O.......\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n");
    AlphaBeta ai = searcher(20000);
    const int answer = ai.choose(three);
    CHECK((answer == at(4, 4) || answer == at(4, 8) || answer == at(4, 3) || answer == at(4, 9)));
    CHECK(ai.result().win_line.empty());
    // Black to move makes an open four: a forced win, found by the root's threat search.
    three.apply(at(10, 10));
    AlphaBeta attacker = searcher(20000);
    const int win = attacker.choose(three);
    CHECK((win == at(4, 4) || win == at(4, 8)));
    const SearchReport report = attacker.result();
    REQUIRE(report.win_line.size() == 3);
    CHECK(report.win_line.front() == win);
    CHECK(report.candidates.front().action == win);
    CHECK(report.candidates.front().value == 1.0);
}

TEST_CASE("alpha-beta: a fixed node budget gives an exact search, however sliced", "[gomoku]") {
    AlphaBeta whole = searcher(20000);
    const int action = whole.choose(kOpening);
    const SearchReport report = whole.result();
    CHECK(action == at(8, 8));
    CHECK(report.nodes == 20000);
    CHECK(report.depth == 6);
    CHECK(report.principal_line.size() >= 2);
    CHECK(report.principal_line.front() == action);
    CHECK(report.candidates.front().action == action);

    AlphaBeta sliced = searcher(20000);
    sliced.begin(kOpening);
    int slices = 0;
    while (!sliced.finished()) {
        sliced.think(0.0);  // the smallest slice: kStepsPerClockCheck steps
        ++slices;
    }
    CHECK(slices > 100);
    const SearchReport again = sliced.result();
    CHECK(sliced.best_action() == action);
    CHECK(again.nodes == report.nodes);
    CHECK(again.depth == report.depth);
    CHECK(again.principal_line == report.principal_line);
    REQUIRE(again.candidates.size() == report.candidates.size());
    for (size_t i = 0; i < report.candidates.size(); ++i) {
        CHECK(again.candidates[i].action == report.candidates[i].action);
        CHECK(again.candidates[i].visits == report.candidates[i].visits);
        CHECK(again.candidates[i].value == report.candidates[i].value);
    }
}

TEST_CASE("alpha-beta: a depth limit ends the search; the empty board's move is the centre", "[gomoku]") {
    AlphaBeta shallow = searcher(1'000'000, 2);
    shallow.choose(kOpening);
    CHECK(shallow.result().depth == 2);
    CHECK(shallow.result().nodes < 1000);
    // One position searched: the root's first move in the move order, a legal move.
    AlphaBeta hurried = searcher(1);
    CHECK(kOpening.is_legal(hurried.choose(kOpening)));
    CHECK(hurried.result().nodes == 1);
    CHECK(hurried.result().depth == 0);
    AlphaBeta empty = searcher(1000);
    CHECK(empty.choose(State(Settings{15, 5, Rule::Freestyle})) == at(7, 7));
    CHECK(empty.result().nodes == 0);
}

TEST_CASE("alpha-beta: under renju black never plays a forbidden point", "[gomoku]") {
    // Black's double three at (7,7): the threes of row 7 and column 7 meet there. Freestyle black
    // takes it (a winning three-three); under renju it is forbidden and black plays elsewhere.
    const char* board =
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        ".......X.......\n"
        ".......X...O...\n"
        ".....XX.......O\n"
        "..........O....\n"
        "...........O...\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n";
    AlphaBeta freestyle = searcher(20000);
    CHECK(freestyle.choose(State::parse(board, 5, Rule::Freestyle)) == at(7, 7));
    const State renju = State::parse(board, 5, Rule::Renju);
    REQUIRE(renju.is_forbidden(at(7, 7)));
    AlphaBeta ai = searcher(20000);
    const int action = ai.choose(renju);
    CHECK(action != at(7, 7));
    CHECK(renju.is_legal(action));
}

TEST_CASE("alpha-beta: specs, budgets and positions it refuses", "[gomoku]") {
    const AiSpec spec = parse_ai_spec("ab:ms=500,depth=8");
    CHECK(spec.budget.ms == 500);
    CHECK(spec.max_depth == 8);
    CHECK(parse_ai_spec("ab").budget.playouts == kDefaultAlphaBetaNodes);
    CHECK_THROWS_WITH(parse_ai_spec("ab:c=100"), "unknown AI option 'c' (expected playouts, ms or depth)");
    CHECK_THROWS_WITH(parse_ai_spec("ab:depth=0"), "depth: 0 is outside 1..60");
    CHECK_THROWS_WITH(searcher(0), "a search needs a node or time budget");
    const State won = State::parse("XXXXX\nOOOO.\n.....\n.....\n.....\n");
    AlphaBeta ai = searcher(100);
    CHECK_THROWS_WITH(ai.begin(won), "the game is over");
    CHECK_THROWS_WITH(ai.begin(State(Settings{9, 7, Rule::Freestyle})), "alpha-beta needs a win length of 3..6");
    // make_ai builds it; with a node budget, the same answer as built by hand.
    const std::unique_ptr<Search> made = make_ai(parse_ai_spec("ab:playouts=3000"), 1);
    AlphaBetaConfig config;
    config.budget = Budget{3000, 0};
    AlphaBeta direct(config);
    CHECK(made->choose(kOpening) == direct.choose(kOpening));
}
