// The matrix product's lanes on each platform: SSE2 natively on x86-64 (part of its baseline),
// SIMD128 in WebAssembly (-msimd128), plain arrays elsewhere. Each lane adds and multiplies as IEEE
// single precision, rounding each operation; none of them fuses a multiply and an add.
#include "learn/matrix_product.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace gridlab::learn {

namespace {

#if defined(__SSE2__)
struct PlatformLanes {
    static constexpr int kWidth = 4;
    __m128 value;

    static PlatformLanes load(const float* from) { return {_mm_loadu_ps(from)}; }
    static PlatformLanes broadcast(const float* from) { return {_mm_load1_ps(from)}; }
    void store(float* to) const { _mm_storeu_ps(to, value); }
    friend PlatformLanes operator+(PlatformLanes x, PlatformLanes y) { return {_mm_add_ps(x.value, y.value)}; }
    friend PlatformLanes operator*(PlatformLanes x, PlatformLanes y) { return {_mm_mul_ps(x.value, y.value)}; }
};
#elif defined(__wasm_simd128__)
struct PlatformLanes {
    static constexpr int kWidth = 4;
    v128_t value;

    static PlatformLanes load(const float* from) { return {wasm_v128_load(from)}; }
    static PlatformLanes broadcast(const float* from) { return {wasm_v128_load32_splat(from)}; }
    void store(float* to) const { wasm_v128_store(to, value); }
    friend PlatformLanes operator+(PlatformLanes x, PlatformLanes y) { return {wasm_f32x4_add(x.value, y.value)}; }
    friend PlatformLanes operator*(PlatformLanes x, PlatformLanes y) { return {wasm_f32x4_mul(x.value, y.value)}; }
};
#else
using PlatformLanes = ScalarLanes<4>;
#endif

}  // namespace

void multiply_add(MatrixView c, ConstMatrixView a, ConstMatrixView b) { multiply_add_in_lanes<PlatformLanes>(c, a, b); }

void transpose(const float* src, int rows, int cols, float* dst) {
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            dst[static_cast<std::size_t>(j) * static_cast<std::size_t>(rows) + static_cast<std::size_t>(i)] =
                src[static_cast<std::size_t>(i) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(j)];
}

}  // namespace gridlab::learn
