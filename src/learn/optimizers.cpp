// SGD (with optional momentum) and Adam. Both add L2 weight decay to the weights' gradients, update,
// and clear the gradients for the next batch.
#include <cmath>

#include "learn/nn.h"

namespace gridlab::learn {

namespace {

std::vector<std::vector<float>> zeros_like(const std::vector<Parameter*>& parameters) {
    std::vector<std::vector<float>> state;
    for (const Parameter* parameter : parameters) state.emplace_back(parameter->value.size(), 0.0f);
    return state;
}

// The gradient the optimiser follows: the loss's, plus decay * w for weights.
float decayed_grad(const Parameter& parameter, std::size_t i, float weight_decay) {
    return parameter.decays ? parameter.grad[i] + weight_decay * parameter.value[i] : parameter.grad[i];
}

}  // namespace

Sgd::Sgd(Network& network, SgdSettings settings)
    : network_(network), parameters_(network.parameters()), settings_(settings), velocity_(zeros_like(parameters_)) {}

void Sgd::step() {
    for (std::size_t p = 0; p < parameters_.size(); ++p) {
        Parameter& parameter = *parameters_[p];
        std::vector<float>& velocity = velocity_[p];
        for (std::size_t i = 0; i < parameter.value.size(); ++i) {
            velocity[i] = settings_.momentum * velocity[i] + decayed_grad(parameter, i, settings_.weight_decay);
            parameter.value[i] -= settings_.learning_rate * velocity[i];
        }
    }
    network_.zero_grad();
}

Adam::Adam(Network& network, AdamSettings settings)
    : network_(network),
      parameters_(network.parameters()),
      settings_(settings),
      first_moment_(zeros_like(parameters_)),
      second_moment_(zeros_like(parameters_)) {}

// m = b1 m + (1 - b1) g, v = b2 v + (1 - b2) g^2; w -= lr m^ / (sqrt(v^) + eps) with the bias-corrected
// m^ = m / (1 - b1^t), v^ = v / (1 - b2^t).
void Adam::step() {
    beta1_power_ *= settings_.beta1;
    beta2_power_ *= settings_.beta2;
    const auto first_correction = static_cast<float>(1.0 - beta1_power_);
    const auto second_correction = static_cast<float>(1.0 - beta2_power_);
    for (std::size_t p = 0; p < parameters_.size(); ++p) {
        Parameter& parameter = *parameters_[p];
        std::vector<float>& m = first_moment_[p];
        std::vector<float>& v = second_moment_[p];
        for (std::size_t i = 0; i < parameter.value.size(); ++i) {
            const float g = decayed_grad(parameter, i, settings_.weight_decay);
            m[i] = settings_.beta1 * m[i] + (1.0f - settings_.beta1) * g;
            v[i] = settings_.beta2 * v[i] + (1.0f - settings_.beta2) * g * g;
            const float m_hat = m[i] / first_correction, v_hat = v[i] / second_correction;
            parameter.value[i] -= settings_.learning_rate * m_hat / (std::sqrt(v_hat) + settings_.epsilon);
        }
    }
    network_.zero_grad();
}

}  // namespace gridlab::learn
