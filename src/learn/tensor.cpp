// Tensor, portable exp/log/tanh/sigmoid, softmax.
#include <algorithm>
#include <cmath>
#include <limits>

#include "learn/nn.h"

namespace gridlab::learn {

// ---- Tensor -------------------------------------------------------------------------------------

Tensor::Tensor(std::vector<int> dims, float fill) : shape(std::move(dims)) {
    std::size_t count = 1;
    for (int dim : shape) count *= static_cast<std::size_t>(dim);
    values.assign(count, fill);
}

std::size_t Tensor::sample_size() const {
    std::size_t count = 1;
    for (std::size_t i = 1; i < shape.size(); ++i) count *= static_cast<std::size_t>(shape[i]);
    return count;
}

void Tensor::reset(const std::vector<int>& new_shape) {
    shape = new_shape;
    std::size_t count = 1;
    for (int dim : shape) count *= static_cast<std::size_t>(dim);
    values.assign(count, 0.0f);
}

std::string shape_string(const std::vector<int>& shape) {
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + ")";
}

void require_shape(const std::vector<int>& actual, const std::vector<int>& expected, const char* where) {
    if (actual != expected)
        throw std::invalid_argument(std::string(where) + ": expected shape " + shape_string(expected) + ", got " +
                                    shape_string(actual));
}

// ---- Portable math ------------------------------------------------------------------------------

namespace {

constexpr double kLn2 = 0.6931471805599453094;
// ln 2 split in two (fdlibm's): k * kLn2High is exact for the |k| <= 1100 used here, so the reduced
// argument x - k ln 2 keeps its accuracy.
constexpr double kLn2High = 6.93147180369123816490e-01;
constexpr double kLn2Low = 1.90821492927058770002e-10;

// e^x for |x| <= 700. x = k ln 2 + r with |r| <= ln 2 / 2, e^r by its Taylor series to r^13 / 13!
// (relative error < 1e-16 on that range), then times 2^k (ldexp is exact: it only moves the exponent).
double exp_double(double x) {
    const double k = std::floor(x / kLn2 + 0.5);
    const double r = (x - k * kLn2High) - k * kLn2Low;
    double series = 1.0;
    for (int i = 13; i >= 1; --i) series = 1.0 + series * r / i;
    return std::ldexp(series, static_cast<int>(k));
}

}  // namespace

float exp(float x) {
    if (std::isnan(x)) return x;
    if (x < -104.0f) return 0.0f;
    const double result = exp_double(std::min(x, 89.0f));
    // Converting a double beyond the float range is undefined behaviour, not infinity.
    if (result > std::numeric_limits<float>::max()) return std::numeric_limits<float>::infinity();
    return static_cast<float>(result);
}

// x = m 2^e with m in [sqrt(1/2), sqrt(2)); log m = 2 atanh(s) with s = (m - 1) / (m + 1), |s| < 0.172,
// by its series to s^15 / 15 (relative error < 1e-13); frexp only splits the bits, it never rounds.
float log(float x) {
    if (std::isnan(x) || x < 0.0f) return std::numeric_limits<float>::quiet_NaN();
    if (x == 0.0f) return -std::numeric_limits<float>::infinity();
    if (std::isinf(x)) return x;
    int exponent = 0;
    double mantissa = std::frexp(static_cast<double>(x), &exponent);
    if (mantissa < 0.70710678118654752) {
        mantissa *= 2.0;
        --exponent;
    }
    const double s = (mantissa - 1.0) / (mantissa + 1.0);
    const double s2 = s * s;
    double series = 1.0 / 15.0;
    for (int odd = 13; odd >= 1; odd -= 2) series = 1.0 / odd + s2 * series;
    return static_cast<float>(exponent * kLn2 + 2.0 * s * series);
}

// (1 - e^-2|x|) / (1 + e^-2|x|) with the sign of x; below 1e-4 the subtraction would cancel, and
// x - x^3/3 is exact to float precision there.
float tanh(float x) {
    if (std::isnan(x)) return x;
    const double magnitude = std::fabs(static_cast<double>(x));
    double result;
    if (magnitude < 1e-4) {
        result = magnitude - magnitude * magnitude * magnitude / 3.0;
    } else {
        const double e = magnitude > 20.0 ? 0.0 : exp_double(-2.0 * magnitude);
        result = (1.0 - e) / (1.0 + e);
    }
    return static_cast<float>(x < 0.0f ? -result : result);
}

// Written so that the exponential is never of a large positive number.
float sigmoid(float x) {
    if (std::isnan(x)) return x;
    const double magnitude = std::min(std::fabs(static_cast<double>(x)), 700.0);
    const double e = exp_double(-magnitude);
    return static_cast<float>(x >= 0.0f ? 1.0 / (1.0 + e) : e / (1.0 + e));
}

// ---- Softmax ------------------------------------------------------------------------------------

namespace {

// Per sample: the largest logit and log(sum(exp(logit - largest))), the two terms of log-sum-exp.
struct LogSumExp {
    float largest;
    float log_sum;
};

LogSumExp log_sum_exp(const float* logits, std::size_t count) {
    const float largest = *std::max_element(logits, logits + count);
    double sum = 0.0;
    for (std::size_t i = 0; i < count; ++i) sum += learn::exp(logits[i] - largest);
    return {largest, learn::log(static_cast<float>(sum))};
}

}  // namespace

Tensor log_softmax(const Tensor& logits) {
    Tensor result(logits.shape);
    const std::size_t count = logits.sample_size();
    for (int n = 0; n < logits.batch(); ++n) {
        const float* in = logits.sample(n);
        const LogSumExp lse = log_sum_exp(in, count);
        float* out = result.sample(n);
        for (std::size_t i = 0; i < count; ++i) out[i] = (in[i] - lse.largest) - lse.log_sum;
    }
    return result;
}

Tensor softmax(const Tensor& logits) {
    Tensor result = log_softmax(logits);
    for (float& value : result.values) value = learn::exp(value);
    return result;
}

}  // namespace gridlab::learn
