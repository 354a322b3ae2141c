// What a screen asks to be drawn as a board: each cell's colour, shape and mark, and where the board
// goes. How it is drawn (the GL shaders, board_renderer.h) is the app's: the screens build without it.
#pragma once

#include <cstdint>

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
    int rows = 0, cols = 0;
};

// Fits a rows x cols board of square cells, centred, into a w x h area at (x, y).
BoardPlacement fit_board(float x, float y, float w, float h, int rows, int cols);

}  // namespace gridlab::app
