// Exact values of layers, losses and optimiser steps; shapes and their errors.
#include <catch2/catch.hpp>

#include <cmath>

#include "learn/nn.h"

namespace learn = gridlab::learn;
using learn::Tensor;

TEST_CASE("dense computes W x + b per sample", "[learn][layers]") {
    learn::Dense dense(2, 2);
    dense.parameters()[0]->value = {1, 2, 3, 4};  // rows: outputs
    dense.parameters()[1]->value = {0.5f, -1};
    Tensor x({2, 2});
    x.values = {1, 1, 2, -1};
    const Tensor& y = dense.forward(x);
    CHECK(y.shape == std::vector<int>{2, 2});
    CHECK(y.values == std::vector<float>{3.5f, 6, 0.5f, 1});
}

TEST_CASE("conv2d slides one kernel over every cell with zero padding", "[learn][layers]") {
    learn::Conv2d conv(1, 2, 3);
    std::vector<float>& weight = conv.parameters()[0]->value;
    std::fill(weight.begin(), weight.begin() + 9, 1.0f);  // channel 0: the sum of the 3x3 neighbourhood
    weight[9 + 5] = 1.0f;                                 // channel 1: the right-hand neighbour
    conv.parameters()[1]->value = {0.5f, 0};
    Tensor x({1, 1, 2, 3});
    x.values = {1, 2, 3, 4, 5, 6};
    const Tensor& y = conv.forward(x);
    CHECK(y.shape == std::vector<int>{1, 2, 2, 3});
    CHECK(y.values == std::vector<float>{12.5f, 21.5f, 16.5f, 12.5f, 21.5f, 16.5f,  // neighbourhood sums + 0.5
                                         2, 3, 0, 5, 6, 0});
}

TEST_CASE("a dilated conv2d reads cells d apart", "[learn][layers]") {
    learn::Conv2d conv(1, 1, 3, 2);
    std::vector<float>& weight = conv.parameters()[0]->value;
    weight[1] = 1.0f;   // the tap above: two rows up
    weight[5] = 10.0f;  // the tap to the right: two columns right
    Tensor x({1, 1, 3, 4});
    x.values = {1, 2, 3, 4,  //
                5, 6, 7, 8,  //
                9, 10, 11, 12};
    const Tensor& y = conv.forward(x);
    CHECK(y.values == std::vector<float>{30, 40, 0, 0,  //
                                         70, 80, 0, 0,  //
                                         1 + 110, 2 + 120, 3, 4});
    CHECK(conv.describe() == nlohmann::json{{"type", "conv2d"}, {"in", 1}, {"out", 1}, {"kernel", 3}, {"dilation", 2}});
    CHECK(learn::Conv2d(1, 1).describe().count("dilation") == 0);  // as before dilation existed
}

TEST_CASE("global pooling appends each channel's mean over the board", "[learn][layers]") {
    learn::GlobalPool pool(2);
    Tensor x({2, 2, 1, 3});
    x.values = {1, 2, 6, 0, 0, 3,  // sample 0: channel means 3 and 1
                -1, 1, 3, 9, 9, 9};
    const Tensor& y = pool.forward(x);
    CHECK(y.shape == std::vector<int>{2, 4, 1, 3});
    CHECK(y.values == std::vector<float>{1, 2, 6, 0, 0, 3, 3, 3, 3, 1, 1, 1,  //
                                         -1, 1, 3, 9, 9, 9, 1, 1, 1, 9, 9, 9});
    Tensor dy({2, 4, 1, 3});
    dy.values = {1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 6,  //
                 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    // Each cell's own gradient, plus the mean channel's gradient summed and shared over the 3 cells.
    CHECK(pool.backward(dy).values == std::vector<float>{2, 1, 1, 2, 2, 2, 0, 0, 0, 0, 0, 0});
    CHECK_THROWS_WITH(pool.forward(Tensor({1, 3, 2, 2})), "global_pool: expects (N, 2, H, W), got shape (1, 3, 2, 2)");
}

TEST_CASE("one network runs on any board size", "[learn][layers]") {
    learn::Network net;
    net.add(std::make_unique<learn::Conv2d>(2, 4))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Conv2d>(4, 1));
    gridlab::Rng rng(1);
    net.init(rng);
    CHECK(net.forward(Tensor({3, 2, 9, 9})).shape == std::vector<int>{3, 1, 9, 9});
    CHECK(net.forward(Tensor({1, 2, 16, 30})).shape == std::vector<int>{1, 1, 16, 30});
    CHECK(net.parameter_count() == 2 * 4 * 9 + 4 + 4 * 9 + 1);
}

TEST_CASE("a wrong input shape is an error naming the layer and the shapes", "[learn][layers]") {
    learn::Dense dense(4, 2);
    CHECK_THROWS_WITH(dense.forward(Tensor({2, 3})), "dense: expects 4 values per sample, got shape (2, 3)");
    learn::Conv2d conv(2, 2);
    CHECK_THROWS_WITH(conv.forward(Tensor({1, 3, 4, 4})), "conv2d: expects (N, 2, H, W), got shape (1, 3, 4, 4)");
    conv.forward(Tensor({1, 2, 4, 4}));
    CHECK_THROWS_WITH(conv.backward(Tensor({1, 2, 4, 5})),
                      "conv2d backward: expected shape (1, 2, 4, 4), got (1, 2, 4, 5)");
    CHECK_THROWS_WITH(learn::Conv2d(2, 2, 4), "conv2d: kernel must be odd and positive (same padding), got 4");
}

