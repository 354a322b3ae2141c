// Small helpers shared by the Gomoku tests.
#pragma once

namespace gomoku_test {

// The action of the cell at `row`, `col` on a board `size` wide.
inline int at(int row, int col, int size = 15) { return row * size + col; }

}  // namespace gomoku_test
