// learn_bench: times the network the Minesweeper learner is sized for, natively or under node:
//   build/native/src/learn/learn_bench
//   node build/wasm/src/learn/learn_bench.js
// A 3-layer convolutional net (2 -> 32 -> 32 -> 1 channels, 3x3), batches of boards; CPU time.
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <functional>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include "learn/nn.h"

namespace learn = gridlab::learn;

namespace {

// CPU time used by this process, in ms: on a shared machine, wall time would also count other
// people's work. Natively std::clock; under node, which has no process clock for wasm, node's own.
double cpu_milliseconds() {
#ifdef __EMSCRIPTEN__
    return EM_ASM_DOUBLE({
        const used = process.cpuUsage();
        return (used.user + used.system) / 1000;
    });
#else
    return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
#endif
}

// CPU milliseconds per call of `work`: the best of 5 rounds of at least 200 ms each, after a warm-up.
double milliseconds_per_call(const std::function<void()>& work) {
    work();
    double best = 1e300;
    for (int round = 0; round < 5; ++round) {
        int calls = 0;
        const double start = cpu_milliseconds();
        double elapsed = 0;
        do {
            work();
            ++calls;
            elapsed = cpu_milliseconds() - start;
        } while (elapsed < 200.0);
        best = std::min(best, elapsed / calls);
    }
    return best;
}

}  // namespace

int main() {
    gridlab::Rng rng(1);
    learn::Network net;
    net.add(std::make_unique<learn::Conv2d>(2, 32))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Conv2d>(32, 32))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Conv2d>(32, 1));
    net.init(rng);
    learn::Adam adam(net);

    struct Case {
        const char* name;
        int batch, rows, cols;
    };
    for (const Case& c :
         {Case{"9x9, batch 32", 32, 9, 9}, Case{"9x9, batch 1", 1, 9, 9}, Case{"16x30, batch 1", 1, 16, 30}}) {
        learn::Tensor boards({c.batch, 2, c.rows, c.cols}), labels({c.batch, 1, c.rows, c.cols});
        for (float& v : boards.values) v = static_cast<float>(rng.below(3));
        for (float& v : labels.values) v = static_cast<float>(rng.below(2));
        const double forward = milliseconds_per_call([&] { net.forward(boards); });
        const double step = milliseconds_per_call([&] {
            net.backward_parameters(learn::binary_cross_entropy_from_logits(net.forward(boards), labels).grad);
            adam.step();
        });
        std::printf("%-15s forward %8.3f ms   forward + backward + Adam step %8.3f ms\n", c.name, forward, step);
    }
    return 0;
}
