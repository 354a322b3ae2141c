#include <catch2/catch.hpp>

#include "core/text.h"
#include "minesweeper/boards.h"
#include "minesweeper/play.h"

using namespace gridlab::minesweeper;
using gridlab::Grid;

namespace {

std::vector<std::pair<bool, int>> outcomes(const EvalResult& result) {
    std::vector<std::pair<bool, int>> list;
    for (const GameSummary& game : result.per_game) list.emplace_back(game.won, game.guesses);
    return list;
}

std::string parse_error(const std::string& text) {
    try {
        parse_boards(text);
    } catch (const gridlab::ParseError& error) {
        return error.what();
    }
    return "accepted";
}

}  // namespace

TEST_CASE("boards: a board file reads back as written", "[minesweeper][boards]") {
    const BoardSet boards = make_boards(level_settings("intermediate", FirstClick::Zero), 2 * 16 + 5, 7, 9);
    const std::string text = boards_text(boards);
    CHECK(text.substr(0, text.find('\n')) == "rows=16 cols=16 mines=40 first_cell=2,5 first_click=zero");
    const BoardSet read = parse_boards(text);
    CHECK(read.settings.rows == 16);
    CHECK(read.settings.cols == 16);
    CHECK(read.settings.mines == 40);
    CHECK(read.settings.first_click == FirstClick::Zero);
    CHECK(read.first_cell == 2 * 16 + 5);
    CHECK(read.layouts == boards.layouts);
    CHECK(boards_text(read) == text);
    // The zero rule is kept: nothing around the first click.
    for (const Grid<uint8_t>& layout : read.layouts)
        for (int r = 1; r <= 3; ++r)
            for (int c = 4; c <= 6; ++c) CHECK(layout.at(r, c) == 0);
    // \r\n line ends read the same.
    std::string crlf;
    for (char ch : text) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
    CHECK(parse_boards(crlf).layouts == boards.layouts);
}

TEST_CASE("boards: the file of a seed gives exactly eval's games of that seed", "[minesweeper][boards]") {
    EvalSettings by_seed;
    by_seed.settings = level_settings("beginner");
    by_seed.games = 40;
    by_seed.seed = 5;
    EvalSettings by_file = by_seed;
    by_file.layouts = parse_boards(boards_text(make_boards(by_seed.settings, 0, 40, 5))).layouts;
    for (const char* solver : {"probability", "kb"}) {  // kb's random guesses come from the seed too
        by_seed.solver = by_file.solver = solver;
        const EvalResult seeded = evaluate(by_seed), filed = evaluate(by_file);
        CHECK(filed.wins == seeded.wins);
        CHECK(filed.guesses == seeded.guesses);
        CHECK(outcomes(filed) == outcomes(seeded));
    }
    by_file.games = 41;
    CHECK_THROWS_WITH(evaluate(by_file), "games: 41 is more than the 40 boards given");
}

TEST_CASE("boards: exact results on a small fixed file", "[minesweeper][boards]") {
    // 2x3, one mine, first click (0,0). A mine at (0,2) or at (1,2): the click opens a zero and two
    // 1s that cannot tell those two cells apart, the same 50/50 on both boards, so a solver loses
    // exactly one of them (the probability solver tries (0,2)). A mine at (1,1) or (0,1): the 1 at
    // (0,0) leaves the right-hand cells safe, and after them (0,1) and (1,1) are a 50/50 (it tries
    // (0,1)). A mine at (1,0): the safe (0,2) opens a zero and everything else, no guess.
    const BoardSet boards = parse_boards(
        "rows=2 cols=3 mines=1 first_cell=0,0 first_click=safe\n"
        "..*/...\n"
        ".../..*\n"
        ".../.*.\n"
        ".*./...\n"
        ".../*..\n");
    EvalSettings eval;
    eval.settings = boards.settings;
    eval.first_cell = boards.first_cell;
    eval.layouts = boards.layouts;
    eval.games = 5;
    const EvalResult result = evaluate(eval);
    CHECK(outcomes(result) ==
          std::vector<std::pair<bool, int>>{{false, 1}, {true, 1}, {true, 1}, {false, 1}, {true, 0}});
    CHECK(result.wins == 3);
    CHECK(result.guesses == 4);
}

TEST_CASE("boards: bad files are refused with the line", "[minesweeper][boards]") {
    const std::string header = "rows=2 cols=3 mines=1 first_cell=0,0 first_click=safe\n";
    CHECK(parse_error("") == "line 1: the file is empty");
    CHECK(parse_error(header) == "line 2: no boards after the header");
    CHECK(parse_error("rows=2 cols=3 mines=1\n..*/...\n") ==
          "line 1: expected 'rows=R cols=C mines=M first_cell=R,C first_click=safe|zero'");
    CHECK(parse_error("rows=2 cols=3 mines=1 first_cell=0,0 first_click=safe extra\n..*/...\n") ==
          "line 1: expected 'rows=R cols=C mines=M first_cell=R,C first_click=safe|zero'");
    CHECK(parse_error("rows=2 cols=x mines=1 first_cell=0,0 first_click=safe\n..*/...\n") ==
          "line 1: cols: 'x' is not a whole number");
    CHECK(parse_error("rows=2 cols=3 mines=1 first_cell=2,0 first_click=safe\n..*/...\n") ==
          "line 1: first_cell row: 2 is outside 0..1");
    CHECK(parse_error("rows=2 cols=3 mines=1 first_cell=0,0 first_click=none\n..*/...\n") ==
          "line 1: first_click: 'none' is not safe or zero");
    CHECK(parse_error("rows=2 cols=3 mines=6 first_cell=0,0 first_click=safe\n..*/...\n").rfind("line 1: mines: 6 is outside 0..5", 0) == 0);
    CHECK(parse_error(header + "..*/...\n..x/...\n") == "line 3, column 3: expected '*', '.' or '/'");
    CHECK(parse_error(header + "..*/...\n.*/...\n") == "line 3, column 3: row 1 has 2 cells, expected 3");
    CHECK(parse_error(header + "..*/....\n") == "line 2, column 8: the board is larger than 2x3");
    CHECK(parse_error(header + "..*/.../...\n") == "line 2, column 9: the board is larger than 2x3");
    CHECK(parse_error(header + "..*\n") == "line 2: expected 2 rows of 3 cells joined by '/'");
    CHECK(parse_error(header + "..*/...\n\n..*/...\n") == "line 3: expected 2 rows of 3 cells joined by '/'");
    CHECK(parse_error(header + "..*/..*\n") == "line 2: the board has 2 mines, the header says 1");
    CHECK(parse_error(header + "*../...\n") == "line 2: a mine at (0,0) breaks the first-click rule");
    CHECK(parse_error("rows=3 cols=4 mines=1 first_cell=1,1 first_click=zero\n..../..../..*.\n") ==
          "line 2: a mine at (2,2) breaks the first-click rule");
}
