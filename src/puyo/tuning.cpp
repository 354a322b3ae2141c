#include "puyo/tuning.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/parallel.h"
#include "core/time_budget.h"

namespace gridlab::puyo {

GameRecord play_game(State state, Ai& ai) {
    GameRecord record;
    while (!state.terminal()) {
        const Stopwatch watch;
        const CpuStopwatch cpu;
        const Plan plan = ai.decide(state);
        record.think_cpu_ms += cpu.elapsed_ms();
        record.think_ms += watch.elapsed_ms();
        const int64_t best_before = state.best_chain_score();
        state.apply(plan.placement);
        ++record.moves;
        if (state.best_chain_score() > best_before) record.best_chain_move = record.moves;
    }
    record.score = state.score();
    record.max_chain = state.max_chain();
    record.best_chain_score = state.best_chain_score();
    return record;
}

uint64_t game_ai_seed(uint64_t seed, int game) { return Rng::for_stream(~seed, static_cast<uint64_t>(game)).next_u64(); }

const std::array<WeightName, 14> kWeightNames = {{
    {"chain", &EvalWeights::chain},
    {"chain_score", &EvalWeights::chain_score},
    {"trigger_height", &EvalWeights::trigger_height},
    {"key", &EvalWeights::key},
    {"room", &EvalWeights::room},
    {"link2", &EvalWeights::link2},
    {"link3", &EvalWeights::link3},
    {"shape", &EvalWeights::shape},
    {"well", &EvalWeights::well},
    {"bump", &EvalWeights::bump},
    {"form", &EvalWeights::form},
    {"danger", &EvalWeights::danger},
    {"tear", &EvalWeights::tear},
    {"waste", &EvalWeights::waste},
}};

nlohmann::json weights_json(const EvalWeights& weights) {
    nlohmann::json document = nlohmann::json::object();
    for (const auto& [name, member] : kWeightNames) document[name] = weights.*member;
    return document;
}

EvalWeights weights_from_json(const nlohmann::json& document) {
    if (!document.is_object()) throw std::invalid_argument("weights: expected an object of weights by name");
    EvalWeights weights;
    for (const auto& item : document.items()) {
        // Not a structured binding: clang 14 cannot capture one in the lambda below.
        const std::string& key = item.key();
        const nlohmann::json& value = item.value();
        const auto* found = std::find_if(kWeightNames.begin(), kWeightNames.end(),
                                         [&](const WeightName& weight) { return key == weight.name; });
        if (found == kWeightNames.end()) throw std::invalid_argument("weights: unknown weight '" + key + "'");
        if (!value.is_number_integer() || value.get<int64_t>() < -kMaxWeight || value.get<int64_t>() > kMaxWeight)
            throw std::invalid_argument("weights: " + key + " must be a whole number within +-" + std::to_string(kMaxWeight));
        weights.*(found->member) = static_cast<int>(value.get<int64_t>());
    }
    return weights;
}

double mean_best_chain(const TuneOptions& options, const BeamOptions& beam) {
    std::vector<int64_t> best(options.games.size());
    Settings settings = options.settings;
    settings.max_pairs = 0;  // each game ends with its sequence
    parallel_for(static_cast<int>(best.size()), options.jobs, [&](int game) {
        BeamAi ai(beam, game_ai_seed(options.seed, game));
        best[static_cast<size_t>(game)] = play_game(State(settings, options.games[static_cast<size_t>(game)]), ai).best_chain_score;
    });
    double sum = 0;
    for (const int64_t score : best) sum += static_cast<double>(score);
    return sum / static_cast<double>(best.size());
}

TuneResult tune_weights(const TuneOptions& options, const std::function<void(const TuneTrial&)>& on_trial) {
    if (options.games.empty()) throw std::invalid_argument("tune: no games to play");
    if (options.rounds < 1 || options.rounds > 100) throw std::invalid_argument("tune: rounds must be 1..100");
    if (!(options.step > 0 && options.step <= 4)) throw std::invalid_argument("tune: step must be in (0, 4]");
    TuneResult result;
    BeamOptions beam = options.beam;
    result.start_objective = result.objective = mean_best_chain(options, beam);
    result.weights = beam.weights;
    double step = options.step;
    for (int round = 1; round <= options.rounds; ++round) {
        bool improved = false;
        for (const auto& [name, member] : kWeightNames) {
            const int current = result.weights.*member;
            // A weight near zero still moves by 20 or more: enough to change some decisions.
            const int change = std::max(20, static_cast<int>(std::lround(step * std::abs(current))));
            for (const int direction : {+1, -1}) {
                TuneTrial trial{round, name, std::clamp(current + direction * change, -kMaxWeight, kMaxWeight), 0, false};
                beam.weights = result.weights;
                beam.weights.*member = trial.value;
                trial.objective = mean_best_chain(options, beam);
                trial.kept = trial.objective > result.objective;
                if (trial.kept) {
                    result.objective = trial.objective;
                    result.weights = beam.weights;
                    improved = true;
                }
                result.trials.push_back(trial);
                if (on_trial) on_trial(trial);
                if (trial.kept) break;  // the other direction undoes what just helped
            }
        }
        if (!improved) step /= 2;
    }
    return result;
}

}  // namespace gridlab::puyo
