// Playing whole games with an AI, and tuning the beam's evaluation weights by playing them (issue 21).
//
// The tuner is a seeded coordinate search, simple enough to follow by hand: it plays a fixed set of
// training games (the same pair sequences and the same sampled futures for every candidate, so two
// candidates differ only by their weights), and for each weight in turn tries it a step larger and a
// step smaller, keeping a change only when the games' mean best chain score rises. A round that keeps
// nothing halves the step. Everything is determined by the games, the search options and the seed,
// so a tuning run is reproduced exactly by its command line, with any number of jobs.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "puyo/ai.h"
#include "puyo/beam.h"
#include "puyo/pair_file.h"

namespace gridlab::puyo {

// One game played to its end by an AI: what `eval` reports and the tuner maximises.
struct GameRecord {
    int64_t score = 0;
    int max_chain = 0;
    int64_t best_chain_score = 0;  // the score of the game's best single chain
    int best_chain_move = 0;       // the placement (1, 2, ...) that set it off; 0 if no chain went off
    int moves = 0;
    double think_ms = 0;
    double think_cpu_ms = 0;
};
GameRecord play_game(State state, Ai& ai);
// The seed of the AI's own randomness (the beam's sampled futures) in game i of a run with `seed`.
uint64_t game_ai_seed(uint64_t seed, int game);

// The evaluation's weights by name, in the order the tuner tries them.
struct WeightName {
    const char* name;
    int EvalWeights::*member;
};
extern const std::array<WeightName, 14> kWeightNames;
constexpr int kMaxWeight = 1'000'000;  // |weight| at most this: the evaluation's sums stay far from overflow

// {"chain": 1000, ...}: every weight by name.
nlohmann::json weights_json(const EvalWeights& weights);
// The defaults with the named weights replaced. Throws std::invalid_argument for a document that is
// not an object, an unknown name, or a value that is not a whole number within +-kMaxWeight.
EvalWeights weights_from_json(const nlohmann::json& document);

struct TuneOptions {
    Settings settings;                // rules and colours (the games' lengths are their sequences')
    std::vector<PairSequence> games;  // the training games every candidate plays
    BeamOptions beam;                 // the search; its weights are where the tuning starts
    uint64_t seed = 1;                // game i's AI plays with game_ai_seed(seed, i)
    int rounds = 2;                   // passes over the weights
    double step = 0.5;                // first relative change tried (of |weight|, at least 20)
    int jobs = 1;                     // games played at once (native only; results do not depend on it)
};

struct TuneTrial {
    int round = 0;
    std::string weight;
    int value = 0;           // the value tried
    double objective = 0;    // mean best chain score with it
    bool kept = false;
};

struct TuneResult {
    double start_objective = 0;
    EvalWeights weights;  // the best found
    double objective = 0;
    std::vector<TuneTrial> trials;
};

// The mean best chain score of the beam with `beam` over `games`.
double mean_best_chain(const TuneOptions& options, const BeamOptions& beam);

// Throws std::invalid_argument for no games, rounds outside 1..100 or a step outside (0, 4].
TuneResult tune_weights(const TuneOptions& options, const std::function<void(const TuneTrial&)>& on_trial = {});

}  // namespace gridlab::puyo
