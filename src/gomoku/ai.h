// Naming and building the Gomoku AIs: "pure-mcts" (the baseline) and "mcts" (the strong one), with
// their budgets, from a spec such as "mcts:ms=200" or "pure-mcts:playouts=1000,nodes=500000".
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "gomoku/mcts.h"

namespace gridlab::gomoku {

struct AiSpec {
    std::string name;     // "pure-mcts" or "mcts"
    Budget budget;        // no budget given: the default playouts below
    int64_t max_nodes = SearchConfig{}.max_nodes;
    double exploration = 0;  // 0: the AI's own constant
};

constexpr int64_t kDefaultPurePlayouts = 1000;     // mcts_pure's usual evaluation strength
constexpr int64_t kDefaultThreatPlayouts = 10000;

// "NAME[:key=value,...]" with keys playouts, ms, nodes and c (the exploration constant, in
// hundredths: c=150 is 1.5). Throws std::invalid_argument on anything else.
AiSpec parse_ai_spec(std::string_view text);
std::unique_ptr<Mcts> make_ai(const AiSpec& spec, uint64_t seed);

}  // namespace gridlab::gomoku
