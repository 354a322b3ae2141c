#include "gomoku/ai.h"

#include <algorithm>
#include <stdexcept>

#include "core/text.h"
#include "gomoku/alpha_beta.h"
#include "gomoku/az_mcts.h"
#include "gomoku/pure_mcts.h"
#include "gomoku/threat_mcts.h"

namespace gridlab::gomoku {

AiSpec parse_ai_spec(std::string_view text) {
    const AiSpecText written = split_ai_spec(text);
    AiSpec spec;
    spec.name = written.name;
    if (std::find(kAiNames.begin(), kAiNames.end(), spec.name) == kAiNames.end())
        throw std::invalid_argument("unknown AI '" + spec.name + "' (expected pure-mcts, mcts, ab or az)");
    const bool alpha_beta = spec.name == "ab";
    for (const auto& [key, value] : written.options) {
        if (key == "playouts")
            spec.budget.playouts = parse_int(value, 1, 100'000'000, "playouts");
        else if (key == "ms")
            spec.budget.ms = parse_int(value, 1, 3'600'000, "ms");
        else if (key == "depth" && alpha_beta)
            spec.max_depth = parse_int(value, 1, 60, "depth");
        else if (key == "nodes" && !alpha_beta)
            spec.max_nodes = parse_int(value, 1 + kMaxCells, 100'000'000, "nodes");
        else if (key == "c" && !alpha_beta)
            spec.exploration = parse_int(value, 1, 100'000, "c") / 100.0;
        else if (key == "model" && spec.name == "az" && !value.empty())
            spec.model = value;
        else
            throw std::invalid_argument("unknown AI option '" + key + "' (expected " +
                                        (alpha_beta            ? "playouts, ms or depth)"
                                         : spec.name == "az" ? "playouts, ms, nodes, c or model)"
                                                             : "playouts, ms, nodes or c)"));
    }
    if (spec.name == "az" && spec.model.empty()) throw std::invalid_argument("az needs a model: az:model=FILE");
    if (spec.budget.playouts == 0 && spec.budget.ms == 0)
        spec.budget.playouts = spec.name == "mcts" ? kDefaultThreatPlayouts
                               : alpha_beta         ? kDefaultAlphaBetaNodes
                               : spec.name == "az" ? kDefaultAzPlayouts
                                                   : kDefaultPurePlayouts;
    return spec;
}

namespace {

std::shared_ptr<AzNetwork> load_az_network(const AiSpec& spec) {
    if (spec.network) return std::make_shared<AzNetwork>(*spec.network);
    return std::make_shared<AzNetwork>(AzNetwork::from_model(learn::load_model(read_file_bytes(spec.model, "model file"), "gomoku")));
}

}  // namespace

std::unique_ptr<Search> make_ai(const AiSpec& spec, uint64_t seed) {
    if (spec.name == "ab") {  // deterministic: no seed
        AlphaBetaConfig config;
        config.budget = spec.budget;
        if (spec.max_depth > 0) config.max_depth = spec.max_depth;
        return std::make_unique<AlphaBeta>(config);
    }
    SearchConfig config = spec.name == "mcts" ? threat_mcts_config() : spec.name == "az" ? az_search_config() : pure_mcts_config();
    config.budget = spec.budget;
    config.max_nodes = spec.max_nodes;
    if (spec.exploration > 0) config.exploration = spec.exploration;
    std::unique_ptr<Policy> policy;
    if (spec.name == "mcts")
        policy = std::make_unique<ThreatPolicy>();
    else if (spec.name == "az")
        policy = std::make_unique<AzPolicy>(load_az_network(spec));
    else
        policy = std::make_unique<UniformPolicy>();
    return std::make_unique<Mcts>(std::move(policy), config, seed);
}

}  // namespace gridlab::gomoku
