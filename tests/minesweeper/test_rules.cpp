#include <catch2/catch.hpp>

#include "core/text.h"
#include "minesweeper/rules.h"

using namespace gridlab::minesweeper;

namespace {

// The cells a reveal of `start` must open, computed independently from the mines: a breadth-first
// walk through zeros (the numbers are recounted here, not taken from the State).
std::vector<int> expected_opening(const State& state, int start) {
    const int rows = state.rows(), cols = state.cols();
    auto mines_around = [&](int cell) {
        int count = 0;
        for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc) {
                const int r = cell / cols + dr, c = cell % cols + dc;
                if ((dr || dc) && r >= 0 && r < rows && c >= 0 && c < cols) count += state.is_mine(r * cols + c);
            }
        return count;
    };
    std::vector<int> opened{start}, seen(state.size(), 0);
    seen[start] = 1;
    for (size_t head = 0; head < opened.size(); ++head) {
        const int cell = opened[head];
        if (mines_around(cell) != 0) continue;
        for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc) {
                const int r = cell / cols + dr, c = cell % cols + dc;
                if ((dr || dc) && r >= 0 && r < rows && c >= 0 && c < cols && !seen[r * cols + c]) {
                    seen[r * cols + c] = 1;
                    opened.push_back(r * cols + c);
                }
            }
    }
    std::sort(opened.begin(), opened.end());
    return opened;
}

std::vector<int> open_cells(const State& state) {
    std::vector<int> cells;
    for (int i = 0; i < state.size(); ++i)
        if (state.view(i) >= 0 && state.view(i) <= 8) cells.push_back(i);
    return cells;
}

}  // namespace

TEST_CASE("levels and first-click names", "[minesweeper][rules]") {
    const Settings expert = level_settings("expert");
    CHECK(expert.rows == 16);
    CHECK(expert.cols == 30);
    CHECK(expert.mines == 99);
    CHECK(level_settings("intermediate").mines == 40);
    CHECK(level_settings("beginner", FirstClick::Zero).first_click == FirstClick::Zero);
    CHECK_THROWS_WITH(level_settings("hard"), "unknown level 'hard' (expected beginner, intermediate or expert)");
    CHECK(parse_first_click("random-start") == FirstClick::RandomStart);
    CHECK(first_click_name(FirstClick::Zero) == "zero");
    CHECK_THROWS_WITH(validate(Settings{65, 10, 5, FirstClick::Safe}), "board size 65x10 is outside 1x1..64x64");
    CHECK_THROWS_WITH(validate(Settings{3, 3, 1, FirstClick::Zero}),
                      "mines: 1 is outside 0..0 on a 3x3 board (a zero first click keeps a 3x3 area free of mines)");
    CHECK_THROWS_WITH(validate(Settings{9, 9, 81, FirstClick::Safe}),
                      "mines: 81 is outside 0..80 on a 9x9 board (the first click keeps one cell free of mines)");
    // Issue 23: a board smaller than the zero start's 3x3 area said "mines: 0 is outside 0..0".
    CHECK_THROWS_WITH(validate(Settings{2, 2, 0, FirstClick::Zero}),
                      "mines: a zero first click keeps a 3x3 area free of mines, more than the 2x2 board has");
    CHECK_NOTHROW(validate(Settings{64, 64, 4087, FirstClick::Zero}));
}

TEST_CASE("a seed fixes the mines and the render is seed 000's", "[minesweeper][rules]") {
    State state({5, 6, 4, FirstClick::Safe}, 7);
    CHECK_FALSE(state.mines_laid());
    state.reveal(0);
    CHECK(state.render() ==
          "1 H H H H H\nH H H H H H\nH H H H H H\nH H H H H H\nH H H H H H\n");
    std::string layout;
    for (int i = 0; i < state.size(); ++i) layout += state.is_mine(i) ? '*' : '.';
    CHECK(layout == "......" "*.**.." "......" "......" "*.....");
    // The same seed and actions replay the same game.
    State again({5, 6, 4, FirstClick::Safe}, 7);
    again.reveal(0);
    CHECK(again.view() == state.view());
}

TEST_CASE("flood fill opens the zero region and its border, iteratively", "[minesweeper][rules]") {
    for (uint64_t seed = 1; seed <= 30; ++seed) {
        State state({16, 30, 40, FirstClick::Zero}, seed);
        const int start = 5 * 30 + 12;
        state.reveal(start);
        CHECK(state.view(start) == 0);
        CHECK(open_cells(state) == expected_opening(state, start));
    }
    // A 64x64 board with one mine opens almost everything in one reveal without recursion.
    State big({64, 64, 1, FirstClick::Safe}, 5);
    big.reveal(64 * 64 - 1);
    CHECK(big.outcome() == Outcome::Won);
}

