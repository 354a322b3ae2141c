#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "gomoku/ai.h"
#include "gomoku/pure_mcts.h"
#include "gomoku/threat_mcts.h"
#include "gomoku/threat_space.h"

using namespace gridlab::gomoku;

namespace {

constexpr int kTacticsPlayouts = 400;
const uint64_t kTacticsSeeds[] = {1, 2, 3, 4, 5};

// The first move (padded) of a VCF for the side to move (the root screening's budget), or -1.
int vcf_move(const State& state) {
    const ThreatResult vcf = find_threat_win(state, state.to_move(), ThreatLimits{false, 10, 2000, 0});
    return vcf.win ? state.to_padded(vcf.line[0]) : -1;
}

int strong_move(const State& state, uint64_t seed, int64_t playouts = kTacticsPlayouts) {
    return make_threat_mcts(Budget{playouts, 0}, seed)->choose(state);
}

int at(const State& state, int row, int col) { return row * state.size() + col; }

// True if the side that just moved has left the opponent (now to move) no move that makes two
// winning threats at once: an open four or a double four.
bool no_double_threat_for(const State& state) {
    int winning[8];
    for (int r = 0; r < state.size(); ++r)
        for (int c = 0; c < state.size(); ++c) {
            const int cell = State::cell_index(r, c);
            if (state.cell(cell) == Stone::Empty && threats_after(state, cell, state.to_move(), winning) >= 2) return false;
        }
    return true;
}

// True if `stone` has an empty cell where its stone would make two open threes at once.
bool has_double_three_point(const State& state, Stone stone) {
    for (int r = 0; r < state.size(); ++r)
        for (int c = 0; c < state.size(); ++c) {
            const int cell = State::cell_index(r, c);
            if (state.cell(cell) == Stone::Empty && makes_double_three(state, cell, stone)) return true;
        }
    return false;
}

}  // namespace

TEST_CASE("gomoku threats: fours and open fours counted from one stone", "[gomoku]") {
    const State s = State::parse(
        "........\n"
        "........\n"
        "..XXX...\n"
        "........\n"
        "........\n"
        "..OO.O..\n"
        "........\n"
        "........\n");
    int winning[8];
    CHECK(threats_after(s, State::cell_index(2, 5), Stone::Black, winning) == 2);  // .XXXX. open four
    CHECK(threats_after(s, State::cell_index(2, 1), Stone::Black, winning) == 2);
    CHECK(threats_after(s, State::cell_index(2, 6), Stone::Black, winning) == 1);  // XXX.X: the gap
    CHECK(winning[0] == State::cell_index(2, 5));
    CHECK(threats_after(s, State::cell_index(5, 4), Stone::White, winning) == 2);  // .OOOO. from the gap
    CHECK(threats_after(s, State::cell_index(3, 3), Stone::Black, winning) == 0);
}

// Expected figures from counting every window of win_length cells on its own (not window from window,
// as the code does): on the first board black's windows sum to 135,808 and white's to 5,088.
TEST_CASE("gomoku evaluation: line potential and shape scores, exact", "[gomoku]") {
    const State eight = State::parse(
        "........\n"
        ".X......\n"
        "..XO....\n"
        "..OX....\n"
        "....X...\n"
        "......O.\n"
        ".......O\n"
        "X.......\n");
    CHECK(line_potential(eight) == Approx(4085.0 / 4403).epsilon(1e-12));  // (135808 - 5088) / (135808 + 5088)
    // White to move: the corner is one end of black's diagonal four; windows past the edge don't count.
    CHECK(shape_score(eight, State::cell_index(0, 0)) == 261);
    CHECK(shape_score(eight, State::cell_index(4, 3)) == 43);
    CHECK(shape_score(eight, State::cell_index(6, 6)) == 95);
    CHECK(shape_score(eight, State::cell_index(3, 5)) == 29);
    CHECK(shape_score(eight, State::cell_index(7, 7)) == 23);
    const State six = State::parse(
        "......\n"
        ".OX...\n"
        "..X...\n"
        "..O...\n"
        "....X.\n"
        "......\n",
        4);
    CHECK(line_potential(six) == Approx(19.0 / 39).epsilon(1e-12));  // black 464, white 160
    CHECK(shape_score(six, State::cell_index(0, 0)) == 5);
    CHECK(shape_score(six, State::cell_index(4, 2)) == 17);
    CHECK(shape_score(six, State::cell_index(1, 3)) == 19);
    CHECK(shape_score(six, State::cell_index(5, 5)) == 21);
    CHECK(shape_score(six, State::cell_index(0, 2)) == 9);
}

// With every tactics seed, the strong AI's move ends the game with a black win.
void check_strong_move_wins_for_black(const State& s) {
    for (uint64_t seed : kTacticsSeeds) {
        State after = s;
        after.apply(strong_move(s, seed));
        CHECK(after.outcome() == Outcome::BlackWins);
    }
}

