#include "core/rng.h"

namespace gridlab {

namespace {
uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

Rng::Rng(uint64_t seed) {
    uint64_t sm = seed;
    for (uint64_t& word : s_) word = splitmix64(sm);
}

Rng Rng::for_stream(uint64_t seed, uint64_t index) {
    uint64_t mix = seed ^ 0x6A09E667F3BCC909ull;
    uint64_t a = splitmix64(mix);
    uint64_t b = index + 0xA5A5A5A5A5A5A5A5ull;
    return Rng(a ^ splitmix64(b));
}

uint64_t Rng::next_u64() {
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

uint64_t Rng::below(uint64_t bound) {
    // Reject the top partial bucket so every value is equally likely.
    const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do x = next_u64();
    while (x >= limit);
    return x % bound;
}

int64_t Rng::between(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
}

double Rng::unit() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

}  // namespace gridlab
