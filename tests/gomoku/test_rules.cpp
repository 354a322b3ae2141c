#include <catch2/catch.hpp>
#include <string>

#include "core/text.h"
#include "gomoku/rules.h"

using namespace gridlab;
using namespace gridlab::gomoku;

namespace {
// Plays "row,col" moves in order, alternating colours from black.
State play(const Settings& settings, std::initializer_list<std::pair<int, int>> moves) {
    State state(settings);
    for (auto [r, c] : moves) state.apply(r * settings.size + c);
    return state;
}
}  // namespace

TEST_CASE("gomoku: a new board is empty, black to move, every cell legal", "[gomoku]") {
    const State state;
    CHECK(state.size() == 8);
    CHECK(state.to_move() == Stone::Black);
    CHECK(state.legal_actions().size() == 64);
    CHECK(state.to_text() == std::string(8, '.') + "\n" + std::string(8, '.') + "\n" + std::string(8, '.') + "\n" +
                                 std::string(8, '.') + "\n" + std::string(8, '.') + "\n" + std::string(8, '.') + "\n" +
                                 std::string(8, '.') + "\n" + std::string(8, '.') + "\n");
}

TEST_CASE("gomoku: five in a row wins in each direction, detected from the last move", "[gomoku]") {
    const Settings settings{8, 5, Rule::Freestyle};
    // Black builds a line, white plays far away on row 7 / row 0 where it cannot win.
    SECTION("horizontal, last stone in the middle") {
        State s = play(settings, {{3, 1}, {7, 0}, {3, 2}, {7, 2}, {3, 4}, {7, 4}, {3, 5}, {7, 6}});
        CHECK_FALSE(s.is_terminal());
        s.apply(3 * 8 + 3);
        CHECK(s.outcome() == Outcome::BlackWins);
        CHECK(s.winner() == Stone::Black);
    }
    SECTION("vertical, along the left edge") {
        State s = play(settings, {{0, 0}, {0, 7}, {1, 0}, {1, 7}, {2, 0}, {2, 7}, {3, 0}, {4, 6}});
        s.apply(4 * 8 + 0);
        CHECK(s.outcome() == Outcome::BlackWins);
    }
    SECTION("down-right diagonal, ending in the bottom-right corner") {
        State s = play(settings, {{3, 3}, {0, 7}, {4, 4}, {1, 7}, {5, 5}, {2, 7}, {6, 6}, {3, 7}});
        s.apply(7 * 8 + 7);
        CHECK(s.outcome() == Outcome::BlackWins);
    }
    SECTION("down-left diagonal, white wins touching the top-right corner") {
        State s = play(settings, {{7, 0}, {0, 7}, {7, 1}, {1, 6}, {7, 3}, {2, 5}, {6, 0}, {3, 4}, {5, 0}});
        s.apply(4 * 8 + 3);
        CHECK(s.outcome() == Outcome::WhiteWins);
        CHECK(s.winner() == Stone::White);
    }
    SECTION("a line broken by the edge does not wrap to the next row") {
        // Black on (2,5),(2,6),(2,7) and (3,0),(3,1): five consecutive cells in memory, not in a row.
        State s = play(settings, {{2, 5}, {6, 0}, {2, 6}, {6, 2}, {2, 7}, {6, 4}, {3, 0}, {6, 6}});
        s.apply(3 * 8 + 1);
        CHECK_FALSE(s.is_terminal());
    }
}

TEST_CASE("gomoku: standard rule wants exactly five, freestyle accepts an overline", "[gomoku]") {
    const char* board =
        "........\n"
        "XXX.XX..\n"
        "........\n"
        "........\n"
        "........\n"
        "OOO.....\n"
        "OO......\n"
        "........\n";
    State freestyle = State::parse(board, 5, Rule::Freestyle);
    State standard = State::parse(board, 5, Rule::Standard);
    REQUIRE(freestyle.to_move() == Stone::Black);
    freestyle.apply(parse_move("1,3", 8));  // XXXXXX: six
    CHECK(freestyle.outcome() == Outcome::BlackWins);
    standard.apply(parse_move("1,3", 8));
    CHECK_FALSE(standard.is_terminal());
    // The overline ends nothing: the game goes on, and white's exact five wins.
    standard.apply(parse_move("5,3", 8));
    standard.apply(parse_move("7,7", 8));
    CHECK_FALSE(standard.is_terminal());
    standard.apply(parse_move("5,4", 8));
    CHECK(standard.outcome() == Outcome::WhiteWins);
}

TEST_CASE("gomoku: exactly five wins under the standard rule", "[gomoku]") {
    State s = State::parse(
        "........\n"
        ".XXXX...\n"
        "........\n"
        "........\n"
        "........\n"
        "OOO.....\n"
        ".O......\n"
        "........\n",
        5, Rule::Standard);
    s.apply(parse_move("1,5", 8));
    CHECK(s.outcome() == Outcome::BlackWins);
}

