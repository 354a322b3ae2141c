// Portable, seeded random numbers.
//
// Every random choice in gridlab flows through Rng so that a seed fixes a game exactly, natively and
// in WebAssembly alike. The standard <random> distributions are deliberately not used: their output
// is implementation-defined and differs between libstdc++ and libc++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace gridlab {

// xoshiro256** (Blackman & Vigna), seeded through SplitMix64. Small state, fast, and its output only
// depends on 64-bit integer arithmetic, which is identical on every platform.
class Rng {
public:
    explicit Rng(uint64_t seed = 0);

    // An independent stream for sub-task `index` of a seeded job (game i of an evaluation), so that a
    // result does not depend on how the work is split across threads.
    static Rng for_stream(uint64_t seed, uint64_t index);

    uint64_t next_u64();
    uint32_t next_u32() { return static_cast<uint32_t>(next_u64() >> 32); }

    // Uniform integer in [0, bound), without modulo bias. bound must be > 0.
    uint64_t below(uint64_t bound);
    // Uniform integer in [lo, hi], inclusive.
    int64_t between(int64_t lo, int64_t hi);
    // Uniform double in [0, 1) with 53 random bits.
    double unit();
    // True with probability p.
    bool chance(double p) { return unit() < p; }

    template <typename T>
    void shuffle(std::vector<T>& items) {
        for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
    }

    template <typename T>
    const T& pick(const std::vector<T>& items) { return items[below(items.size())]; }

private:
    uint64_t s_[4];
};

// One SplitMix64 step: also a good 64-bit mixing function for hashing seeds together.
uint64_t splitmix64(uint64_t& state);

}  // namespace gridlab
