// Small builders shared by the Puyo tests.
#pragma once

#include <string>
#include <vector>

#include "puyo/rules.h"

namespace puyo_test {

// Pads `bottom` (top row first) with empty rows above it up to `rows` lines of field text.
inline std::string board(const std::vector<std::string>& bottom, int rows = 12) {
    std::string text;
    for (int i = static_cast<int>(bottom.size()); i < rows; ++i) text += "......\n";
    for (const std::string& line : bottom) text += line + "\n";
    return text;
}

// Column 0: R R R G G G from the floor; column 1: one G. A red on column 1 sets off R then G.
inline const std::string kTwoChainReady = board({"G.....", "G.....", "G.....", "R.....", "R.....", "RG...."});

// The first seed whose 4-colour sequence starts with `pairs`, found by trying seeds in order.
inline uint64_t seed_starting_with(const std::vector<gridlab::puyo::Pair>& pairs) {
    for (uint64_t seed = 0;; ++seed) {
        bool match = true;
        for (int i = 0; i < static_cast<int>(pairs.size()) && match; ++i)
            match = gridlab::puyo::pair_at(seed, 4, i) == pairs[i];
        if (match) return seed;
    }
}

}  // namespace puyo_test