TEST_CASE("gomoku: a configurable win length (4 on 6x6)", "[gomoku]") {
    State s = play({6, 4, Rule::Freestyle}, {{5, 0}, {0, 0}, {4, 1}, {0, 1}, {3, 2}, {0, 2}});
    CHECK_FALSE(s.is_terminal());
    s.apply(2 * 6 + 3);
    CHECK(s.outcome() == Outcome::BlackWins);
}

TEST_CASE("gomoku: a full board without a line is a draw", "[gomoku]") {
    // 5x5, win 5: columns alternate in pairs so no row, column or diagonal is one colour.
    State s = State::parse(
        "XXOOX\n"
        "OOXXO\n"
        "XXOOX\n"
        "OOXXO\n"
        "XXOO.\n");
    REQUIRE(s.to_move() == Stone::Black);
    REQUIRE_FALSE(s.is_terminal());
    s.apply(24);
    CHECK(s.outcome() == Outcome::Draw);
    CHECK(s.winner() == Stone::Empty);
    CHECK(s.legal_actions().empty());
}

TEST_CASE("gomoku: undo restores the position, the side to move and the result", "[gomoku]") {
    State s = play({8, 5, Rule::Freestyle}, {{3, 1}, {7, 0}, {3, 2}, {7, 2}, {3, 4}, {7, 4}, {3, 5}, {7, 6}});
    const State before = s;
    s.apply(3 * 8 + 3);
    REQUIRE(s.is_terminal());
    s.undo();
    CHECK(s == before);
    CHECK(s.to_move() == Stone::Black);
    CHECK_FALSE(s.is_terminal());
    for (int i = 0; i < 8; ++i) s.undo();
    CHECK(s == State(Settings{8, 5, Rule::Freestyle}));
    CHECK_THROWS_WITH(s.undo(), "there is no move to take back");
}

TEST_CASE("gomoku: the move list records the actions in order", "[gomoku]") {
    const State s = play({8, 5, Rule::Freestyle}, {{3, 1}, {7, 0}, {0, 5}});
    REQUIRE(s.num_moves() == 3);
    CHECK(s.move(0) == 25);
    CHECK(s.move(1) == 56);
    CHECK(s.move(2) == 5);
}

TEST_CASE("gomoku: illegal actions throw and leave the state unchanged", "[gomoku]") {
    State s = play({8, 5, Rule::Freestyle}, {{3, 3}});
    const State before = s;
    CHECK_THROWS_WITH(s.apply(27), "cell d5 is already taken");
    CHECK_THROWS_WITH(s.apply(64), "action 64 is off the board (0..63)");
    CHECK_THROWS_WITH(s.apply(-1), "action -1 is off the board (0..63)");
    CHECK(s == before);
    State won = play({8, 5, Rule::Freestyle}, {{0, 0}, {7, 0}, {0, 1}, {7, 1}, {0, 2}, {7, 2}, {0, 3}, {7, 3}, {0, 4}});
    CHECK_THROWS_WITH(won.apply(20), "the game is over");
    CHECK_THROWS_AS(State(Settings{4, 4, Rule::Freestyle}), std::invalid_argument);
    CHECK_THROWS_AS(State(Settings{21, 5, Rule::Freestyle}), std::invalid_argument);
    CHECK_THROWS_WITH(State(Settings{6, 7, Rule::Freestyle}), "win length 7 is outside 3..6 (the board size)");
}

TEST_CASE("gomoku: coordinates as row,col and as letter-number", "[gomoku]") {
    CHECK(parse_move("7,7", 15) == 7 * 15 + 7);
    CHECK(parse_move(" 0 , 14 ", 15) == 14);
    CHECK(to_notation(7 * 15 + 7, 15) == "h8");   // the centre of 15x15
    CHECK(to_notation(14 * 15 + 0, 15) == "a1");  // row 1 is the bottom row
    CHECK(to_notation(0, 15) == "a15");
    CHECK(parse_move("h8", 15) == 7 * 15 + 7);
    CHECK(parse_move("A1", 8) == 56);
    CHECK(parse_move("h8", 8) == 7);
    CHECK_THROWS_WITH(parse_move("8,0", 8), "move row: 8 is outside 0..7");
    CHECK_THROWS_WITH(parse_move("i1", 8), "move 'i1': expected row,col or a letter a..h and a number");
    CHECK_THROWS_WITH(parse_move("a9", 8), "move row number: 9 is outside 1..8");
    CHECK_THROWS_WITH(parse_move("3;4", 8), "move '3;4': expected row,col or a letter a..h and a number");
    CHECK_THROWS_WITH(parse_move("", 8), "empty move");
    CHECK(rule_name(parse_rule("standard")) == "standard");
    CHECK_THROWS_WITH(parse_rule("caro"), "unknown rule 'caro' (expected freestyle, standard or renju)");
}