TEST_CASE("initialisation is seeded: He before a ReLU, Xavier elsewhere, biases zero", "[learn][layers]") {
    const auto make = [](uint64_t seed) {
        learn::Network net;
        net.add(std::make_unique<learn::Dense>(50, 40))
            .add(std::make_unique<learn::ReLU>())
            .add(std::make_unique<learn::Dense>(40, 20));
        gridlab::Rng rng(seed);
        net.init(rng);
        return net;
    };
    const learn::Network a = make(7);
    CHECK(learn::weight_hash(a) == learn::weight_hash(make(7)));
    CHECK(learn::weight_hash(a) != learn::weight_hash(make(8)));
    const auto parameters = a.parameters();
    const auto largest = [](const std::vector<float>& values) {
        float m = 0;
        for (float v : values) m = std::max(m, std::fabs(v));
        return m;
    };
    const float he = std::sqrt(6.0f / 50), xavier = std::sqrt(6.0f / (40 + 20));
    CHECK(largest(parameters[0]->value) <= he);
    CHECK(largest(parameters[0]->value) > 0.95f * he);
    CHECK(largest(parameters[1]->value) == 0.0f);
    CHECK(largest(parameters[2]->value) <= xavier);
    CHECK(largest(parameters[2]->value) > 0.95f * xavier);
}

TEST_CASE("a copied network has the same weights and computes the same outputs", "[learn][layers]") {
    learn::Network net;
    net.add(std::make_unique<learn::Conv2d>(1, 3))
        .add(std::make_unique<learn::Tanh>())
        .add(std::make_unique<learn::Dense>(3 * 4, 2));
    gridlab::Rng rng(3);
    net.init(rng);
    learn::Network copy = net;
    Tensor x({2, 1, 2, 2}, 0.5f);
    CHECK(copy.architecture() == net.architecture());
    CHECK(copy.forward(x).values == net.forward(x).values);
    copy.parameters()[0]->value[0] += 1.0f;  // the copy owns its weights
    CHECK(learn::weight_hash(copy) != learn::weight_hash(net));
}

TEST_CASE("losses have exact values on simple inputs", "[learn][losses]") {
    Tensor p({1, 2}), t({1, 2}), w({1, 2});
    p.values = {1, 2};
    w.values = {1, 0};
    const learn::Loss plain = learn::mse(p, t);
    CHECK(plain.value == 2.5f);
    CHECK(plain.grad.values == std::vector<float>{1, 2});
    const learn::Loss weighted = learn::mse(p, t, &w);
    CHECK(weighted.value == 1.0f);
    CHECK(weighted.grad.values == std::vector<float>{2, 0});
    const Tensor no_weight({1, 2});
    const learn::Loss nothing = learn::mse(p, t, &no_weight);
    CHECK(nothing.value == 0.0f);
    CHECK(nothing.grad.values == std::vector<float>{0, 0});

    Tensor z({1, 2}), y({1, 2});
    z.values = {0, 100};
    y.values = {1, 0};
    const learn::Loss bce = learn::binary_cross_entropy_from_logits(z, y);
    CHECK(bce.value == static_cast<float>((double{learn::log(2.0f)} + 100.0) / 2));  // the mean is taken in double
    CHECK(bce.grad.values == std::vector<float>{-0.25f, 0.5f});

    Tensor mask({1, 2}, 1.0f);
    const learn::Loss ce = learn::cross_entropy_from_logits(Tensor({1, 2}), y);
    CHECK(ce.value == learn::log(2.0f));
    CHECK(ce.grad.values == std::vector<float>{-0.5f, 0.5f});
    mask.values[1] = 0;
    const learn::Loss masked = learn::cross_entropy_from_logits(Tensor({1, 2}), y, &mask);
    CHECK(masked.value == 0.0f);
    CHECK(masked.grad.values == std::vector<float>{0, 0});
}

TEST_CASE("optimiser steps follow their formulas and clear the gradients", "[learn][optimizers]") {
    const auto one_weight = [] {
        learn::Network net;
        net.add(std::make_unique<learn::Dense>(1, 1));
        net.parameters()[0]->value = {2.0f};
        return net;
    };
    learn::Network sgd_net = one_weight();
    learn::Sgd sgd(sgd_net, {.learning_rate = 0.5f, .momentum = 0.5f, .weight_decay = 0.25f});
    learn::Parameter& w = *sgd_net.parameters()[0];
    learn::Parameter& b = *sgd_net.parameters()[1];
    w.grad = {1.0f};
    b.grad = {1.0f};
    sgd.step();  // w: velocity 1 + 0.25 * 2 = 1.5, w = 2 - 0.75; b: no decay, velocity 1, b = -0.5
    CHECK(w.value[0] == 1.25f);
    CHECK(b.value[0] == -0.5f);
    CHECK(w.grad[0] == 0.0f);
    w.grad = {1.0f};
    sgd.step();  // velocity 0.5 * 1.5 + 1 + 0.25 * 1.25 = 2.0625, w = 1.25 - 1.03125
    CHECK(w.value[0] == 0.21875f);
    sgd.settings() = {.learning_rate = 1.0f};  // settings may change between steps
    w.grad = {0.5f};
    sgd.step();
    CHECK(w.value[0] == -0.28125f);

    learn::Network adam_net = one_weight();
    learn::Adam adam(adam_net, {.learning_rate = 0.1f});
    adam_net.parameters()[0]->grad = {-3.0f};
    adam.step();  // the first Adam step moves by the learning rate against the gradient's sign
    CHECK(adam_net.parameters()[0]->value[0] == Approx(2.1f).epsilon(1e-6));
    CHECK(adam_net.parameters()[1]->value[0] == 0.0f);  // zero gradient: no move
}
