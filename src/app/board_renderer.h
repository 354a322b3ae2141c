// Draws a board of rows x cols cells through the project's GLSL ES 3.00 shaders (shaders/board.*):
// one instanced draw call per board, each cell described by a colour, shape flags and a mark.
// Text on cells (numbers, percentages) is drawn by the UI on top, with the UI font.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/board_look.h"

namespace gridlab::app {

class BoardRenderer {
public:
    BoardRenderer() = default;
    BoardRenderer(const BoardRenderer&) = delete;
    BoardRenderer& operator=(const BoardRenderer&) = delete;
    ~BoardRenderer();

    // Compiles the shaders; on failure returns false and fills `error` with the GL log.
    bool init(std::string& error);

    // Draws `cells` (rows * cols, row-major) at `where`, only inside `clip` (the UI's clip rectangle
    // where it was queued: a zoomed board's view). pixel_ratio converts logical pixels to
    // framebuffer pixels, so the board is drawn at full resolution on high-DPI screens.
    void draw(const BoardPlacement& where, const std::vector<CellLook>& cells, const Area& clip, float pixel_ratio,
              int framebuffer_width, int framebuffer_height, uint32_t line_rgba, uint32_t mark_rgba);

private:
    unsigned program_ = 0, vao_ = 0, instance_buffer_ = 0;
    int u_origin_ = -1, u_cell_ = -1, u_framebuffer_ = -1, u_grid_ = -1, u_line_color_ = -1, u_mark_color_ = -1;
};

}  // namespace gridlab::app
