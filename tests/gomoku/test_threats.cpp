#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gomoku/threats.h"

using namespace gridlab::gomoku;

namespace {

constexpr int kAcross = 0, kDown = 1;

// A 15x15 board from a diagram in its top left corner ('X' black, 'O' white, '.' or '*' empty; the
// '*' is the cell asked about), the stones placed whoever is to move.
struct Diagram {
    ThreatBoard board;
    int star = -1;
};

Diagram diagram(const std::vector<std::string>& rows, Rule rule = Rule::Freestyle) {
    Diagram d{ThreatBoard(State(Settings{15, 5, rule}))};
    for (int r = 0; r < static_cast<int>(rows.size()); ++r)
        for (int c = 0; c < static_cast<int>(rows[r].size()); ++c) {
            const int cell = State::cell_index(r, c);
            if (rows[r][c] == 'X') d.board.play(cell, Stone::Black);
            if (rows[r][c] == 'O') d.board.play(cell, Stone::White);
            if (rows[r][c] == '*') d.star = cell;
        }
    return d;
}

// The pattern black's stone on the '*' makes along the row of a one-row diagram (the row is put on
// row 7, away from the edges, unless it starts with '|': then it starts at the left edge).
std::string across(const std::string& row, Rule rule = Rule::Freestyle) {
    std::vector<std::string> rows(8);
    rows[7] = row[0] == '|' ? row.substr(1) : "..." + row;
    Diagram d = diagram(rows, rule);
    return pattern_name(d.board.pattern(d.star, kAcross, Stone::Black));
}

}  // namespace

TEST_CASE("gomoku threats: line patterns of known shapes", "[gomoku]") {
    CHECK(across("..XX*X...") == "open-four");
    CHECK(across("O.XX*X...") == "open-four");
    CHECK(across(".OXX*X...") == "four");
    CHECK(across("..XX*.X..") == "four");  // XX.X with the gap's neighbour: one winning cell
    CHECK(across("X.X*X.X..") == "double-four");
    CHECK(across("...X*X...") == "open-three");
    CHECK(across("..X.*X...") == "broken-three");
    CHECK(across("..X*.X...") == "broken-three");
    CHECK(across(".OX*X....") == "closed-three");
    CHECK(across("|*XX......") == "closed-three");  // the edge blocks like a stone
    CHECK(across("...X*X..O") == "open-three");     // ..XXX..O: still two ends to open four on
    CHECK(across(".OX*X..O") == "closed-three");    // OXXX..O: a four at most
    CHECK(across("..OX*X.O") == "none");            // OXXX.O: no room for five
    CHECK(across("....*X...") == "two");
    CHECK(across("....*....") == "none");
    CHECK(across("..XXX*...") == "open-four");
    CHECK(across("XXXX*....") == "five");
    CHECK(across("..XXX*XX.") == "five");
    CHECK(across("..O.*.O..") == "none");  // no room for five
}

TEST_CASE("gomoku threats: overlines under the standard rule", "[gomoku]") {
    CHECK(across("..XXX*XX.", Rule::Standard) == "overline");
    CHECK(across("..XXX*X..", Rule::Standard) == "five");
    // XX.*XX: freestyle wins on the gap (six is a five); standard cannot, and the far end makes a four.
    CHECK(across("XX.*XX...") == "four");
    CHECK(across("XX.*XX...", Rule::Standard) == "closed-three");
    // Renju: black as standard, white as freestyle.
    CHECK(across("..XXX*XX.", Rule::Renju) == "overline");
    Diagram white = diagram({"", "", "", "OOO*OO"}, Rule::Renju);
    CHECK(white.board.pattern(white.star, kAcross, Stone::White) == Pattern::Five);
}

TEST_CASE("gomoku threats: a cell's threats over its four lines", "[gomoku]") {
    Diagram four_three = diagram({
        "....O.....",
        "....X.....",
        "....X.....",
        "....X.....",
        ".XX.*.....",
    });
    CHECK(four_three.board.threat(four_three.star, Stone::Black) == Threat::FourThree);
    CHECK(four_three.board.threat(four_three.star, Stone::White) == Threat::None);
    Diagram three_three = diagram({
        "..........",
        "..........",
        "....X.....",
        "....X.....",
        ".XX.*.....",
        "..........",
    });
    CHECK(three_three.board.threat(three_three.star, Stone::Black) == Threat::ThreeThree);
    Diagram four_four = diagram({
        "....O.....",
        "....X.....",
        "....X.....",
        "....X.....",
        "XXX.*.....",
        "..........",
    });
    CHECK(four_four.board.threat(four_four.star, Stone::Black) == Threat::FourFour);
    CHECK(wins_next(Threat::FourFour));
    CHECK_FALSE(wins_next(Threat::FourThree));
}

TEST_CASE("gomoku threats: the codes follow moves and undos exactly", "[gomoku]") {
    Diagram d = diagram({"", "", "", "", "", "", "", "...X*X..."});
    const uint64_t hash = d.board.hash();
    CHECK(d.board.pattern(d.star, kAcross, Stone::Black) == Pattern::OpenThree);
    CHECK(d.board.pattern(d.star, kAcross, Stone::White) == Pattern::None);
    d.board.play(State::cell_index(7, 2), Stone::White);  // OXXX.: blocked on one side
    CHECK(d.board.pattern(d.star, kAcross, Stone::Black) == Pattern::ClosedThree);
    d.board.undo();
    CHECK(d.board.pattern(d.star, kAcross, Stone::Black) == Pattern::OpenThree);
    CHECK(d.board.hash() == hash);
    // The same position built from a State gives the same codes.
    State state(Settings{15, 5, Rule::Freestyle});
    state.apply(7 * 15 + 3);
    state.apply(0);
    state.apply(7 * 15 + 5);
    ThreatBoard from_state(state);
    CHECK(from_state.pattern(d.star, kAcross, Stone::Black) == Pattern::OpenThree);
    // O* against the edge can become a four, never an open three.
    CHECK(from_state.pattern(State::cell_index(0, 1), kAcross, Stone::White) == Pattern::None);
    CHECK(from_state.pattern(State::cell_index(0, 2), kAcross, Stone::White) == Pattern::None);
}

