// Naming and building any Puyo AI from one line of text, as the Python module and its users write
// them: "random", "greedy", "beam" with options ("beam:width=40,depth=8,nodes=200000,ms=50"), and
// "learned:model=FILE" (a model file of `gridlab puyo train`; ",lookahead=1" also tries the next pair).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "puyo/beam.h"

namespace gridlab::puyo {

struct AiSpec {
    std::string name;  // "random", "greedy", "beam" or "learned"
    BeamOptions beam;  // beam: width, depth, ms (max_ms), nodes (max_nodes); the rest as BeamOptions{}
    std::string model;  // learned: the model file
    bool lookahead = false;
};

// Throws std::invalid_argument for an unknown name or option, or a value out of range.
AiSpec parse_ai_spec(std::string_view text);
// The AI of `spec` for a game under `rules`; `seed` drives random's moves and beam's futures. Throws
// std::invalid_argument when learned's model file cannot be read, learn::ModelError when it is not a
// Puyo model, and std::invalid_argument when it was trained on other rules.
std::unique_ptr<Ai> make_ai(const AiSpec& spec, uint64_t seed, RuleSet rules);

}  // namespace gridlab::puyo
