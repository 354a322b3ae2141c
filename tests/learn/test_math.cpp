#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "learn/nn.h"

namespace learn = gridlab::learn;

namespace {

// Distance in units in the last place between two finite floats of the same sign.
int64_t ulps_apart(float a, float b) {
    const auto ia = static_cast<int64_t>(learn::float_bits(a));
    const auto ib = static_cast<int64_t>(learn::float_bits(b));
    return ia > ib ? ia - ib : ib - ia;
}

// The largest error, in float ulps, of `ours` against the double-precision `reference` rounded to
// float, over `count` evenly spaced points of [lo, hi].
template <typename Ours, typename Reference>
int64_t worst_ulps(Ours ours, Reference reference, double lo, double hi, int count) {
    int64_t worst = 0;
    for (int i = 0; i <= count; ++i) {
        const auto x = static_cast<float>(lo + (hi - lo) * i / count);
        worst = std::max(worst, ulps_apart(ours(x), static_cast<float>(reference(static_cast<double>(x)))));
    }
    return worst;
}

}  // namespace

TEST_CASE("portable exp, log, tanh and sigmoid are within 1 ulp of the exact float", "[learn][math]") {
    const auto reference_exp = [](double x) { return std::exp(x); };
    const auto reference_log = [](double x) { return std::log(x); };
    const auto reference_tanh = [](double x) { return std::tanh(x); };
    const auto reference_sigmoid = [](double x) { return 1.0 / (1.0 + std::exp(-x)); };
    CHECK(worst_ulps(learn::exp, reference_exp, -87.0, 88.0, 200000) <= 1);
    CHECK(worst_ulps(learn::log, reference_log, 1e-6, 10.0, 200000) <= 1);
    CHECK(worst_ulps(learn::log, reference_log, 10.0, 1e30, 200000) <= 1);
    CHECK(worst_ulps(learn::tanh, reference_tanh, 1e-6, 12.0, 200000) <= 1);
    CHECK(worst_ulps(learn::sigmoid, reference_sigmoid, -80.0, 80.0, 200000) <= 1);
}

TEST_CASE("portable math at its edges", "[learn][math]") {
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(learn::exp(0.0f) == 1.0f);
    CHECK(learn::exp(100.0f) == inf);
    CHECK(learn::exp(-200.0f) == 0.0f);
    CHECK(learn::log(1.0f) == 0.0f);
    CHECK(learn::log(0.0f) == -inf);
    CHECK(std::isnan(learn::log(-1.0f)));
    CHECK(learn::tanh(0.0f) == 0.0f);
    CHECK(learn::tanh(30.0f) == 1.0f);
    CHECK(learn::tanh(-30.0f) == -1.0f);
    CHECK(learn::tanh(-0.5f) == -learn::tanh(0.5f));
    CHECK(learn::sigmoid(0.0f) == 0.5f);
    CHECK(learn::sigmoid(1000.0f) == 1.0f);
    CHECK(learn::sigmoid(-1000.0f) == 0.0f);
}

TEST_CASE("softmax and log-softmax work per sample and are stable", "[learn][math]") {
    learn::Tensor logits({2, 4});
    logits.values = {0, 0, 0, 0, 1000, 0, -1000, 0};
    const learn::Tensor p = learn::softmax(logits);
    CHECK(p.shape == std::vector<int>{2, 4});
    CHECK(p.values == std::vector<float>{0.25f, 0.25f, 0.25f, 0.25f, 1, 0, 0, 0});
    const float log4 = learn::log(4.0f);
    CHECK(learn::log_softmax(logits).values == std::vector<float>{-log4, -log4, -log4, -log4, 0, -1000, -2000, -1000});
}
