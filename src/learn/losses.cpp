// Losses: a value and its gradient with respect to the prediction (or the logits).
//
// Sums are kept in double: the same on every platform, and a mean over many cells stays accurate.
#include <algorithm>
#include <cmath>

#include "learn/nn.h"

namespace gridlab::learn {

namespace {

void check_inputs(const Tensor& prediction, const Tensor& target, const Tensor* weight, const char* loss) {
    require_shape(target.shape, prediction.shape, loss);
    if (weight) require_shape(weight->shape, prediction.shape, loss);
}

// The loss of one element and its derivative with respect to the prediction.
struct ElementLoss {
    double value;
    double slope;
};

// The weighted mean of an element-wise loss: sum(w * loss) / sum(w), and its gradient.
template <typename PerElement>
Loss weighted_mean(const Tensor& prediction, const Tensor& target, const Tensor* weight, PerElement per_element) {
    double total_weight = 0.0;
    for (std::size_t i = 0; i < prediction.size(); ++i) total_weight += weight ? weight->values[i] : 1.0;
    Loss loss{0.0f, Tensor(prediction.shape)};
    if (total_weight == 0.0) return loss;
    double sum = 0.0;
    for (std::size_t i = 0; i < prediction.size(); ++i) {
        const double w = weight ? weight->values[i] : 1.0;
        if (w == 0.0) continue;
        const ElementLoss element = per_element(prediction.values[i], target.values[i]);
        sum += w * element.value;
        loss.grad.values[i] = static_cast<float>(w * element.slope / total_weight);
    }
    loss.value = static_cast<float>(sum / total_weight);
    return loss;
}

}  // namespace

Loss mse(const Tensor& prediction, const Tensor& target, const Tensor* weight) {
    check_inputs(prediction, target, weight, "mse");
    return weighted_mean(prediction, target, weight, [](float p, float t) {
        const double error = static_cast<double>(p) - t;
        return ElementLoss{error * error, 2.0 * error};
    });
}

// -t log(s) - (1 - t) log(1 - s) with s = sigmoid(z) is max(z, 0) - z t + log(1 + e^-|z|), which
// never takes the log of 0 nor the exponential of a large number; its slope is s - t.
Loss binary_cross_entropy_from_logits(const Tensor& logits, const Tensor& target, const Tensor* weight) {
    check_inputs(logits, target, weight, "binary cross-entropy");
    return weighted_mean(logits, target, weight, [](float z, float t) {
        const double value =
            std::max(z, 0.0f) - static_cast<double>(z) * t + learn::log(1.0f + learn::exp(-std::fabs(z)));
        return ElementLoss{value, static_cast<double>(learn::sigmoid(z)) - t};
    });
}

// Per sample, over the elements the mask keeps: loss = -sum(t (z - lse)) with lse = log(sum(e^z)), and
// dloss/dz_i = softmax_i * sum(t) - t_i. The loss is the mean over samples.
Loss cross_entropy_from_logits(const Tensor& logits, const Tensor& target, const Tensor* mask) {
    check_inputs(logits, target, mask, "cross-entropy");
    Loss loss{0.0f, Tensor(logits.shape)};
    const std::size_t count = logits.sample_size();
    const auto kept = [&](int n, std::size_t i) { return !mask || mask->sample(n)[i] != 0.0f; };
    double total = 0.0;
    for (int n = 0; n < logits.batch(); ++n) {
        const float* z = logits.sample(n);
        const float* t = target.sample(n);
        float largest = -INFINITY;
        for (std::size_t i = 0; i < count; ++i)
            if (kept(n, i)) largest = std::max(largest, z[i]);
        if (largest == -INFINITY) continue;  // nothing kept: this sample adds nothing
        double sum_exp = 0.0, sum_target = 0.0;
        for (std::size_t i = 0; i < count; ++i)
            if (kept(n, i)) {
                sum_exp += learn::exp(z[i] - largest);
                sum_target += t[i];
            }
        const double lse = largest + static_cast<double>(learn::log(static_cast<float>(sum_exp)));
        float* grad = loss.grad.sample(n);
        for (std::size_t i = 0; i < count; ++i) {
            if (!kept(n, i)) continue;
            total -= t[i] * (z[i] - lse);
            const double probability = learn::exp(z[i] - largest) / sum_exp;
            grad[i] = static_cast<float>((probability * sum_target - t[i]) / logits.batch());
        }
    }
    loss.value = logits.batch() ? static_cast<float>(total / logits.batch()) : 0.0f;
    return loss;
}

}  // namespace gridlab::learn
