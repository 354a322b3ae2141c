// The matrix product under every Dense and Conv2d layer, private to the library (and its tests).
//
//   multiply_add(c, a, b):  c += a b,  every element summed in one fixed order:
//
//     c(i, j) = ( ... ((c(i, j) + a(i, 0) b(0, j)) + a(i, 1) b(1, j)) + ... ) + a(i, K-1) b(K-1, j)
//
// each product rounded to float before it is added (no fused multiply-add). That order depends
// neither on the sizes nor on the machine, so the product gives the same bits natively (SSE2) and in
// WebAssembly (SIMD128), and with the scalar fallback. The speed comes from computing independent
// elements side by side, never from splitting one sum: a block of 4 rows x 8 columns of c is kept in
// eight 4-lane registers while k runs, each lane holding one element's sum (README.md, "Speed").
#pragma once

#include <cassert>
#include <cstddef>

namespace gridlab::learn {

// A read-only matrix: element (i, k) at data[i * row_step + k * column_step]. A row-major matrix has
// column_step 1; the transpose of one is the same memory with the steps swapped.
struct ConstMatrixView {
    const float* data;
    int rows, cols;
    std::size_t row_step, column_step;

    const float* address(int i, int k) const {
        return data + static_cast<std::size_t>(i) * row_step + static_cast<std::size_t>(k) * column_step;
    }
    float at(int i, int k) const { return *address(i, k); }
};

// A row-major rows x cols matrix, and the view of its transpose (cols x rows).
inline ConstMatrixView row_major(const float* data, int rows, int cols) {
    return {data, rows, cols, static_cast<std::size_t>(cols), 1};
}
inline ConstMatrixView transposed(const float* data, int rows, int cols) {
    return {data, cols, rows, 1, static_cast<std::size_t>(cols)};
}

// A writable row-major matrix.
struct MatrixView {
    float* data;
    int rows, cols;

    float* row(int i) const { return data + static_cast<std::size_t>(i) * static_cast<std::size_t>(cols); }
};

// c += a b in the order above. b must be row-major (column_step 1): its rows are what the lanes load.
void multiply_add(MatrixView c, ConstMatrixView a, ConstMatrixView b);

// dst (cols x rows, row-major) = the transpose of src (rows x cols, row-major). Copies, no arithmetic.
void transpose(const float* src, int rows, int cols, float* dst);

// ---- The kernel, for any kind of lanes ------------------------------------------------------------
// `Lanes` holds kWidth floats and offers load, store, broadcast (every lane the float at an address),
// + and *, each lane on its own: SSE2's __m128, SIMD128's v128_t, or the plain arrays below. The same template
// with those gives the same bits, which the tests check.

template <int Width>
struct ScalarLanes {
    static constexpr int kWidth = Width;
    float lane[Width];

    static ScalarLanes load(const float* from) {
        ScalarLanes x;
        for (int l = 0; l < Width; ++l) x.lane[l] = from[l];
        return x;
    }
    static ScalarLanes broadcast(const float* from) {
        ScalarLanes x;
        for (float& l : x.lane) l = *from;
        return x;
    }
    void store(float* to) const {
        for (int l = 0; l < Width; ++l) to[l] = lane[l];
    }
    friend ScalarLanes operator+(ScalarLanes x, ScalarLanes y) {
        for (int l = 0; l < Width; ++l) x.lane[l] += y.lane[l];
        return x;
    }
    friend ScalarLanes operator*(ScalarLanes x, ScalarLanes y) {
        for (int l = 0; l < Width; ++l) x.lane[l] *= y.lane[l];
        return x;
    }
};

namespace kernel {

// Rows x (Vectors * kWidth) elements of c from (i, j), their sums in registers while k runs.
template <typename Lanes, int Rows, int Vectors>
void block(MatrixView c, ConstMatrixView a, ConstMatrixView b, int i, int j) {
    constexpr int width = Lanes::kWidth;
    Lanes sum[Rows][Vectors];
    for (int r = 0; r < Rows; ++r)
        for (int v = 0; v < Vectors; ++v) sum[r][v] = Lanes::load(c.row(i + r) + j + v * width);
    for (int k = 0; k < a.cols; ++k) {
        const float* b_row = b.data + static_cast<std::size_t>(k) * b.row_step + j;
        Lanes b_lanes[Vectors];
        for (int v = 0; v < Vectors; ++v) b_lanes[v] = Lanes::load(b_row + v * width);
        for (int r = 0; r < Rows; ++r) {
            const Lanes a_lanes = Lanes::broadcast(a.address(i + r, k));
            for (int v = 0; v < Vectors; ++v) sum[r][v] = sum[r][v] + a_lanes * b_lanes[v];
        }
    }
    for (int r = 0; r < Rows; ++r)
        for (int v = 0; v < Vectors; ++v) sum[r][v].store(c.row(i + r) + j + v * width);
}

// Rows rows of c from row i: 8 columns at a time, then 4, then one by one.
template <typename Lanes, int Rows>
void row_block(MatrixView c, ConstMatrixView a, ConstMatrixView b, int i) {
    constexpr int width = Lanes::kWidth;
    int j = 0;
    for (; j + 2 * width <= c.cols; j += 2 * width) block<Lanes, Rows, 2>(c, a, b, i, j);
    for (; j + width <= c.cols; j += width) block<Lanes, Rows, 1>(c, a, b, i, j);
    for (; j < c.cols; ++j) block<ScalarLanes<1>, Rows, 1>(c, a, b, i, j);
}

}  // namespace kernel

template <typename Lanes>
void multiply_add_in_lanes(MatrixView c, ConstMatrixView a, ConstMatrixView b) {
    assert(a.rows == c.rows && b.cols == c.cols && a.cols == b.rows && b.column_step == 1);
    int i = 0;
    for (; i + 4 <= c.rows; i += 4) kernel::row_block<Lanes, 4>(c, a, b, i);
    for (; i < c.rows; ++i) kernel::row_block<Lanes, 1>(c, a, b, i);
}

}  // namespace gridlab::learn
