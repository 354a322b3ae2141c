// gridlab::learn: a small neural-network library, the whole public API in one header.
//
//   Network net;
//   net.add(std::make_unique<Conv2d>(2, 32));   // 2 input channels -> 32, 3x3, same padding
//   net.add(std::make_unique<ReLU>());
//   net.add(std::make_unique<Conv2d>(32, 1));   // one score per cell
//   Rng rng(seed);
//   net.init(rng);                               // He / Xavier uniform, biases 0
//   Adam adam(net, {.learning_rate = 1e-3f});
//
//   Tensor boards({batch, 2, rows, cols});       // fill with boards.at(n, c, y, x) = ...
//   const Tensor& scores = net.forward(boards);  // (batch, 1, rows, cols)
//   Loss loss = binary_cross_entropy_from_logits(scores, targets, &labelled);
//   net.backward_parameters(loss.grad);          // accumulates gradients
//   adam.step();                                 // applies them, then clears them
//
// Everything is float32 and deterministic: the same seed and the same data give bit-identical weights
// natively and in WebAssembly (README.md says how). Sections: Tensor, portable math, layers, network,
// losses, optimisers, hashing. Model files are in model_file.h.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.h"

namespace gridlab::learn {

// ---- Tensor -------------------------------------------------------------------------------------

// A batch: shape (N, features) or (N, C, H, W), values contiguous and row-major (channel-major per
// sample: channel c at (y, x) is at ((n * C + c) * H + y) * W + x).
struct Tensor {
    std::vector<int> shape;
    std::vector<float> values;

    Tensor() = default;
    explicit Tensor(std::vector<int> dims, float fill = 0.0f);

    int batch() const { return shape.empty() ? 0 : shape[0]; }
    std::size_t size() const { return values.size(); }
    std::size_t sample_size() const;  // values per sample: the product of the dims after the first
    float* sample(int n) { return values.data() + static_cast<std::size_t>(n) * sample_size(); }
    const float* sample(int n) const { return values.data() + static_cast<std::size_t>(n) * sample_size(); }

    float& at(int n, int i) {
        return values[static_cast<std::size_t>(n) * sample_size() + static_cast<std::size_t>(i)];
    }
    float at(int n, int i) const {
        return values[static_cast<std::size_t>(n) * sample_size() + static_cast<std::size_t>(i)];
    }
    float& at(int n, int c, int y, int x) { return values[index(n, c, y, x)]; }
    float at(int n, int c, int y, int x) const { return values[index(n, c, y, x)]; }
    // Where (n, c, y, x) of an (N, C, H, W) tensor lives in `values`.
    std::size_t index(int n, int c, int y, int x) const {
        return ((static_cast<std::size_t>(n) * shape[1] + c) * shape[2] + y) * shape[3] + x;
    }

