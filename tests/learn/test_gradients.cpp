// Every layer's and every loss's gradient against central finite differences.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>
#include <vector>

#include "learn/nn.h"

namespace learn = gridlab::learn;
using gridlab::Rng;
using learn::Tensor;

namespace {

Tensor random_tensor(std::vector<int> shape, Rng& rng, float scale = 1.0f) {
    Tensor t(std::move(shape));
    for (float& v : t.values) v = static_cast<float>((2.0 * rng.unit() - 1.0) * scale);
    return t;
}

// Central difference of f at `value` moved by +-step (f read in double to keep float noise small).
double numeric_slope(float& value, float step, const std::function<double()>& f) {
    const float saved = value;
    value = saved + step;
    const double up = f();
    value = saved - step;
    const double down = f();
    value = saved;
    return (up - down) / (2.0 * step);
}

// Float32 forward passes limit agreement to about 1e-3 of the gradient's size at this step.
void check_close(double numeric, double analytic) {
    CHECK(std::fabs(numeric - analytic) <= 2e-3 * std::max(1.0, std::fabs(analytic)));
}

// Checks dL/dinput and dL/dparameters of L = sum(readout * net(input)) against finite differences.
void check_network_gradients(learn::Network& net, Tensor input, Rng& rng, float step = 1e-2f) {
    const Tensor readout = random_tensor(net.forward(input).shape, rng);
    const auto loss = [&] {
        const Tensor& out = net.forward(input);
        double sum = 0.0;
        for (std::size_t i = 0; i < out.size(); ++i) sum += static_cast<double>(readout.values[i]) * out.values[i];
        return sum;
    };
    net.zero_grad();
    net.forward(input);
    const Tensor input_grad = net.backward(readout);
    REQUIRE(input_grad.shape == input.shape);
    for (std::size_t i = 0; i < input.size(); ++i)
        check_close(numeric_slope(input.values[i], step, loss), input_grad.values[i]);
    for (learn::Parameter* parameter : net.parameters()) {
        const std::vector<float> grad = parameter->grad;
        for (std::size_t i = 0; i < grad.size(); ++i)
            check_close(numeric_slope(parameter->value[i], step, loss), grad[i]);
    }
}

learn::Network single(std::unique_ptr<learn::Layer> layer, Rng& rng) {
    learn::Network net;
    net.add(std::move(layer));
    net.init(rng);
    for (learn::Parameter* parameter : net.parameters())  // non-zero biases, so their use is checked too
        for (float& v : parameter->value) v += static_cast<float>(0.1 * (2.0 * rng.unit() - 1.0));
    return net;
}

}  // namespace

TEST_CASE("dense gradients match finite differences", "[learn][gradients]") {
    Rng rng(1);
    auto net = single(std::make_unique<learn::Dense>(5, 3), rng);
    check_network_gradients(net, random_tensor({4, 5}, rng), rng);
    // A dense layer flattens (N, C, H, W) samples.
    auto flat = single(std::make_unique<learn::Dense>(2 * 2 * 3, 2), rng);
    check_network_gradients(flat, random_tensor({3, 2, 2, 3}, rng), rng);
}

TEST_CASE("conv2d gradients match finite differences, padding and board shapes included", "[learn][gradients]") {
    Rng rng(2);
    auto conv3 = single(std::make_unique<learn::Conv2d>(2, 3, 3), rng);
    check_network_gradients(conv3, random_tensor({2, 2, 4, 5}, rng), rng);
    auto conv5 = single(std::make_unique<learn::Conv2d>(1, 2, 5), rng);
    check_network_gradients(conv5, random_tensor({2, 1, 3, 6}, rng), rng);  // kernel wider than the board
    auto conv1 = single(std::make_unique<learn::Conv2d>(3, 2, 1), rng);
    check_network_gradients(conv1, random_tensor({1, 3, 2, 2}, rng), rng);
    auto dilated = single(std::make_unique<learn::Conv2d>(2, 2, 3, 2), rng);
    check_network_gradients(dilated, random_tensor({2, 2, 5, 4}, rng), rng);
    auto far = single(std::make_unique<learn::Conv2d>(1, 1, 3, 3), rng);  // every tap but the centre off a 3x3 board
    check_network_gradients(far, random_tensor({1, 1, 3, 3}, rng), rng);
}

TEST_CASE("global pooling gradients match finite differences", "[learn][gradients]") {
    Rng rng(5);
    learn::Network net;
    net.add(std::make_unique<learn::Conv2d>(2, 3)).add(std::make_unique<learn::GlobalPool>(3)).add(std::make_unique<learn::Conv2d>(6, 2));
    net.init(rng);
    check_network_gradients(net, random_tensor({2, 2, 3, 5}, rng), rng);
}

TEST_CASE("activation gradients match finite differences", "[learn][gradients]") {
    Rng rng(3);
    Tensor input = random_tensor({3, 7}, rng, 3.0f);
    for (float& v : input.values)  // keep ReLU's kink out of the finite difference's reach
        if (std::fabs(v) < 0.1f) v = 0.5f;
    auto relu = single(std::make_unique<learn::ReLU>(), rng);
    check_network_gradients(relu, input, rng);
    auto tanh = single(std::make_unique<learn::Tanh>(), rng);
    check_network_gradients(tanh, input, rng);
    auto sigmoid = single(std::make_unique<learn::Sigmoid>(), rng);
    check_network_gradients(sigmoid, input, rng);
}

