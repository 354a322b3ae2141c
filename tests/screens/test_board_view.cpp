// A wide Minesweeper board on a tall screen is drawn a quarter turn clockwise, and can be zoomed and
// dragged (app/board_look.h): where each of the game's cells is drawn, which cell a point is on, where
// the arrows move, and which part of a zoomed board shows.
#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>

#include "app/board_look.h"
#include "app/keys.h"
#include "app/screen.h"

using namespace gridlab::app;

namespace {

// Expert's 16x30 turned at (10, 20) with 10 px cells: 30 screen rows of 16.
BoardPlacement turned_expert() {
    BoardPlacement board;
    board.x = 10;
    board.y = 20;
    board.cell = 10;
    board.rows = 16;
    board.cols = 30;
    board.turned = true;
    return board;
}

}  // namespace

TEST_CASE("A board wider than tall turns on a portrait screen; a turned board fits its 30 rows down the area", "[screens]") {
    Frame phone, desktop;
    phone.width = 375;
    phone.height = 667;
    desktop.width = 1366;
    desktop.height = 768;
    CHECK(turn_board(phone, 16, 30));
    CHECK_FALSE(turn_board(phone, 16, 16));  // square: nothing to gain
    CHECK_FALSE(turn_board(phone, 30, 16));  // already tall
    CHECK_FALSE(turn_board(desktop, 16, 30));

    const BoardPlacement board = fit_board(30, 80, 333, 450, 16, 30, true);
    CHECK(board.turned);
    CHECK(board.rows == 16);
    CHECK(board.cols == 30);
    CHECK(board.screen_rows() == 30);
    CHECK(board.screen_cols() == 16);
    CHECK(board.cell == 15.0f);  // 450 / 30, where upright it has 333 / 30 = 11.1
    CHECK(board.y == 80.0f);
    CHECK(board.x == 30 + (333 - 16 * 15) / 2.0f);
    CHECK_FALSE(fit_board(30, 80, 333, 450, 16, 30).turned);
}

TEST_CASE("On a turned board the game's top row is the right column and its first column the top row", "[screens]") {
    const BoardPlacement board = turned_expert();
    CHECK(screen_cell(board, 0, 0).row == 0);
    CHECK(screen_cell(board, 0, 0).col == 15);
    CHECK(screen_cell(board, 15, 29).row == 29);
    CHECK(screen_cell(board, 15, 29).col == 0);
    CHECK(screen_cell(board, 3, 7).row == 7);
    CHECK(screen_cell(board, 3, 7).col == 12);
    const Corner corner = cell_corner(board, 3, 7);
    CHECK(corner.x == 10 + 12 * 10);
    CHECK(corner.y == 20 + 7 * 10);
}

TEST_CASE("The cell under a point is the cell drawn there, both ways, turned or not", "[screens]") {
    BoardPlacement board = turned_expert();
    for (const bool turned : {true, false}) {
        board.turned = turned;
        for (int row = 0; row < board.rows; ++row)
            for (int col = 0; col < board.cols; ++col) {
                const Corner corner = cell_corner(board, row, col);
                INFO("turned " << turned << ", cell " << row << "," << col);
                REQUIRE(cell_at(board, corner.x, corner.y) == row * board.cols + col);
                REQUIRE(cell_at(board, corner.x + 9.99f, corner.y + 9.99f) == row * board.cols + col);
            }
    }
    board.turned = true;
    CHECK(cell_at(board, 10 + 12 * 10 + 5, 20 + 7 * 10 + 5) == 3 * 30 + 7);
    CHECK(cell_at(board, 9.9f, 25) == -1);             // left of the board
    CHECK(cell_at(board, 10 + 16 * 10, 25) == -1);     // right of its 16 screen columns
    CHECK(cell_at(board, 15, 20 + 30 * 10) == -1);     // below its 30 screen rows
    CHECK(cell_at(board, 15, 20 + 29 * 10 + 1) == 15 * 30 + 29);
    // ImGui's mouse when there is none (off the window, a touch screen): no cell, and no float-to-int
    // overflow on the way, which the app_glue fuzz target's first frame found (clang's UBSan checks
    // it, in scripts/fuzz.sh; GCC's -fsanitize=undefined does not).
    CHECK(cell_at(board, -FLT_MAX, -FLT_MAX) == -1);
    CHECK(cell_at(board, FLT_MAX, 25) == -1);
    CHECK(cell_at(board, std::nanf(""), 25) == -1);
}

