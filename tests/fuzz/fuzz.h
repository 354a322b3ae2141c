// Shared by the libFuzzer targets (scripts/fuzz.sh): a check that aborts, so the fuzzer keeps the input.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/text.h"

#define FUZZ_CHECK(condition)                                                                         \
    do {                                                                                              \
        if (!(condition)) {                                                                           \
            std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #condition, __FILE__, __LINE__);  \
            std::abort();                                                                             \
        }                                                                                             \
    } while (0)

namespace gridlab::fuzz {

inline std::string_view as_text(const uint8_t* data, size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// What a text board prints as when it reads back as itself: its lines as split_lines() sees them.
inline std::string normalised_lines(std::string_view text) {
    std::string joined;
    for (const std::string& line : split_lines(text)) joined += line + '\n';
    return joined;
}

}  // namespace gridlab::fuzz
