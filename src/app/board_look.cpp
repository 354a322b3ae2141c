#include "app/board_look.h"

#include <algorithm>

namespace gridlab::app {

BoardPlacement fit_board(float x, float y, float w, float h, int rows, int cols) {
    BoardPlacement p;
    p.rows = rows;
    p.cols = cols;
    p.cell = std::max(1.0f, std::min(w / float(cols), h / float(rows)));
    p.x = x + (w - p.cell * float(cols)) * 0.5f;
    p.y = y + (h - p.cell * float(rows)) * 0.5f;
    return p;
}

}  // namespace gridlab::app
