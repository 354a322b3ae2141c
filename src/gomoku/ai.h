// Naming and building the Gomoku AIs: "pure-mcts" (the baseline), "mcts" (threat-aware MCTS), "ab"
// (alpha-beta with a pattern evaluation, alpha_beta.h) and "az" (the search guided by a trained
// network, az_mcts.h), with their budgets, from a spec such as "mcts:ms=200", "ab:ms=1000",
// "pure-mcts:playouts=1000,nodes=500000" or "az:model=6x6.model,playouts=400".
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>

#include "gomoku/az_network.h"
#include "gomoku/mcts.h"
#include "gomoku/search.h"

namespace gridlab::gomoku {

// The AIs' names, as specs, the worker's requests and the app's players give them.
inline constexpr std::initializer_list<const char*> kAiNames = {"pure-mcts", "mcts", "ab", "az"};

struct AiSpec {
    std::string name;     // "pure-mcts", "mcts", "ab" or "az"
    Budget budget;        // no budget given: the default playouts below
    int64_t max_nodes = SearchConfig{}.max_nodes;  // MCTS: the tree's size; ab: not used
    int max_depth = 0;       // ab: the deepest iteration (0: its default)
    double exploration = 0;  // 0: the AI's own constant
    std::string model = {};  // az: the model file (read by make_ai unless `network` is set)
    std::shared_ptr<const AzNetwork> network = {};  // az: the network, each AI made gets a copy
};

constexpr int64_t kDefaultPurePlayouts = 1000;     // mcts_pure's usual evaluation strength
constexpr int64_t kDefaultThreatPlayouts = 10000;
constexpr int64_t kDefaultAlphaBetaNodes = 300000;  // ab's playouts are the positions it searches

// "NAME[:key=value,...]" with keys playouts, ms, nodes and c (the exploration constant, in
// hundredths: c=150 is 1.5), for az model (a file name, required), for ab playouts (positions
// searched), ms and depth. Throws std::invalid_argument
// on anything else.
AiSpec parse_ai_spec(std::string_view text);
// Throws std::invalid_argument (learn::ModelError) if az's model file cannot be read or is not a
// Gomoku network.
std::unique_ptr<Search> make_ai(const AiSpec& spec, uint64_t seed);

}  // namespace gridlab::gomoku
