#include <catch2/catch.hpp>

#include "core/grid.h"
#include "core/text.h"
#include "core/parallel.h"
#include "core/time_budget.h"

using gridlab::Grid;
using gridlab::ParseError;

TEST_CASE("Grid indexes row-major and knows its bounds", "[core][grid]") {
    Grid<int> grid(2, 3, 7);
    CHECK(grid.size() == 6);
    CHECK(grid.index(1, 2) == 5);
    CHECK(grid.row_of(5) == 1);
    CHECK(grid.col_of(5) == 2);
    CHECK(grid.in_bounds(1, 2));
    CHECK_FALSE(grid.in_bounds(2, 0));
    CHECK_FALSE(grid.in_bounds(0, -1));
    grid.at(1, 0) = 4;
    CHECK(grid[3] == 4);
    CHECK(grid.at(0, 0) == 7);
}

TEST_CASE("Grid neighbours are clipped at edges and corners", "[core][grid]") {
    Grid<int> grid(3, 4);
    auto count = [&](int r, int c) {
        int n = 0;
        grid.for_each_neighbour(r, c, [&](int, int) { ++n; });
        return n;
    };
    CHECK(count(0, 0) == 3);
    CHECK(count(0, 1) == 5);
    CHECK(count(1, 1) == 8);
    CHECK(count(2, 3) == 3);
}

TEST_CASE("split_lines handles CRLF, trailing space and blank edges", "[core][text]") {
    auto lines = gridlab::split_lines("\n\nab \r\ncd\n\n");
    CHECK(lines == std::vector<std::string>{"ab", "cd"});
    CHECK(gridlab::split_lines("").empty());
}

TEST_CASE("parse_char_grid reads a rectangular board", "[core][text]") {
    Grid<char> grid = gridlab::parse_char_grid("..1\nF.2\n", ".F012345678");
    CHECK(grid.rows() == 2);
    CHECK(grid.cols() == 3);
    CHECK(grid.at(1, 0) == 'F');
    CHECK(grid.at(1, 2) == '2');
}

TEST_CASE("parse_char_grid names the line and column of a problem", "[core][text]") {
    SECTION("a character that is not allowed") {
        try {
            gridlab::parse_char_grid("...\n.x.\n", ".F");
            FAIL("no error");
        } catch (const ParseError& e) {
            CHECK(e.line() == 2);
            CHECK(e.column() == 2);
            CHECK(std::string(e.what()) == "line 2, column 2: unexpected 'x' (allowed: .F)");
        }
    }
    SECTION("a ragged row, counted from the top of the original text") {
        try {
            gridlab::parse_char_grid("\n...\n....\n", ".");
            FAIL("no error");
        } catch (const ParseError& e) {
            CHECK(e.line() == 3);
            CHECK(std::string(e.what()) == "line 3: row has 4 cells, expected 3 like the first row");
        }
    }
    SECTION("an empty board") {
        CHECK_THROWS_WITH(gridlab::parse_char_grid(" \n\n", "."), "line 1: the board is empty");
    }
    SECTION("a control character is shown by its value") {
        CHECK_THROWS_WITH(gridlab::parse_char_grid(std::string(".\x01."), "."),
                          "line 1, column 2: unexpected byte 1 (allowed: .)");
    }
}

TEST_CASE("parse_int accepts whole numbers in range only", "[core][text]") {
    CHECK(gridlab::parse_int("42", 0, 100, "seed") == 42);
    CHECK(gridlab::parse_int("-3", -5, 5, "x") == -3);
    CHECK_THROWS_WITH(gridlab::parse_int("4x", 0, 9, "row"), "row: '4x' is not a whole number");
    CHECK_THROWS_WITH(gridlab::parse_int("", 0, 9, "row"), "row: '' is not a whole number");
    CHECK_THROWS_WITH(gridlab::parse_int("12", 0, 9, "row"), "row: 12 is outside 0..9");
}

TEST_CASE("TimeBudget expires after its limit", "[core][time]") {
    gridlab::TimeBudget zero(0);
    CHECK(zero.expired());
    gridlab::TimeBudget long_budget(60000);
    CHECK_FALSE(long_budget.expired());
    CHECK(long_budget.remaining_ms() > 59000);
}

TEST_CASE("parallel_for visits every index once, whatever the number of jobs", "[core][parallel]") {
    for (int jobs : {1, 2, 3}) {
        std::vector<int> visits(50, 0);
        gridlab::parallel_for(50, jobs, [&](int i) { visits[static_cast<size_t>(i)] += i; });
        for (int i = 0; i < 50; ++i) CHECK(visits[static_cast<size_t>(i)] == i);
    }
}