    // Gives the tensor `new_shape` with every value 0, reusing the buffer's memory.
    void reset(const std::vector<int>& new_shape);
};

// "(32, 2, 9, 9)", for error messages.
std::string shape_string(const std::vector<int>& shape);
// Throws std::invalid_argument ("<where>: expected shape (..), got (..)") unless the shapes are equal.
void require_shape(const std::vector<int>& actual, const std::vector<int>& expected, const char* where);

// ---- Portable math ------------------------------------------------------------------------------
// std::exp and friends may round differently in glibc and in Emscripten's musl, which would make
// native and WebAssembly training drift apart. These use only + - * / on doubles and operations that
// never round (floor, frexp, ldexp): a range reduction, then a polynomial. So they give the same bits
// everywhere. Accuracy: within 1 ulp of the exact float result (tested against std:: in double).

float exp(float x);  // overflows to +inf above ~88.7, 0 below ~-103.9
float log(float x);  // x > 0; log(0) = -inf, log of a negative or NaN = NaN
float tanh(float x);
float sigmoid(float x);  // 1 / (1 + exp(-x)), never overflows

// Softmax over each sample's values (all of a sample's elements form one distribution: the cells of
// a board, or the classes of a dense output). Stable: the largest logit is subtracted first.
Tensor softmax(const Tensor& logits);
Tensor log_softmax(const Tensor& logits);

// ---- Layers -------------------------------------------------------------------------------------

// A learnable array and the gradient of the loss with respect to it, accumulated by backward().
struct Parameter {
    std::vector<float> value;
    std::vector<float> grad;
    bool decays = true;  // L2 weight decay applies to weights, not to biases
};

// One step of a Network. forward() keeps what backward() needs, so each layer object serves one
// forward/backward pair at a time; backward() must follow the forward() of the same batch.
class Layer {
public:
    virtual ~Layer() = default;
    // The output for a batch, valid until the next forward().
    virtual const Tensor& forward(const Tensor& input) = 0;
    // Adds dLoss/dParameters to the parameters' grads and returns dLoss/dInput.
    virtual const Tensor& backward(const Tensor& output_grad) = 0;
    // Adds dLoss/dParameters only: for a network's first layer, whose input has no use for a
    // gradient (in a Conv2d or Dense layer, half of its backward arithmetic).
    virtual void backward_parameters(const Tensor& output_grad) { backward(output_grad); }
    virtual std::vector<Parameter*> parameters() { return {}; }
    // {"type": "dense", "in": 81, "out": 1}: enough to rebuild the layer (see layers_from_json).
    virtual nlohmann::json describe() const = 0;
    // Sizes of the kernel matrix for initialisation (0 for layers without weights).
    virtual int fan_in() const { return 0; }
    virtual int fan_out() const { return 0; }
};

// y = W x + b on each sample's flattened values: (N, in) or (N, C, H, W) with C*H*W = in -> (N, out).
class Dense final : public Layer {
public:
    Dense(int in_features, int out_features);
    const Tensor& forward(const Tensor& input) override;
    const Tensor& backward(const Tensor& output_grad) override;
    void backward_parameters(const Tensor& output_grad) override;
    std::vector<Parameter*> parameters() override { return {&weight_, &bias_}; }
    nlohmann::json describe() const override;
    int fan_in() const override { return in_; }
    int fan_out() const override { return out_; }

private:
    int in_, out_;
    Parameter weight_;  // (out, in), row-major
    Parameter bias_;    // (out)
    std::vector<float> weight_transposed_;  // (in, out), scratch of forward
    Tensor input_, output_, input_grad_;
};

// A k x k convolution (k odd) with stride 1 and zero "same" padding: (N, in, H, W) -> (N, out, H, W).
// The same weights slide over every cell, so one network runs on any board size. With dilation d the
// taps are d cells apart (a 3x3 filter with d = 2 sees a 5x5 area through 9 cells), so a few layers
// see far without more weights.
class Conv2d final : public Layer {
public:
    Conv2d(int in_channels, int out_channels, int kernel = 3, int dilation = 1);
    const Tensor& forward(const Tensor& input) override;
    const Tensor& backward(const Tensor& output_grad) override;
    void backward_parameters(const Tensor& output_grad) override;
    std::vector<Parameter*> parameters() override { return {&weight_, &bias_}; }
    // {"type": "conv2d", "in", "out", "kernel"}, and "dilation" when it is not 1.
    nlohmann::json describe() const override;
    int fan_in() const override { return in_ * kernel_ * kernel_; }
    int fan_out() const override { return out_ * kernel_ * kernel_; }

private:
    int in_, out_, kernel_, dilation_;
    Parameter weight_;  // (out, in, k, k): row co of an (out) x (in*k*k) matrix
    Parameter bias_;    // (out)
    std::vector<int> input_shape_;
    std::vector<float> columns_;  // im2col of the whole batch, (taps, cells) per sample, kept for backward
    // Scratch of backward: dLoss/dcolumns of one sample (taps, cells), dLoss/doutput of one sample
    // transposed (cells, out), and dLoss/dW transposed (taps, out).
    std::vector<float> column_grad_, output_grad_transposed_, weight_grad_transposed_;
    Tensor output_, input_grad_;
};

// The whole board at every cell: (N, C, H, W) -> (N, 2C, H, W), the C input channels followed by C
// more, each the mean of an input channel over the board, the same on every cell. A convolution after
// it sees, beside what is around a cell, what the whole board holds (how much of it is still hidden,
// say), however large the board. No weights. The means are summed in double, cell by cell in order.
class GlobalPool final : public Layer {
public:
    explicit GlobalPool(int channels);
    const Tensor& forward(const Tensor& input) override;
    const Tensor& backward(const Tensor& output_grad) override;
    nlohmann::json describe() const override { return {{"type", "global_pool"}, {"in", channels_}}; }

private:
    int channels_;
    Tensor output_, input_grad_;
};

// Element-wise activations: output = f(input), and dInput = f'(input) * dOutput with f' computed
// from the kept output (ReLU: y > 0; tanh: 1 - y^2; sigmoid: y (1 - y)). A template rather than a
// virtual f, so that the per-element loop has no call in it; its code is compiled once, in the
// library (layers.cpp), with the library's floating-point flags.
template <typename Function>
class ElementWise final : public Layer {
public:
    const Tensor& forward(const Tensor& input) override;
    const Tensor& backward(const Tensor& output_grad) override;
    nlohmann::json describe() const override { return {{"type", Function::name}}; }

private:
    Tensor output_, input_grad_;
};

struct ReluFunction {
    static constexpr const char* name = "relu";
    static float apply(float x) { return x > 0.0f ? x : 0.0f; }
    static float slope_from_output(float y) { return y > 0.0f ? 1.0f : 0.0f; }
};
struct TanhFunction {
    static constexpr const char* name = "tanh";
    static float apply(float x) { return learn::tanh(x); }
    static float slope_from_output(float y) { return 1.0f - y * y; }
};
struct SigmoidFunction {
    static constexpr const char* name = "sigmoid";
    static float apply(float x) { return learn::sigmoid(x); }
    static float slope_from_output(float y) { return y * (1.0f - y); }
};
extern template class ElementWise<ReluFunction>;
extern template class ElementWise<TanhFunction>;
extern template class ElementWise<SigmoidFunction>;
using ReLU = ElementWise<ReluFunction>;
using Tanh = ElementWise<TanhFunction>;
using Sigmoid = ElementWise<SigmoidFunction>;

// Rebuilds layers from a list of describe()'s JSON. Checks every layer (known type, sizes in range,
// channels that chain) and that the parameters number at most max_parameters before making any;
// throws std::invalid_argument naming the layer and what is wrong.
std::vector<std::unique_ptr<Layer>> layers_from_json(const nlohmann::json& descriptions,
                                                     uint64_t max_parameters = UINT64_MAX);

// ---- Network ------------------------------------------------------------------------------------

// Layers applied in order. Copying a network copies its architecture and weights (e.g. the target
// network of a Q-learner); gradients and optimiser state are not copied.
class Network {
public:
    Network() = default;
    Network(const Network& other);
    Network& operator=(const Network& other);
    Network(Network&&) noexcept = default;
    Network& operator=(Network&&) noexcept = default;

