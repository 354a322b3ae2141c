#include "app/board_look.h"

#include <algorithm>
#include <cmath>

namespace gridlab::app {

namespace {

BoardPlacement fit_upright(float x, float y, float w, float h, int rows, int cols) {
    BoardPlacement p;
    p.rows = rows;
    p.cols = cols;
    p.cell = std::max(1.0f, std::min(w / float(cols), h / float(rows)));
    p.x = x + (w - p.cell * float(cols)) * 0.5f;
    p.y = y + (h - p.cell * float(rows)) * 0.5f;
    return p;
}

}  // namespace

ScreenCell screen_cell(const BoardPlacement& board, int row, int col) {
    if (!board.turned) return {row, col};
    return {col, board.rows - 1 - row};  // clockwise: the game's top row is the screen's right column
}

int cell_at(const BoardPlacement& board, float x, float y) {
    // Checked as floats first: ImGui's mouse is at -FLT_MAX when there is none (off the window, or a
    // touch screen), which no int holds.
    const float col_on_screen = std::floor((x - board.x) / board.cell), row_on_screen = std::floor((y - board.y) / board.cell);
    if (!(row_on_screen >= 0 && row_on_screen < float(board.screen_rows()) && col_on_screen >= 0 &&
          col_on_screen < float(board.screen_cols())))
        return -1;
    const int screen_col = static_cast<int>(col_on_screen), screen_row = static_cast<int>(row_on_screen);
    const int row = board.turned ? board.rows - 1 - screen_col : screen_row;
    const int col = board.turned ? screen_row : screen_col;
    return row * board.cols + col;
}

Corner cell_corner(const BoardPlacement& board, int row, int col) {
    const ScreenCell on_screen = screen_cell(board, row, col);
    return {board.x + float(on_screen.col) * board.cell, board.y + float(on_screen.row) * board.cell};
}

BoardPlacement upright(const BoardPlacement& board) {
    BoardPlacement drawn = board;
    drawn.rows = board.screen_rows();
    drawn.cols = board.screen_cols();
    drawn.turned = false;
    return drawn;
}

std::vector<CellLook> upright_cells(const BoardPlacement& board, std::vector<CellLook> cells) {
    if (!board.turned) return cells;
    std::vector<CellLook> drawn(cells.size());
    for (int row = 0; row < board.rows; ++row)
        for (int col = 0; col < board.cols; ++col) {
            const ScreenCell at = screen_cell(board, row, col);
            drawn[static_cast<size_t>(at.row * board.screen_cols() + at.col)] = cells[static_cast<size_t>(row * board.cols + col)];
        }
    return drawn;
}

BoardPlacement fit_board(float x, float y, float w, float h, int rows, int cols, bool turned) {
    if (!turned) return fit_upright(x, y, w, h, rows, cols);
    BoardPlacement board = fit_upright(x, y, w, h, cols, rows);
    board.rows = rows;
    board.cols = cols;
    board.turned = true;
    return board;
}

namespace {

// One axis of zoom_board(): where a board `size` long starts in an area from `start`, `length` long.
float zoomed_start(float start, float length, float size, float& pan) {
    const float slack = std::max(0.0f, (size - length) / 2);
    pan = std::clamp(pan, -slack, slack);
    return start + (length - size) / 2 + pan;
}

}  // namespace

BoardPlacement zoom_board(const BoardPlacement& fitted, const Area& area, float zoom, Corner& pan) {
    BoardPlacement zoomed = fitted;
    zoomed.cell = fitted.cell * zoom;
    zoomed.x = zoomed_start(area.x, area.w, zoomed.cell * float(zoomed.screen_cols()), pan.x);
    zoomed.y = zoomed_start(area.y, area.h, zoomed.cell * float(zoomed.screen_rows()), pan.y);
    return zoomed;
}

Area board_view(const BoardPlacement& board, const Area& area) {
    const float left = std::max(board.x, area.x), top = std::max(board.y, area.y);
    const float right = std::min(board.x + board.cell * float(board.screen_cols()), area.x + area.w);
    const float bottom = std::min(board.y + board.cell * float(board.screen_rows()), area.y + area.h);
    return {left, top, std::max(0.0f, right - left), std::max(0.0f, bottom - top)};
}

Corner pan_to_show(const BoardPlacement& board, const Area& shown, int row, int col, Corner pan) {
    const Corner corner = cell_corner(board, row, col);
    auto shift = [&board](float low, float start, float length) {
        if (low < start) return start - low;
        if (low + board.cell > start + length) return start + length - low - board.cell;
        return 0.0f;
    };
    return {pan.x + shift(corner.x, shown.x, shown.w), pan.y + shift(corner.y, shown.y, shown.h)};
}

}  // namespace gridlab::app
