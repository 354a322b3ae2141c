#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "gomoku/ai.h"
#include "gomoku/pure_mcts.h"
#include "gomoku/threat_mcts.h"
#include "gomoku/threat_space.h"
#include "gomoku/threats.h"

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
    const ThreatBoard board(state);
    for (int r = 0; r < state.size(); ++r)
        for (int c = 0; c < state.size(); ++c) {
            const int cell = State::cell_index(r, c);
            if (state.cell(cell) == Stone::Empty && wins_next(board.threat(cell, state.to_move()))) return false;
        }
    return true;
}

// The empty cells (padded) where `stone` would make `threat`.
std::vector<int> cells_making(const ThreatBoard& board, Stone stone, Threat threat) {
    std::vector<int> cells;
    for (int r = 0; r < board.settings().size; ++r)
        for (int c = 0; c < board.settings().size; ++c) {
            const int cell = State::cell_index(r, c);
            if (board.at(cell) == Stone::Empty && board.threat(cell, stone) == threat) cells.push_back(cell);
        }
    return cells;
}

std::vector<int> five_cells(const State& state, Stone stone) { return cells_making(ThreatBoard(state), stone, Threat::Five); }

// True if `stone` has an empty cell where its stone would make two threes at once.
bool has_double_three_point(const State& state, Stone stone) {
    return !cells_making(ThreatBoard(state), stone, Threat::ThreeThree).empty();
}

}  // namespace

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
        s.play(move);
        const std::vector<int> fives = five_cells(s, Stone::Black);
        if (s.is_terminal() || fives.size() >= 2) break;
        REQUIRE(fives.size() == 1);
        s.play(fives[0]);  // white's only move
    }
    const bool won = s.outcome() == Outcome::BlackWins ||
                     (s.to_move() == Stone::White && five_cells(s, Stone::Black).size() >= 2);
    CHECK(won);
    CHECK(vcf_move(State::parse("........\n........\n........\n...XX...\n...OO...\n........\n........\n........\n")) == -1);
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
        const ThreatBoard board(after);
        for (int cell = 0; cell < after.size() * after.size(); ++cell) {
            const int four = after.to_padded(cell);
            const Threat threat = board.threat(four, Stone::Black);
            if (after.cell(four) != Stone::Empty || !is_four(threat) || wins_next(threat)) continue;
            ThreatBoard blocked(after);
            blocked.play(four, Stone::Black);
            blocked.play(cells_making(blocked, Stone::Black, Threat::Five).at(0), Stone::White);
            if (!cells_making(blocked, Stone::Black, Threat::ThreeThree).empty()) return true;
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
    ai->choose(s);
    const SearchReport report = ai->result();
    CHECK(report.candidates.size() == 5);
    for (const CandidateStats& candidate : report.candidates) {
        State after = s;
        after.apply(candidate.action);
        CHECK(vcf_move(after) == -1);
    }
}

TEST_CASE("gomoku mcts: win lengths threats.h does not support get the pure policy", "[gomoku]") {
    // Seven in a row on 9x9: no pattern tables, so the rollouts are uniform; they still find the win.
    State s(Settings{9, 7, Rule::Freestyle});
    const int white_cols[] = {0, 1, 2, 5, 6, 7};  // two threes on the bottom row, far from seven
    for (int col = 0; col < 6; ++col) {
        s.apply(at(s, 0, col));
        s.apply(at(s, 8, white_cols[col]));
    }
    REQUIRE(s.to_move() == Stone::Black);
    REQUIRE_FALSE(ThreatBoard::supports(s.settings()));
    for (uint64_t seed : kTacticsSeeds) CHECK(strong_move(s, seed, 2000) == at(s, 0, 6));
}