    // Appends a layer; returns *this so that a network can be built in one expression.
    Network& add(std::unique_ptr<Layer> layer);

    // Seeded initialisation: a layer followed by a ReLU gets He uniform weights (limit
    // sqrt(6 / fan_in)), any other Xavier uniform (sqrt(6 / (fan_in + fan_out))); biases 0.
    void init(Rng& rng);

    const Tensor& forward(const Tensor& input);
    // Back-propagates dLoss/dOutput of the last forward(); returns dLoss/dInput (for a network fed
    // by another, e.g. heads on a shared trunk).
    const Tensor& backward(const Tensor& output_grad);
    // The same gradients of the parameters, without dLoss/dInput (what a trainer needs).
    void backward_parameters(const Tensor& output_grad);

    std::vector<Parameter*> parameters();
    std::vector<const Parameter*> parameters() const;
    std::size_t parameter_count() const;  // learnable floats
    void zero_grad();

    // The layer list, [{"type": "conv2d", "in": 2, "out": 32, "kernel": 3}, {"type": "relu"}, ...];
    // from_architecture() rebuilds it with weights 0 (see layers_from_json for the checks).
    nlohmann::json architecture() const;
    static Network from_architecture(const nlohmann::json& layers, uint64_t max_parameters = UINT64_MAX);

private:
    std::vector<std::unique_ptr<Layer>> layers_;
};

// ---- Losses -------------------------------------------------------------------------------------
// Each returns the loss and its gradient with respect to the prediction (or logits), ready for
// Network::backward. An optional `weight` tensor (same shape) weights each element: 0 leaves an
// element out (a cell without a label), and the loss is the weighted mean, sum(w * l) / sum(w)
// (0, with a zero gradient, when every weight is 0). Without weights every element weighs 1.

struct Loss {
    float value = 0.0f;
    Tensor grad;
};

// Mean of (prediction - target)^2.
Loss mse(const Tensor& prediction, const Tensor& target, const Tensor* weight = nullptr);

// Mean of the binary cross-entropy of sigmoid(logit) against a target in [0, 1], computed from the
// logit (stable for any logit).
Loss binary_cross_entropy_from_logits(const Tensor& logits, const Tensor& target, const Tensor* weight = nullptr);

// Mean over samples of -sum(target * log_softmax(logits)), each sample's values one distribution.
// `mask` (optional, 0 or 1 per element) removes elements from the softmax (illegal moves); targets
// there must be 0.
Loss cross_entropy_from_logits(const Tensor& logits, const Tensor& target, const Tensor* mask = nullptr);

// ---- Optimisers ---------------------------------------------------------------------------------
// An optimiser is made for one network (which must outlive it and keep its layers) and keeps
// per-parameter state. step() applies the accumulated gradients, then clears them. Weight decay adds
// decay * w to the gradient of every weight (not biases): L2 regularisation. settings() may be
// changed between steps (a learning-rate schedule, a slider).

class Optimizer {
public:
    virtual ~Optimizer() = default;
    virtual void step() = 0;
};

struct SgdSettings {
    float learning_rate = 0.01f;
    float momentum = 0.0f;  // 0: plain SGD; else velocity = momentum * velocity + grad
    float weight_decay = 0.0f;
};

class Sgd final : public Optimizer {
public:
    Sgd(Network& network, SgdSettings settings = {});
    void step() override;
    SgdSettings& settings() { return settings_; }

private:
    Network& network_;
    std::vector<Parameter*> parameters_;
    SgdSettings settings_;
    std::vector<std::vector<float>> velocity_;
};

struct AdamSettings {
    float learning_rate = 0.001f;
    float beta1 = 0.9f;
    float beta2 = 0.999f;
    float epsilon = 1e-8f;
    float weight_decay = 0.0f;
};

class Adam final : public Optimizer {
public:
    Adam(Network& network, AdamSettings settings = {});
    void step() override;
    AdamSettings& settings() { return settings_; }

private:
    Network& network_;
    std::vector<Parameter*> parameters_;
    AdamSettings settings_;
    std::vector<std::vector<float>> first_moment_, second_moment_;
    // beta^t kept as running products: std::pow could round differently across platforms.
    double beta1_power_ = 1.0, beta2_power_ = 1.0;
};

// ---- Hashing ------------------------------------------------------------------------------------

// FNV-1a 64 over bytes: the model file's checksum and the weight hash.
uint64_t fnv1a64(std::span<const unsigned char> bytes, uint64_t hash = 0xcbf29ce484222325ull);

// The IEEE-754 bits of a float, and back (what std::bit_cast does; Emscripten 3.1.6's libc++ lacks it).
uint32_t float_bits(float value);
float float_from_bits(uint32_t bits);

// The raw bits of every parameter's values in order, 4 little-endian bytes each: what model files
// store and weight_hash hashes.
std::string weight_bytes(const Network& network);
// FNV-1a 64 of weight_bytes: equal hashes mean bit-identical weights.
uint64_t weight_hash(const Network& network);
// 16 lowercase hex digits, as the command line prints a weight hash.
std::string hex16(uint64_t value);

}  // namespace gridlab::learn