TEST_CASE("a small conv + dense network back-propagates through every layer", "[learn][gradients]") {
    Rng rng(4);
    learn::Network net;
    net.add(std::make_unique<learn::Conv2d>(2, 4))
        .add(std::make_unique<learn::Tanh>())
        .add(std::make_unique<learn::Conv2d>(4, 3))
        .add(std::make_unique<learn::Sigmoid>())
        .add(std::make_unique<learn::Dense>(3 * 3 * 4, 5))
        .add(std::make_unique<learn::Tanh>())
        .add(std::make_unique<learn::Dense>(5, 2));
    net.init(rng);
    check_network_gradients(net, random_tensor({2, 2, 3, 4}, rng), rng);
}

namespace {

// Samples [first, first + count) of `batch`.
Tensor part_of(const Tensor& batch, int first, int count) {
    std::vector<int> shape = batch.shape;
    shape[0] = count;
    Tensor part(shape);
    std::copy(batch.sample(first), batch.sample(first) + count * batch.sample_size(), part.values.begin());
    return part;
}

std::vector<std::vector<float>> gradients(learn::Network& net) {
    std::vector<std::vector<float>> all;
    for (const learn::Parameter* p : std::as_const(net).parameters()) all.push_back(p->grad);
    return all;
}

}  // namespace

// What lets a trainer pass a batch through the network in parts (Gomoku's AzTrainer does, to keep
// each unit of work short): the gradients add up sample by sample in order, the same bits either way.
TEST_CASE("a batch's gradients have the same bits whole or in consecutive parts", "[learn][gradients]") {
    Rng rng(5);
    learn::Network net;
    net.add(std::make_unique<learn::Conv2d>(2, 4))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::GlobalPool>(4))
        .add(std::make_unique<learn::Conv2d>(8, 3, 3, 2))
        .add(std::make_unique<learn::Tanh>())
        .add(std::make_unique<learn::Dense>(3 * 4 * 5, 2));
    net.init(rng);
    const Tensor input = random_tensor({6, 2, 4, 5}, rng);
    const Tensor output_grad = random_tensor({6, 2}, rng);
    net.zero_grad();
    net.forward(input);
    net.backward(output_grad);
    const std::vector<std::vector<float>> whole = gradients(net);
    net.zero_grad();
    for (const auto& [first, count] : {std::pair{0, 2}, std::pair{2, 3}, std::pair{5, 1}}) {
        net.forward(part_of(input, first, count));
        net.backward(part_of(output_grad, first, count));
    }
    CHECK(gradients(net) == whole);
}

// A trainer's backward (the first layer skips its input's gradient) leaves the parameters' gradients
// exactly as the full backward does, whichever kind of layer comes first.
TEST_CASE("backward_parameters gives backward's parameter gradients, bit for bit", "[learn][gradients]") {
    Rng rng(7);
    learn::Network conv_first, dense_first;
    conv_first.add(std::make_unique<learn::Conv2d>(2, 4)).add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Conv2d>(4, 1, 1));
    dense_first.add(std::make_unique<learn::Dense>(2 * 4 * 5, 6)).add(std::make_unique<learn::Tanh>())
        .add(std::make_unique<learn::Dense>(6, 20));
    for (learn::Network* net : {&conv_first, &dense_first}) {
        net->init(rng);
        const Tensor input = random_tensor({3, 2, 4, 5}, rng);
        const Tensor& output = net->forward(input);
        const Tensor output_grad = random_tensor(output.shape, rng);
        net->zero_grad();
        net->backward(output_grad);
        const std::vector<std::vector<float>> full = gradients(*net);
        net->zero_grad();
        net->backward_parameters(output_grad);
        CHECK(gradients(*net) == full);
    }
}

namespace {

// Checks a loss's gradient with respect to its first argument.
void check_loss_gradient(const std::function<learn::Loss(const Tensor&)>& loss, Tensor prediction) {
    const learn::Loss at = loss(prediction);
    for (std::size_t i = 0; i < prediction.size(); ++i)
        check_close(numeric_slope(prediction.values[i], 1e-2f, [&] { return double{loss(prediction).value}; }),
                    at.grad.values[i]);
}

}  // namespace

TEST_CASE("loss gradients match finite differences, with and without weights or masks", "[learn][gradients]") {
    Rng rng(5);
    const Tensor prediction = random_tensor({3, 4}, rng, 2.0f);
    const Tensor target = random_tensor({3, 4}, rng);
    Tensor probability_target({3, 4});  // each row a distribution over its unmasked elements
    for (int n = 0; n < 3; ++n) probability_target.at(n, n) = 0.25f, probability_target.at(n, 3) = 0.75f;
    Tensor binary_target({3, 4});
    for (float& v : binary_target.values) v = rng.chance(0.5) ? 1.0f : 0.0f;
    Tensor weight({3, 4}, 1.0f);
    weight.at(0, 1) = 0.0f, weight.at(1, 2) = 0.0f, weight.at(2, 0) = 2.5f;
    Tensor mask({3, 4}, 1.0f);
    mask.at(0, 1) = 0.0f, mask.at(1, 2) = 0.0f;

    check_loss_gradient([&](const Tensor& p) { return learn::mse(p, target); }, prediction);
    check_loss_gradient([&](const Tensor& p) { return learn::mse(p, target, &weight); }, prediction);
    check_loss_gradient([&](const Tensor& z) { return learn::binary_cross_entropy_from_logits(z, binary_target); },
                        prediction);
    check_loss_gradient(
        [&](const Tensor& z) { return learn::binary_cross_entropy_from_logits(z, binary_target, &weight); },
        prediction);
    check_loss_gradient([&](const Tensor& z) { return learn::cross_entropy_from_logits(z, probability_target); },
                        prediction);
    check_loss_gradient([&](const Tensor& z) { return learn::cross_entropy_from_logits(z, probability_target, &mask); },
                        prediction);
}
