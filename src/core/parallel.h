// Runs independent, indexed pieces of work (game i of an evaluation) on several threads natively and
// one after another in WebAssembly, which is built without threads. Each piece writes only its own
// result slot and seeds itself from its index, so results never depend on the number of jobs.
#pragma once

#include <atomic>
#include <functional>
#include <thread>
#include <vector>

namespace gridlab {

inline void parallel_for(int count, int jobs, const std::function<void(int)>& work) {
#ifdef __EMSCRIPTEN__
    jobs = 1;
#endif
    if (jobs <= 1 || count <= 1) {
        for (int i = 0; i < count; ++i) work(i);
        return;
    }
    std::atomic<int> next{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < jobs && t < count; ++t)
        threads.emplace_back([&] {
            for (int i = next++; i < count; i = next++) work(i);
        });
    for (std::thread& thread : threads) thread.join();
}

}  // namespace gridlab