TEST_CASE("The shaders get a turned board's cells in the screen's order", "[screens]") {
    BoardPlacement board = turned_expert();
    board.rows = 2;
    board.cols = 3;  // game: a b c / d e f; turned clockwise: d a / e b / f c
    std::vector<CellLook> cells;
    for (uint32_t value = 0; value < 6; ++value) cells.push_back({value, kShapeTile, kMarkNone});
    const std::vector<CellLook> drawn = upright_cells(board, cells);
    std::vector<uint32_t> order;
    for (const CellLook& look : drawn) order.push_back(look.rgba);
    CHECK(order == std::vector<uint32_t>{3, 0, 4, 1, 5, 2});
    const BoardPlacement shader_board = upright(board);
    CHECK(shader_board.rows == 3);
    CHECK(shader_board.cols == 2);
    CHECK_FALSE(shader_board.turned);
}

TEST_CASE("On a turned board the arrows move the cursor as the player sees it", "[screens]") {
    const BoardPlacement board = turned_expert();
    BoardCursor cursor;
    CHECK(cursor.move(keys::kDown, board));  // the first key shows the cursor where it is
    CHECK(cursor.row == 0);
    CHECK(cursor.col == 0);
    CHECK(cursor.shown);
    cursor.move(keys::kDown, board);  // down the screen: the game's next column
    CHECK(cursor.row == 0);
    CHECK(cursor.col == 1);
    cursor.move(keys::kLeft, board);  // left on the screen: the game's next row
    CHECK(cursor.row == 1);
    CHECK(cursor.col == 1);
    cursor.move(keys::kRight, board);
    cursor.move(keys::kRight, board);  // the top row is the right edge: it stays
    CHECK(cursor.row == 0);
    cursor.move(keys::kUp, board);
    cursor.move(keys::kUp, board);
    CHECK(cursor.col == 0);
    CHECK_FALSE(cursor.move(keys::kF, board));
}

TEST_CASE("A zoomed board fills its area and is dragged only as far as its edges", "[screens]") {
    const Area area{30, 80, 160, 300};
    const BoardPlacement fitted = fit_board(area.x, area.y, area.w, area.h, 16, 30, true);  // 10 px cells
    REQUIRE(fitted.turned);
    REQUIRE(fitted.cell == 10.0f);
    Corner pan{};
    const BoardPlacement same = zoom_board(fitted, area, 1.0f, pan);
    CHECK(same.x == fitted.x);
    CHECK(same.y == fitted.y);
    CHECK(same.cell == fitted.cell);

    // Twice as large (320 x 600 in a 160 x 300 area): centred, then dragged 50 px right and 400 px up.
    BoardPlacement zoomed = zoom_board(fitted, area, 2.0f, pan);
    CHECK(zoomed.cell == 20.0f);
    CHECK(zoomed.x == 30 - 80);
    CHECK(zoomed.y == 80 - 150);
    pan = {50, -400};
    zoomed = zoom_board(fitted, area, 2.0f, pan);
    CHECK(pan.x == 50);
    CHECK(pan.y == -150);  // no further than the board's bottom edge at the area's
    CHECK(zoomed.x == 30 - 80 + 50);
    CHECK(zoomed.y + 600 == 80 + 300);
    const Area shown = board_view(zoomed, area);
    CHECK(shown.x == area.x);
    CHECK(shown.y == area.y);
    CHECK(shown.w == area.w);
    CHECK(shown.h == area.h);
    // The cell under a point of the area is the one drawn there: the game's (0, 0) is at the top right.
    const Corner corner = cell_corner(zoomed, 0, 0);
    CHECK(corner.x == zoomed.x + 15 * 20);
    CHECK(cell_at(zoomed, corner.x + 1, corner.y + 1) == 0);

    // Unzoomed, a board that fits shows whole and stays centred whatever the pan.
    pan = {50, -400};
    const BoardPlacement fits = zoom_board(fitted, area, 1.0f, pan);
    CHECK(pan.x == 0);
    CHECK(pan.y == 0);
    const Area whole = board_view(fits, area);
    CHECK(whole.w == 160);
    CHECK(whole.h == 300);
}

TEST_CASE("The keyboard's cursor pans a zoomed board just enough to show its cell whole", "[screens]") {
    const Area area{30, 80, 160, 300};
    Corner pan{};
    const BoardPlacement zoomed = zoom_board(fit_board(area.x, area.y, area.w, area.h, 16, 30, true), area, 2.0f, pan);
    // The game's (0, 0), the top right screen corner, is 80 px right of the area and 150 px above it.
    const Corner moved = pan_to_show(zoomed, area, 0, 0, pan);
    CHECK(moved.x == -80);
    CHECK(moved.y == 150);
    Corner shown_pan = moved;
    const BoardPlacement after = zoom_board(fit_board(area.x, area.y, area.w, area.h, 16, 30, true), area, 2.0f, shown_pan);
    const Corner corner = cell_corner(after, 0, 0);
    CHECK(corner.x + 20 == area.x + area.w);
    CHECK(corner.y == area.y);
    // A cell already in view: no pan.
    const Corner still = pan_to_show(zoomed, area, 8, 15, pan);
    CHECK(still.x == pan.x);
    CHECK(still.y == pan.y);
}
