// Network (layers in order), its initialisation, and the weight hash.
#include <cmath>
#include <cstring>

#include "learn/nn.h"

namespace gridlab::learn {

Network::Network(const Network& other) : Network(from_architecture(other.architecture())) {
    const auto from = other.parameters();
    const auto to = parameters();
    for (std::size_t i = 0; i < from.size(); ++i) to[i]->value = from[i]->value;
}

Network& Network::operator=(const Network& other) {
    if (this != &other) *this = Network(other);
    return *this;
}

Network& Network::add(std::unique_ptr<Layer> layer) {
    layers_.push_back(std::move(layer));
    return *this;
}

void Network::init(Rng& rng) {
    for (std::size_t i = 0; i < layers_.size(); ++i) {
        Layer& layer = *layers_[i];
        if (layer.fan_in() == 0) continue;
        const bool before_relu = i + 1 < layers_.size() && dynamic_cast<const ReLU*>(layers_[i + 1].get());
        // He keeps the variance of ReLU activations from layer to layer; Xavier that of tanh,
        // sigmoid or linear ones.
        const double limit =
            before_relu ? std::sqrt(6.0 / layer.fan_in()) : std::sqrt(6.0 / (layer.fan_in() + layer.fan_out()));
        // Weights (the parameters that decay) drawn uniformly in [-limit, limit); biases 0.
        for (Parameter* parameter : layer.parameters())
            for (float& value : parameter->value)
                value = parameter->decays ? static_cast<float>((2.0 * rng.unit() - 1.0) * limit) : 0.0f;
    }
}

const Tensor& Network::forward(const Tensor& input) {
    const Tensor* x = &input;
    for (auto& layer : layers_) x = &layer->forward(*x);
    return *x;
}

const Tensor& Network::backward(const Tensor& output_grad) {
    const Tensor* grad = &output_grad;
    for (auto layer = layers_.rbegin(); layer != layers_.rend(); ++layer) grad = &(*layer)->backward(*grad);
    return *grad;
}

void Network::backward_parameters(const Tensor& output_grad) {
    if (layers_.empty()) return;
    const Tensor* grad = &output_grad;
    for (auto layer = layers_.rbegin(); layer + 1 != layers_.rend(); ++layer) grad = &(*layer)->backward(*grad);
    layers_.front()->backward_parameters(*grad);
}

std::vector<Parameter*> Network::parameters() {
    std::vector<Parameter*> all;
    for (auto& layer : layers_)
        for (Parameter* parameter : layer->parameters()) all.push_back(parameter);
    return all;
}

std::vector<const Parameter*> Network::parameters() const {
    std::vector<const Parameter*> all;
    for (auto& layer : layers_)
        for (const Parameter* parameter : layer->parameters()) all.push_back(parameter);
    return all;
}

std::size_t Network::parameter_count() const {
    std::size_t count = 0;
    for (const Parameter* parameter : parameters()) count += parameter->value.size();
    return count;
}

void Network::zero_grad() {
    for (Parameter* parameter : parameters()) std::fill(parameter->grad.begin(), parameter->grad.end(), 0.0f);
}

nlohmann::json Network::architecture() const {
    nlohmann::json layers = nlohmann::json::array();
    for (const auto& layer : layers_) layers.push_back(layer->describe());
    return layers;
}

Network Network::from_architecture(const nlohmann::json& layers, uint64_t max_parameters) {
    Network network;
    network.layers_ = layers_from_json(layers, max_parameters);
    return network;
}

// ---- Hashing ------------------------------------------------------------------------------------

uint64_t fnv1a64(std::span<const unsigned char> bytes, uint64_t hash) {
    for (unsigned char byte : bytes) hash = (hash ^ byte) * 0x100000001b3ull;
    return hash;
}

uint32_t float_bits(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

float float_from_bits(uint32_t bits) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// Written through a pointer, not appended byte by byte, which costs ten times as much in WebAssembly
// (base64_encode in core/text.cpp says why).
std::string weight_bytes(const Network& network) {
    std::string bytes(network.parameter_count() * 4, '\0');
    char* next = bytes.data();
    for (const Parameter* parameter : network.parameters())
        for (float value : parameter->value) {
            const uint32_t bits = float_bits(value);
            for (int shift = 0; shift < 32; shift += 8) *next++ = static_cast<char>(bits >> shift);
        }
    return bytes;
}

uint64_t weight_hash(const Network& network) {
    const std::string bytes = weight_bytes(network);
    return fnv1a64({reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()});
}

std::string hex16(uint64_t value) {
    static const char digits[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int i = 15; i >= 0; --i, value >>= 4) text[static_cast<std::size_t>(i)] = digits[value & 15];
    return text;
}

}  // namespace gridlab::learn
