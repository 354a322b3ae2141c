// Learning known problems, and determinism: these literal values pass natively and in WebAssembly.
#include <catch2/catch.hpp>

#include "learn/nn.h"

namespace learn = gridlab::learn;
using learn::Tensor;

TEST_CASE("a small network learns XOR to a pinned loss", "[learn][training]") {
    learn::Network net;
    net.add(std::make_unique<learn::Dense>(2, 8))
        .add(std::make_unique<learn::Tanh>())
        .add(std::make_unique<learn::Dense>(8, 1));
    gridlab::Rng rng(1);
    net.init(rng);
    learn::Adam adam(net, {.learning_rate = 0.05f});
    Tensor x({4, 2}), y({4, 1});
    x.values = {0, 0, 0, 1, 1, 0, 1, 1};
    y.values = {0, 1, 1, 0};
    float loss = 0;
    int first_step_below_1e3 = -1;
    for (int step = 0; step < 100; ++step) {
        const learn::Loss l = learn::mse(net.forward(x), y);
        net.backward(l.grad);
        adam.step();
        loss = l.value;
        if (loss < 1e-3f && first_step_below_1e3 < 0) first_step_below_1e3 = step;
    }
    CHECK(first_step_below_1e3 == 36);
    CHECK(loss == 0x1.fcef04p-16f);  // 3.03348097e-05
}

namespace {

// A short seeded run of the shape the Minesweeper learner uses: a conv net scoring every cell of
// random boards, trained with a masked binary cross-entropy and Adam with weight decay.
learn::Network train_conv_net(uint64_t seed, float* first_loss, float* final_loss) {
    gridlab::Rng rng(seed);
    learn::Network net;
    net.add(std::make_unique<learn::Conv2d>(2, 8))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Conv2d>(8, 8))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Conv2d>(8, 1));
    net.init(rng);
    learn::Adam adam(net, {.learning_rate = 0.03f, .weight_decay = 1e-4f});
    Tensor boards({8, 2, 5, 6}), labels({8, 1, 5, 6}), labelled({8, 1, 5, 6});
    for (int step = 0; step < 30; ++step) {
        for (float& v : boards.values) v = static_cast<float>(rng.below(3));
        for (std::size_t i = 0; i < labels.size(); ++i) {
            labels.values[i] = boards.values[i] > 1.0f ? 1.0f : 0.0f;  // learnable from the board
            labelled.values[i] = rng.chance(0.7) ? 1.0f : 0.0f;
        }
        const learn::Loss loss = learn::binary_cross_entropy_from_logits(net.forward(boards), labels, &labelled);
        net.backward(loss.grad);
        adam.step();
        if (step == 0) *first_loss = loss.value;
        *final_loss = loss.value;
    }
    return net;
}

}  // namespace

TEST_CASE("training is deterministic: the weight hash after a seeded run is pinned", "[learn][training]") {
    float first_loss = 0, loss = 0;
    const learn::Network net = train_conv_net(42, &first_loss, &loss);
    CHECK(learn::hex16(learn::weight_hash(net)) == "5a8275ddb75398f6");
    CHECK(loss == 0x1.4524dep-1f);  // 0.635046899
    CHECK(loss < 0.5f * first_loss);
    CHECK(learn::weight_hash(train_conv_net(43, &first_loss, &loss)) != learn::weight_hash(net));
}

TEST_CASE("hex16 prints 16 lowercase hex digits", "[learn][training]") {
    CHECK(learn::hex16(0) == "0000000000000000");
    CHECK(learn::hex16(0x0123456789abcdefull) == "0123456789abcdef");
    const unsigned char a[] = {'a'};
    CHECK(learn::fnv1a64(a) == 0xaf63dc4c8601ec8cull);  // the published FNV-1a 64 of "a"
}
