// What a screen asks to be drawn as a board: each cell's colour, shape and mark, and where the board
// goes. How it is drawn (the GL shaders, board_renderer.h) is the app's: the screens build without it.
#pragma once

#include <cstdint>
#include <vector>

namespace gridlab::app {

// Shape flags, combinable (keep in sync with shaders/board.frag).
enum CellShape : uint8_t {
    kShapeNone = 0,
    kShapeTile = 1,       // a flat rounded square
    kShapeRaised = 2,     // a bevelled rounded square (a covered Minesweeper cell)
    kShapeDisc = 4,       // a shaded disc (a stone, a puyo)
    kShapeGridLines = 8,  // lines through the centre (a Gomoku intersection)
};

enum CellMark : uint8_t { kMarkNone = 0, kMarkRing = 1, kMarkDot = 2, kMarkCross = 3, kMarkSquare = 4 };

struct CellLook {
    uint32_t rgba = 0;  // 0xRRGGBBAA
    uint8_t shape = kShapeNone;
    uint8_t mark = kMarkNone;
};

// Where a board goes, in logical (CSS) pixels from the top-left of the window.
struct BoardPlacement {
    float x = 0, y = 0, cell = 0;
    int rows = 0, cols = 0;  // the game's
    // Drawn a quarter turn clockwise, so that a wide board gets larger cells on a tall screen: the
    // game's columns run down the screen and its rows from right to left. Only the drawing turns:
    // cells, actions and state() keep the game's rows and columns.
    bool turned = false;
    int screen_rows() const { return turned ? cols : rows; }
    int screen_cols() const { return turned ? rows : cols; }
};

// A cell's row and column as seen on the screen.
struct ScreenCell {
    int row = 0, col = 0;
};
ScreenCell screen_cell(const BoardPlacement& board, int row, int col);
// The game's cell (row * cols + col) at the point (x, y), in the placement's pixels, or -1 off the board.
int cell_at(const BoardPlacement& board, float x, float y);
// The top-left corner of the game's cell (row, col), in the placement's pixels.
struct Corner {
    float x = 0, y = 0;
};
Corner cell_corner(const BoardPlacement& board, int row, int col);
// The cells (in the game's order) and their placement as the shaders draw them: in the screen's order,
// never turned.
BoardPlacement upright(const BoardPlacement& board);
std::vector<CellLook> upright_cells(const BoardPlacement& board, std::vector<CellLook> cells);

// Fits a rows x cols board of square cells, centred, into a w x h area at (x, y), `turned` or not.
BoardPlacement fit_board(float x, float y, float w, float h, int rows, int cols, bool turned = false);

// A rectangle on the screen, in the placement's pixels.
struct Area {
    float x = 0, y = 0, w = 0, h = 0;
};
// `fitted` (fit_board()'s placement in `area`) with cells `zoom` times larger, moved by `pan` from
// centred. The pan is clamped, and written back, so that a board larger than the area always fills
// it, and one that fits stays centred.
BoardPlacement zoom_board(const BoardPlacement& fitted, const Area& area, float zoom, Corner& pan);
// The part of the area the board covers: where its cells can be seen and touched.
Area board_view(const BoardPlacement& board, const Area& area);
// The pan that shows the game's cell (row, col) of `board` (zoomed with `pan`) whole in `shown`.
Corner pan_to_show(const BoardPlacement& board, const Area& shown, int row, int col, Corner pan);

}  // namespace gridlab::app
