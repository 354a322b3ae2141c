// A rectangular grid of cells stored row-major, the board type every game builds on.
#pragma once

#include <algorithm>
#include <cassert>
#include <vector>

namespace gridlab {

template <typename T>
class Grid {
public:
    Grid() = default;
    Grid(int rows, int cols, const T& fill = T{})
        : rows_(rows), cols_(cols), cells_(static_cast<size_t>(rows) * cols, fill) {}

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    int size() const { return rows_ * cols_; }

    bool in_bounds(int r, int c) const { return r >= 0 && r < rows_ && c >= 0 && c < cols_; }
    int index(int r, int c) const { return r * cols_ + c; }
    int row_of(int index) const { return index / cols_; }
    int col_of(int index) const { return index % cols_; }

    T& at(int r, int c) {
        assert(in_bounds(r, c));
        return cells_[index(r, c)];
    }
    const T& at(int r, int c) const {
        assert(in_bounds(r, c));
        return cells_[index(r, c)];
    }
    T& operator[](int i) { return cells_[i]; }
    const T& operator[](int i) const { return cells_[i]; }

    void fill(const T& value) { std::fill(cells_.begin(), cells_.end(), value); }
    const std::vector<T>& cells() const { return cells_; }

    // Calls f(r, c) for each of the up-to-8 neighbours of (r, c) inside the grid.
    template <typename F>
    void for_each_neighbour(int r, int c, F&& f) const {
        for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc)
                if ((dr || dc) && in_bounds(r + dr, c + dc)) f(r + dr, c + dc);
    }

    // Calls f(index) for each neighbour of the cell at `cell`, in the order of for_each_neighbour.
    // Cells away from the border, most of a board, skip the bounds checks: flood fills and mine
    // counts run this in every environment reset.
    template <typename F>
    void for_each_neighbour_index(int cell, F&& f) const {
        const int c = col_of(cell);
        if (cell >= cols_ && cell < size() - cols_ && c > 0 && c < cols_ - 1) {
            const int offsets[8] = {-cols_ - 1, -cols_, -cols_ + 1, -1, 1, cols_ - 1, cols_, cols_ + 1};
            for (const int offset : offsets) f(cell + offset);
            return;
        }
        for_each_neighbour(row_of(cell), c, [&](int nr, int nc) { f(index(nr, nc)); });
    }

    friend bool operator==(const Grid& a, const Grid& b) {
        return a.rows_ == b.rows_ && a.cols_ == b.cols_ && a.cells_ == b.cells_;
    }

private:
    int rows_ = 0;
    int cols_ = 0;
    std::vector<T> cells_;
};

}  // namespace gridlab
