#include "core/rng.h"

namespace gridlab {

uint64_t splitmix64(uint64_t& state) noexcept {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Rng::Rng(uint64_t seed) noexcept {
    uint64_t sm = seed;
    for (uint64_t& word : s_) word = splitmix64(sm);
}

Rng Rng::for_stream(uint64_t seed, uint64_t index) noexcept {
    uint64_t mix = seed ^ 0x6A09E667F3BCC909ull;
    uint64_t a = splitmix64(mix);
    uint64_t b = index + 0xA5A5A5A5A5A5A5A5ull;
    return Rng(a ^ splitmix64(b));
}

}  // namespace gridlab
