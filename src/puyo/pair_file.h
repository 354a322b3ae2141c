// Pair files: fixed pair sequences, so that gridlab's AIs and another engine can play exactly the
// same games and be compared game by game.
//
//   RG BY RR GY ...        one game per line: its pairs in order, each as two colour letters
//   YY GB RB ...           (axis then child; R G B Y P are colours 1..5)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puyo/rules.h"

namespace gridlab::puyo {

using PairSequence = std::vector<Pair>;

// The first `count` pairs of the game with `seed` (pair_at), as the State of that seed plays them.
PairSequence seeded_pairs(uint64_t seed, int colors, int count);

// One line of a pair file: "RG BY RR".
std::string pair_line(const PairSequence& pairs);

// Reads a pair file. Throws ParseError naming the line (and column) of the first problem: a word
// that is not two colour letters, a colour beyond the `colors` in play, an empty line between games,
// or no games at all.
std::vector<PairSequence> parse_pair_file(std::string_view text, int colors);

}  // namespace gridlab::puyo
