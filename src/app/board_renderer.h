// Draws a board of rows x cols cells through the project's GLSL ES 3.00 shaders (shaders/board.*):
// one instanced draw call per board, each cell described by a colour, shape flags and a mark.
// Text on cells (numbers, percentages) is drawn by the UI on top, with the UI font.
#pragma once

#include <cstdint>
#include <string>
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
    int rows = 0, cols = 0;
};

class BoardRenderer {
public:
    BoardRenderer() = default;
    BoardRenderer(const BoardRenderer&) = delete;
    BoardRenderer& operator=(const BoardRenderer&) = delete;
    ~BoardRenderer();

    // Compiles the shaders; on failure returns false and fills `error` with the GL log.
    bool init(std::string& error);

    // Draws `cells` (rows * cols, row-major) at `where`. pixel_ratio converts logical pixels to
    // framebuffer pixels, so the board is drawn at full resolution on high-DPI screens.
    void draw(const BoardPlacement& where, const std::vector<CellLook>& cells, float pixel_ratio,
              int framebuffer_width, int framebuffer_height, uint32_t line_rgba, uint32_t mark_rgba);

private:
    unsigned program_ = 0, vao_ = 0, instance_buffer_ = 0;
    int u_origin_ = -1, u_cell_ = -1, u_framebuffer_ = -1, u_grid_ = -1, u_line_color_ = -1, u_mark_color_ = -1;
};

// Fits a rows x cols board of square cells, centred, into a w x h area at (x, y).
BoardPlacement fit_board(float x, float y, float w, float h, int rows, int cols);

}  // namespace gridlab::app
