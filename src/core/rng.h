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
//
// The hot calls are inline and everything is noexcept: rollouts and environments call them millions
// of times, and in WebAssembly a call that might throw from a frame with pending destructors goes
// through a JavaScript trampoline.
class Rng {
public:
    explicit Rng(uint64_t seed = 0) noexcept;

    // An independent stream for sub-task `index` of a seeded job (game i of an evaluation), so that a
    // result does not depend on how the work is split across threads.
    static Rng for_stream(uint64_t seed, uint64_t index) noexcept;

    uint64_t next_u64() noexcept {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    uint32_t next_u32() noexcept { return static_cast<uint32_t>(next_u64() >> 32); }

    // Uniform integer in [0, bound), without modulo bias. bound must be > 0.
    uint64_t below(uint64_t bound) noexcept {
        // Reject the top partial bucket so every value is equally likely.
        const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
        uint64_t x;
        do x = next_u64();
        while (x >= limit);
        return x % bound;
    }
    // Uniform integer in [lo, hi], inclusive.
    int64_t between(int64_t lo, int64_t hi) noexcept {
        return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
    }
    // Uniform double in [0, 1) with 53 random bits.
    double unit() noexcept { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }
    // True with probability p.
    bool chance(double p) noexcept { return unit() < p; }

    template <typename T>
    void shuffle(std::vector<T>& items) {
        for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
    }

    template <typename T>
    const T& pick(const std::vector<T>& items) { return items[below(items.size())]; }

private:
    static uint64_t rotl(uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }

    uint64_t s_[4];
};

// One SplitMix64 step: also a good 64-bit mixing function for hashing seeds together.
uint64_t splitmix64(uint64_t& state) noexcept;

}  // namespace gridlab