TEST_CASE("gomoku mcts: always takes a win in one", "[gomoku]") {
    const State s = State::parse(
        "........\n"
        "........\n"
        ".XXXX...\n"
        "..OOO...\n"
        ".....O..\n"
        "........\n"
        "........\n"
        "........\n");
    check_strong_move_wins_for_black(s);
}

TEST_CASE("gomoku mcts: wins rather than blocks when both sides have a four", "[gomoku]") {
    const State s = State::parse(
        "...............\n"
        "...............\n"
        "...............\n"
        "...XXXX........\n"
        "...............\n"
        "...............\n"
        "......O........\n"
        "......O........\n"
        "......O........\n"
        "......O........\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n");
    check_strong_move_wins_for_black(s);
}

TEST_CASE("gomoku mcts: always blocks a four, straight or broken", "[gomoku]") {
    const State straight = State::parse(
        "........\n"
        "OXXXX...\n"
        "........\n"
        "........\n"
        "........\n"
        ".....O..\n"
        "..O.....\n"
        "........\n");
    const State broken = State::parse(
        "O.......\n"
        "........\n"
        "..X.....\n"
        "...X....\n"
        "........\n"
        ".....X..\n"
        "......X.\n"
        "O.....O.\n");
    for (uint64_t seed : kTacticsSeeds) {
        CHECK(strong_move(straight, seed) == at(straight, 1, 5));
        CHECK(strong_move(broken, seed) == at(broken, 4, 4));
    }
}

TEST_CASE("gomoku mcts: meets an open three before it becomes an open four", "[gomoku]") {
    const State solid = State::parse(
        "........\n"
        "........\n"
        "........\n"
        "..OOO...\n"
        "........\n"
        "...X....\n"
        ".X....X.\n"
        "........\n");
    const State split = State::parse(
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "........X......\n"
        ".....OO.O......\n"
        "...............\n"
        "......X........\n"
        "...............\n"
        "...............\n"
        "...............\n"
        ".............X.\n"
        "...............\n");
    for (uint64_t seed : kTacticsSeeds) {
        const int move = strong_move(solid, seed);
        CHECK((move == at(solid, 3, 1) || move == at(solid, 3, 5)));
        State after = split;
        after.apply(strong_move(split, seed));
        CHECK(no_double_threat_for(after));
    }
}

TEST_CASE("gomoku mcts: answers a four-three by blocking the four", "[gomoku]") {
    // White just made a four (row 2) that also completes an open three (column 6): only blocking the
    // four keeps the game going.
    const State s = State::parse(
        "...............\n"
        "...............\n"
        "..XOOOO........\n"
        "......O........\n"
        "......O........\n"
        "...............\n"
        "...X...........\n"
        "....X..........\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "............X..\n"
        ".X.............\n"
        "..............X\n"
        "...............\n");
    for (uint64_t seed : kTacticsSeeds) CHECK(strong_move(s, seed) == at(s, 2, 7));
}

TEST_CASE("gomoku mcts: makes an open four when it has an open three and no threat against it", "[gomoku]") {
    const State s = State::parse(
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "......XXX......\n"
        "...............\n"
        "....O..........\n"
        "......O........\n"
        "........O......\n"
        "...............\n"
        "...............\n"
        "...............\n"
        "...............\n");
    for (uint64_t seed : kTacticsSeeds) {
        const int move = strong_move(s, seed);
        CHECK((move == at(s, 6, 5) || move == at(s, 6, 9)));
    }
}

TEST_CASE("gomoku mcts: stops a point where the opponent would make a four and an open three", "[gomoku]") {
    // White's (5,5) would make the four (5,2..5) and the open three (3..5,5) at once.
    const State s = State::parse(
        "...............\n"
        "...............\n"
        "...............\n"
        ".....O.........\n"
        ".....O.........\n"
        ".XOOO..........\n"
        "...............\n"
        "........X......\n"
        "..........X....\n"
        "...X...........\n"
        "...............\n"
        "...............\n"
        "............X..\n"
        "...............\n"
        "...............\n");
    REQUIRE(s.to_move() == Stone::Black);
    // Taking the point, capping the four's end, or cutting the column next to the pair all work;
    // anything else lets white win.
    const std::set<int> good = {at(s, 5, 5), at(s, 5, 6), at(s, 2, 5), at(s, 6, 5)};
    for (uint64_t seed : kTacticsSeeds) CHECK(good.count(strong_move(s, seed, 3000)) == 1);
}