TEST_CASE("first-click rules", "[minesweeper][rules]") {
    for (uint64_t seed = 0; seed < 100; ++seed) {
        State safe({9, 9, 70, FirstClick::Safe}, seed);
        safe.reveal(40);
        CHECK(safe.view(40) != kMine);
        CHECK_FALSE(safe.is_mine(40));

        State zero({9, 9, 72, FirstClick::Zero}, seed);
        zero.reveal(40);
        CHECK(zero.view(40) == 0);
        for (int cell : {30, 31, 32, 39, 41, 48, 49, 50}) CHECK(zero.view(cell) != kHidden);
    }
    // none: the mines are there before the click, so a click can lose at once.
    int lost = 0;
    for (uint64_t seed = 0; seed < 20; ++seed) {
        State none({9, 9, 70, FirstClick::None}, seed);
        CHECK(none.mines_laid());
        none.reveal(40);
        lost += none.outcome() == Outcome::Lost;
    }
    CHECK(lost == 19);
    // random-start: a random safe cell is opened (and flood-filled) by the constructor.
    State start({9, 9, 10, FirstClick::RandomStart}, 3);
    CHECK(start.random_start_cell() == 7);
    CHECK(start.view(7) == 1);
    CHECK(open_cells(start) == std::vector<int>{7});
    for (uint64_t seed = 0; seed < 50; ++seed) {
        State s({9, 9, 10, FirstClick::RandomStart}, seed);
        CHECK_FALSE(s.is_mine(s.random_start_cell()));
        CHECK(open_cells(s) == expected_opening(s, s.random_start_cell()));
    }
}

TEST_CASE("flags, chords, win and loss", "[minesweeper][rules]") {
    State state({5, 6, 4, FirstClick::Safe}, 7);  // mines at (1,0) (1,2) (1,3) (4,0)
    state.reveal(0);
    CHECK_THROWS_WITH(state.chord(0), "chord on (0,0) needs 1 flags around it, found 0");
    state.toggle_flag(6);  // (1,0)
    CHECK(state.view(6) == kFlag);
    CHECK(state.render().substr(12, 1) == "H");  // flags render as hidden, as in seed 000
    CHECK_THROWS_WITH(state.reveal(6), "cell (1,0) is flagged: unflag it before revealing");
    state.chord(0);  // opens (0,1) and (1,1)
    CHECK(state.view(1) == 2);
    CHECK(state.view(7) == 2);
    CHECK_THROWS_WITH(state.reveal(1), "cell (0,1) is already open");
    CHECK_THROWS_WITH(state.toggle_flag(1), "cell (0,1) is open and cannot be flagged");
    CHECK_THROWS_WITH(state.reveal(30), "cell 30 is outside the 5x6 board (0..29)");
    // Open every safe cell: the game is won.
    for (int i = 0; i < state.size(); ++i)
        if (!state.is_mine(i) && state.view(i) == kHidden) state.reveal(i);
    CHECK(state.outcome() == Outcome::Won);
    CHECK_THROWS_WITH(state.reveal(8), "the game is over (won)");

    State lose({5, 6, 4, FirstClick::Safe}, 7);
    lose.reveal(0);
    const State before = lose;
    lose.reveal(8);  // (1,2) is a mine
    CHECK(lose.outcome() == Outcome::Lost);
    CHECK(lose.view(8) == kMine);
    CHECK(lose.render().substr(16, 1) == "M");
    CHECK(before.outcome() == Outcome::Playing);  // a State is a value: the copy did not change
}

TEST_CASE("the analysis form and its errors", "[minesweeper][rules]") {
    const Position position = parse_position("1F.\n12.\n", 2);
    CHECK(position.cells.rows() == 2);
    CHECK(position.cells.at(0, 1) == kFlag);
    CHECK(position.cells.at(0, 2) == kHidden);
    CHECK(position.cells.at(1, 1) == 2);
    CHECK(analysis_text(position) == "1F.\n12.\n");

    CHECK_THROWS_WITH(parse_position("1F.\n12\n", 2), "line 2: row has 2 cells, expected 3 like the first row");
    CHECK_THROWS_WITH(parse_position("1F.\n1x.\n", 2), "line 2, column 2: unexpected 'x' (allowed: .F012345678)");
    CHECK_THROWS_WITH(parse_position("FF.\n...\n", 1), "the board has 2 flags but only 1 mines");
    CHECK_THROWS_WITH(parse_position("1F\nF.\n", 2), "line 1, column 1: the 1 has 2 flags around it");
    CHECK_THROWS_WITH(parse_position("3.\n11\n", 1), "line 1, column 1: the 3 has only 1 hidden or flagged cells around it");
    CHECK_THROWS_WITH(parse_position("1.\n11\n", 2), "2 mines do not fit in the 1 hidden or flagged cells");
    CHECK_THROWS_AS(parse_position("", 0), gridlab::ParseError);
}