TEST_CASE("gomoku threats: sync takes back to the shared moves and plays the rest", "[gomoku]") {
    State first(Settings{15, 5, Rule::Freestyle}), second(Settings{15, 5, Rule::Freestyle});
    for (int action : {112, 113, 127, 98}) first.apply(action);
    for (int action : {112, 113, 128, 97, 142}) second.apply(action);  // shares the first two moves
    ThreatBoard board(first);
    board.sync(second);
    const ThreatBoard fresh(second);
    CHECK(board.hash() == fresh.hash());
    for (int action = 0; action < 15 * 15; ++action) {
        const int padded = second.to_padded(action);
        REQUIRE(board.at(padded) == fresh.at(padded));
        for (int d = 0; d < 4; ++d)
            for (Stone side : {Stone::Black, Stone::White}) REQUIRE(board.pattern(padded, d, side) == fresh.pattern(padded, d, side));
    }
    board.sync(first);  // and back
    CHECK(board.hash() == ThreatBoard(first).hash());
    CHECK(board.at(second.to_padded(142)) == Stone::Empty);
    CHECK(board.at(first.to_padded(127)) == Stone::Black);
}

TEST_CASE("gomoku threats: win lengths other than five, and where they stop", "[gomoku]") {
    ThreatBoard board(State(Settings{6, 4, Rule::Freestyle}));
    board.play(State::cell_index(2, 1), Stone::Black);
    board.play(State::cell_index(2, 2), Stone::Black);
    CHECK(board.pattern(State::cell_index(2, 3), kAcross, Stone::Black) == Pattern::OpenFour);  // 4 in a row: .XXX..
    CHECK(board.pattern(State::cell_index(2, 0), kAcross, Stone::Black) == Pattern::Four);
    CHECK_FALSE(ThreatBoard::supports(Settings{15, 7, Rule::Freestyle}));
    CHECK_THROWS_WITH(ThreatBoard(State(Settings{15, 7, Rule::Freestyle})), "threat detection needs a win length of 3..6, not 7");
}

TEST_CASE("gomoku threats: renju forbidden points", "[gomoku]") {
    SECTION("double three, double four and overline are forbidden for black only") {
        Diagram three_three = diagram({"", "", "....X.....", "....X.....", ".XX.*....."}, Rule::Renju);
        CHECK(three_three.board.is_forbidden(three_three.star));
        CHECK(three_three.board.allowed(three_three.star, Stone::White));
        Diagram freestyle = diagram({"", "", "....X.....", "....X.....", ".XX.*....."});
        CHECK_FALSE(freestyle.board.is_forbidden(freestyle.star));
        Diagram four_four = diagram({"....O.....", "....X.....", "....X.....", "....X.....", "XXX.*....."}, Rule::Renju);
        CHECK(four_four.board.is_forbidden(four_four.star));
        Diagram one_line = diagram({"", "", "", "X.X*X.X"}, Rule::Renju);  // two fours on one line
        CHECK(one_line.board.is_forbidden(one_line.star));
        Diagram overline = diagram({"", "", "", "XXX*XX"}, Rule::Renju);
        CHECK(overline.board.is_forbidden(overline.star));
        Diagram four_three = diagram({"....O.....", "....X.....", "....X.....", "....X.....", ".XX.*....."}, Rule::Renju);
        CHECK_FALSE(four_three.board.is_forbidden(four_three.star));  // four-three is black's way to win
    }
    SECTION("five wins even when it also makes a double four") {
        Diagram d = diagram({"O...O.....", ".X..X.....", "..X.X.....", "...XX.....", ".XXX*X...."}, Rule::Renju);
        // Across: five; down and down-right: two fours. Five takes precedence.
        CHECK(d.board.pattern(d.star, kAcross, Stone::Black) == Pattern::Five);
        CHECK_FALSE(d.board.is_forbidden(d.star));
    }
    SECTION("a three is not real when the points that make it a straight four are forbidden") {
        // Black at * makes a three across (row 7: X*X) and one down (rows 6-8 of column 6). The across
        // three becomes a straight four only at (7, 4) or (7, 8), and each of those would be an
        // overline down its own column (rows 4-6 and 8-9 hold black): so the across three is not
        // real, and * is a single three, allowed.
        std::vector<std::string> rows = {
            "", "", "", "",
            "....X...X.",
            "....X...X.",
            "....X.X.X.",
            ".....X*X..",
            "....X.X.X.",
            "....X...X.",
        };
        Diagram recursive = diagram(rows, Rule::Renju);
        CHECK(recursive.board.is_forbidden(State::cell_index(7, 4)));
        CHECK(recursive.board.is_forbidden(State::cell_index(7, 8)));
        CHECK(recursive.board.pattern(recursive.star, kAcross, Stone::Black) == Pattern::OpenThree);
        CHECK(recursive.board.pattern(recursive.star, kDown, Stone::Black) == Pattern::OpenThree);
        CHECK_FALSE(recursive.board.is_forbidden(recursive.star));
        // Without the columns that make those points overlines, both threes are real: forbidden.
        rows[4] = rows[5] = rows[9] = "";
        rows[6] = rows[8] = "......X";
        Diagram plain = diagram(rows, Rule::Renju);
        CHECK(plain.board.is_forbidden(plain.star));
    }
}