TEST_CASE("gomoku vcf: finds a win by continuous fours and plays it out against every block", "[gomoku]") {
    // Black to move (from an arena game): no four wins at once, but a line of fours does.
    State s = State::parse(
        "........\n"
        ".O......\n"
        ".XXOXO..\n"
        ".O.XXXOO\n"
        ".O.OXXX.\n"
        "XOOOOX..\n"
        ".O..XXO.\n"
        ".X.X.O..\n");
    REQUIRE(s.to_move() == Stone::Black);
    for (int fours = 0; fours < 10 && !s.is_terminal(); ++fours) {
        const int move = vcf_move(s);
        REQUIRE(move >= 0);
        int winning[8];
        const int threats = threats_after(s, move, Stone::Black, winning);
        s.play(move);
        if (s.is_terminal() || threats >= 2) break;
        REQUIRE(threats == 1);
        s.play(winning[0]);  // white's only move
    }
    int winning[8];
    const bool won = s.outcome() == Outcome::BlackWins ||
                     (s.to_move() == Stone::White && threats_after(s, s.last_move(), Stone::Black, winning) >= 2);
    CHECK(won);
    CHECK(vcf_move(State::parse("........\n........\n........\n...XX...\n...OO...\n........\n........\n........\n")) == -1);
}

TEST_CASE("gomoku threats: open threes and double threes", "[gomoku]") {
    const State s = State::parse(
        "........\n"
        "........\n"
        "...X....\n"
        "...X....\n"
        ".XX.....\n"
        "........\n"
        "O.....O.\n"
        "O.....O.\n");
    const int corner = State::cell_index(4, 3);  // completes the column and the row at once
    CHECK(makes_open_three(s, corner, kDirections[0], Stone::Black));
    CHECK(makes_open_three(s, corner, kDirections[1], Stone::Black));
    CHECK(makes_double_three(s, corner, Stone::Black));
    CHECK_FALSE(makes_open_three(s, State::cell_index(4, 0), kDirections[0], Stone::Black));  // .XXX at the edge
    CHECK_FALSE(makes_double_three(s, State::cell_index(5, 3), Stone::Black));
}

TEST_CASE("gomoku mcts: stops a point where the opponent would make two open threes", "[gomoku]") {
    // Black's (4,3) would make the open threes (2..4,3) and (4,1..3) at once.
    const State s = State::parse(
        ".......X\n"
        "........\n"
        "...X....\n"
        "...X....\n"
        ".XX.....\n"
        "........\n"
        "O.....O.\n"
        "O......O\n");
    REQUIRE(s.to_move() == Stone::White);
    for (uint64_t seed : kTacticsSeeds) {
        State after = s;
        after.apply(strong_move(s, seed));
        CHECK_FALSE(has_double_three_point(after, Stone::Black));
    }
}

TEST_CASE("gomoku mcts: stops a four whose forced block leaves two open threes", "[gomoku]") {
    // From an arena game, white to move: black's (6,5) makes a four down column 5 whose only block is
    // (7,5); then black's (6,6) makes two open threes at once (row 6 and the diagonal up to (3,3)).
    // Unaware of it, mcts played (1,4) here and lost.
    const State s = State::parse(
        "........\n"
        "........\n"
        ".....O..\n"
        ".OXXXXO.\n"
        "..OX.X..\n"
        "..OOOX..\n"
        "....X...\n"
        "........\n");
    REQUIRE(s.to_move() == Stone::White);
    // After white's move, no four of black's may leave black a double three once it is blocked.
    auto black_wins_by_four_then_threes = [](const State& after) {
        int winning[8];
        for (int cell = 0; cell < after.size() * after.size(); ++cell) {
            const int four = after.to_padded(cell);
            if (after.cell(four) != Stone::Empty || threats_after(after, four, Stone::Black, winning) != 1) continue;
            State blocked = after;
            blocked.apply(cell);
            blocked.play(winning[0]);
            if (has_double_three_point(blocked, Stone::Black)) return true;
        }
        return false;
    };
    REQUIRE(black_wins_by_four_then_threes(s));
    for (uint64_t seed : kTacticsSeeds) {
        State after = s;
        after.apply(strong_move(s, seed));
        CHECK_FALSE(black_wins_by_four_then_threes(after));
    }
}

TEST_CASE("gomoku mcts: the root keeps only the moves that leave the opponent no win by fours", "[gomoku]") {
    // Black to move (from an arena game): white threatens a line of fours that the expansion rules do
    // not see (they pass 46 moves, 41 of which lose); 5 moves stop it.
    const State s = State::parse(
        "........\n"
        ".....X..\n"
        "...XO...\n"
        "...OO.X.\n"
        "..OXXOX.\n"
        "...OO...\n"
        "........\n"
        "....X...\n");
    REQUIRE(s.to_move() == Stone::Black);
    const std::unique_ptr<Mcts> ai = make_threat_mcts(Budget{400, 0}, 1);
    ai->begin(s);
    const SearchReport report = ai->result();
    CHECK(report.candidates.size() == 5);
    for (const CandidateStats& candidate : report.candidates) {
        State after = s;
        after.apply(candidate.action);
        CHECK(vcf_move(after) == -1);
    }
}
