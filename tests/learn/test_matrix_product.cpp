// The matrix product kernel: every element is summed in the documented order, whatever the sizes,
// the lanes (the platform's SIMD or plain arrays) and the layout of the left operand.
#include <catch2/catch.hpp>

#include <vector>

#include "core/rng.h"
#include "learn/matrix_product.h"
#include "learn/nn.h"

namespace learn = gridlab::learn;

namespace {

std::vector<float> random_values(gridlab::Rng& rng, int count) {
    std::vector<float> values(static_cast<std::size_t>(count));
    for (float& v : values) v = static_cast<float>(rng.unit() * 2.0 - 1.0);
    return values;
}

// The order of matrix_product.h written as plain loops: c(i, j) + a(i, 0) b(0, j) + a(i, 1) b(1, j) + ...
std::vector<float> reference(std::vector<float> c, learn::ConstMatrixView a, learn::ConstMatrixView b) {
    for (int i = 0; i < a.rows; ++i)
        for (int j = 0; j < b.cols; ++j) {
            float& sum = c[static_cast<std::size_t>(i) * b.cols + j];
            for (int k = 0; k < a.cols; ++k) {
                const float product = a.at(i, k) * b.at(k, j);
                sum = sum + product;
            }
        }
    return c;
}

std::vector<uint32_t> bits(const std::vector<float>& values) {
    std::vector<uint32_t> result;
    for (float v : values) result.push_back(learn::float_bits(v));
    return result;
}

}  // namespace

TEST_CASE("the matrix product sums every element in the documented order", "[learn][matrix]") {
    gridlab::Rng rng(5);
    // Sizes around the block edges (4 rows, 4 and 8 columns), and the layers' own (81 cells, 99 and
    // 144 taps, 16 channels, 1 output).
    const int sizes[][3] = {{1, 1, 1},  {3, 5, 2},   {4, 8, 7},    {5, 9, 3},   {7, 13, 11},
                            {16, 81, 144}, {81, 16, 99}, {144, 81, 16}, {81, 1, 16}, {2, 17, 0}};
    for (const auto& [rows, cols, depth] : sizes) {
        CAPTURE(rows, cols, depth);
        const std::vector<float> a = random_values(rng, rows * depth), a_transposed_storage = random_values(rng, rows * depth);
        const std::vector<float> b = random_values(rng, depth * cols), c = random_values(rng, rows * cols);
        for (const learn::ConstMatrixView left :
             {learn::row_major(a.data(), rows, depth), learn::transposed(a_transposed_storage.data(), depth, rows)}) {
            const learn::ConstMatrixView right = learn::row_major(b.data(), depth, cols);
            const std::vector<uint32_t> expected = bits(reference(c, left, right));
            std::vector<float> platform = c, scalar = c;
            learn::multiply_add({platform.data(), rows, cols}, left, right);
            learn::multiply_add_in_lanes<learn::ScalarLanes<4>>({scalar.data(), rows, cols}, left, right);
            CHECK(bits(platform) == expected);
            CHECK(bits(scalar) == expected);
        }
    }
}

TEST_CASE("the matrix product keeps its order where a split sum would differ", "[learn][matrix]") {
    // 1 + 2^-24 + 2^-24 + ... (8 terms): added one by one to 1, each tiny term is lost (a tie, rounded
    // to even), while summing the tiny terms first (as a sum split into parts would) gives 1 + 2^-21.
    const int depth = 8;
    const std::vector<float> a = {1.0f, 0x1p-24f, 0x1p-24f, 0x1p-24f, 0x1p-24f, 0x1p-24f, 0x1p-24f, 0x1p-24f};
    const std::vector<float> b(depth * 5, 1.0f);
    std::vector<float> c(5, 0.0f);
    learn::multiply_add({c.data(), 1, 5}, learn::row_major(a.data(), 1, depth), learn::row_major(b.data(), depth, 5));
    CHECK(c == std::vector<float>(5, 1.0f));
}

TEST_CASE("transpose copies a matrix into its transpose", "[learn][matrix]") {
    const std::vector<float> m = {1, 2, 3, 4, 5, 6};  // 2 x 3
    std::vector<float> t(6);
    learn::transpose(m.data(), 2, 3, t.data());
    CHECK(t == std::vector<float>{1, 4, 2, 5, 3, 6});
}