TEST_CASE("gomoku: text form round trip and side to move from the counts", "[gomoku]") {
    const std::string text =
        ".....\n"
        ".XO..\n"
        "..X..\n"
        ".....\n"
        ".....\n";
    const State s = State::parse(text);
    CHECK(s.to_text() == text);
    CHECK(s.to_move() == Stone::White);
    CHECK(s.num_moves() == 3);
    CHECK(s.at(1, 2) == Stone::White);
}

TEST_CASE("gomoku: a parsed position with a line is finished", "[gomoku]") {
    const State s = State::parse(
        "XXXXX\n"
        "OOOO.\n"
        ".....\n"
        ".....\n"
        ".....\n");
    CHECK(s.outcome() == Outcome::BlackWins);
}

TEST_CASE("gomoku: two lines through one stone are one winning move", "[gomoku]") {
    const State s = State::parse(
        "XOO..\n"
        "X.OO.\n"
        "XXXXX\n"
        "XOO..\n"
        "X..OO\n");
    CHECK(s.outcome() == Outcome::BlackWins);
}

TEST_CASE("gomoku: undo in a parsed finished position keeps the line's owner as the winner", "[gomoku]") {
    // Issue 23: the reconstructed last move is X's e1, outside the line; after undo() the line is
    // still X's, but White was reported as the winner.
    State s = State::parse(
        "XXX..\n"
        ".OO..\n"
        "..O..\n"
        ".....\n"
        "....X\n",
        3);
    CHECK(s.winner() == Stone::Black);
    s.undo();
    CHECK(s.to_move() == Stone::Black);
    CHECK(s.outcome() == Outcome::BlackWins);
    CHECK(s.winner() == Stone::Black);
}

TEST_CASE("gomoku: malformed or impossible positions are rejected with the reason", "[gomoku]") {
    // Issue 23: two separate fives were taken as a finished game.
    CHECK_THROWS_WITH(State::parse("XXXXX\nOOOO.\nOOOO.\nO....\nXXXXX\n"),
                      "impossible position: X has winning lines that no single move completes");
    CHECK_THROWS_WITH(State::parse(".....\n.....\n"), "the board must be square, but it has 2 rows of 5 cells");
    CHECK_THROWS_WITH(State::parse("....\n....\n....\n....\n"), "board size 4 is outside 5..20");
    CHECK_THROWS_WITH(State::parse(".....\n..x..\n.....\n.....\n.....\n"),
                      "line 2, column 3: unexpected 'x' (allowed: .XO)");
    CHECK_THROWS_WITH(State::parse(".....\n...\n.....\n.....\n.....\n"),
                      "line 2: row has 3 cells, expected 5 like the first row");
    CHECK_THROWS_WITH(State::parse("XX...\n.....\n.....\n.....\n.....\n"),
                      "impossible position: 2 X and 0 O (black moves first, so X must equal O or O + 1)");
    CHECK_THROWS_WITH(State::parse("O....\n.....\n.....\n.....\n.....\n"),
                      "impossible position: 0 X and 1 O (black moves first, so X must equal O or O + 1)");
    CHECK_THROWS_WITH(State::parse("XXXXX\nOOOOO\n.....\n.....\n.....\n"),
                      "impossible position: X has a winning line but O moved after it");
    CHECK_THROWS_AS(State::parse(""), ParseError);
}

TEST_CASE("gomoku: renju refuses black's forbidden points, and only black's", "[gomoku]") {
    // Black to move: (7,8) makes two open threes (column 8, row 7).
    std::string text;
    for (int r = 0; r < 15; ++r) {
        std::string row(15, '.');
        if (r == 5 || r == 6) row[8] = 'X';
        if (r == 7) row[6] = row[7] = 'X';
        if (r == 0) row[0] = row[7] = row[14] = 'O';
        if (r == 4) row[0] = 'O';
        text += row + "\n";
    }
    State renju = State::parse(text, 5, Rule::Renju);
    const int double_three = 7 * 15 + 8;
    CHECK(renju.is_forbidden(double_three));
    CHECK_FALSE(renju.is_legal(double_three));
    const std::vector<int> legal = renju.legal_actions();
    CHECK(legal.size() == 15 * 15 - 8 - 1);
    CHECK_THROWS_WITH(renju.apply(double_three),
                      "cell i8 is forbidden for black under renju (a double three, a double four or an overline)");
    CHECK(renju.num_moves() == 8);
    State freestyle = State::parse(text, 5, Rule::Freestyle);
    CHECK(freestyle.is_legal(double_three));
    // White may play there: after a black move elsewhere, the point is not forbidden to white.
    renju.apply(0 * 15 + 3);
    CHECK(renju.is_legal(double_three));
    CHECK(rule_name(parse_rule("renju")) == "renju");
}
