// Tuning the beam's weights: the weights' JSON, and a seeded coordinate search that is reproducible.
#include <catch2/catch.hpp>

#include "puyo/tuning.h"

using namespace gridlab::puyo;

namespace {

// Two short games and a small beam, so a whole tuning round runs in a fraction of a second.
TuneOptions small_run(int jobs) {
    TuneOptions options;
    options.settings = {RuleSet::Tsu, 4, 0};
    options.games = {seeded_pairs(11, 4, 12), seeded_pairs(12, 4, 12)};
    options.beam.width = 4;
    options.beam.depth = 4;
    options.beam.futures = Futures::Random;
    options.beam.samples = 1;
    options.seed = 1;
    options.rounds = 1;
    options.jobs = jobs;
    return options;
}

}  // namespace

TEST_CASE("weights as JSON: every weight by name, and bad documents refused", "[puyo]") {
    EvalWeights weights;
    weights.chain = 1234;
    weights.danger = -5;
    const nlohmann::json document = weights_json(weights);
    CHECK(document.size() == kWeightNames.size());
    CHECK(document["chain"] == 1234);
    CHECK(document["danger"] == -5);
    CHECK(weights_json(weights_from_json(document)) == document);
    // Names not given keep their defaults.
    const EvalWeights partial = weights_from_json(nlohmann::json::parse(R"({"room": 7})"));
    CHECK(partial.room == 7);
    CHECK(partial.chain == EvalWeights{}.chain);

    const auto refusal = [](const char* text) {
        try {
            weights_from_json(nlohmann::json::parse(text));
        } catch (const std::invalid_argument& error) {
            return std::string(error.what());
        }
        return std::string("accepted");
    };
    CHECK(refusal("[1, 2]") == "weights: expected an object of weights by name");
    CHECK(refusal(R"({"chains": 1})") == "weights: unknown weight 'chains'");
    CHECK(refusal(R"({"chain": 1.5})") == "weights: chain must be a whole number within +-1000000");
    CHECK(refusal(R"({"chain": "1"})") == "weights: chain must be a whole number within +-1000000");
    CHECK(refusal(R"({"chain": 1000001})") == "weights: chain must be a whole number within +-1000000");
    CHECK(refusal(R"({"chain": -1000000})") == "accepted");
}

TEST_CASE("tune_weights: a coordinate search that keeps only what the training games reward", "[puyo]") {
    const TuneOptions options = small_run(1);
    const TuneResult result = tune_weights(options);
    // Each weight a step up, then (unless that helped) a step down: 14 weights, of which trigger_height
    // and link2 gained at the step up (so they had no step down). chain_score changes nothing here: 12
    // pairs never fill a field to the 60 puyos from which it counts.
    REQUIRE(result.trials.size() == 2 * kWeightNames.size() - 2);
    CHECK(result.trials[0].weight == "chain");
    CHECK(result.trials[0].value == 1500);
    CHECK(result.trials[1].value == 500);
    double best = result.start_objective;
    for (const TuneTrial& trial : result.trials) {
        if (trial.weight == "chain_score") CHECK(trial.objective == best);
        CHECK(trial.kept == (trial.objective > best));
        if (trial.kept) best = trial.objective;
    }
    CHECK(result.objective == best);
    CHECK(result.start_objective == 530);
    CHECK(result.objective == 850);
    CHECK(weights_json(result.weights) == nlohmann::json::parse(R"({"bump": -100, "chain": 1000, "chain_score": 40, "danger": -4000,
        "form": 60, "key": -200, "link2": 225, "link3": 125, "room": 200, "shape": -100, "tear": -250,
        "trigger_height": 375, "waste": -250, "well": -100})"));
    // The objective is the games' mean best chain, replayed exactly with the weights found.
    BeamOptions tuned = options.beam;
    tuned.weights = result.weights;
    CHECK(mean_best_chain(options, tuned) == result.objective);
    CHECK(mean_best_chain(options, options.beam) == result.start_objective);

    // Two jobs play the same games with the same futures: the same run.
    const TuneResult parallel = tune_weights(small_run(2));
    CHECK(weights_json(parallel.weights) == weights_json(result.weights));
    CHECK(parallel.objective == result.objective);

    TuneOptions bad = options;
    bad.games.clear();
    CHECK_THROWS_WITH(tune_weights(bad), "tune: no games to play");
    bad = options;
    bad.step = 0;
    CHECK_THROWS_WITH(tune_weights(bad), "tune: step must be in (0, 4]");
}

TEST_CASE("play_game: a whole game to its end, with its best chain", "[puyo]") {
    BeamOptions beam;
    beam.width = 4;
    beam.depth = 4;
    beam.samples = 1;
    BeamAi ai(beam, game_ai_seed(1, 0));
    const GameRecord record = play_game(State({RuleSet::Tsu, 4, 0}, seeded_pairs(11, 4, 12)), ai);
    CHECK(record.moves == 12);
    CHECK(record.score == 360);
    CHECK(record.max_chain == 2);
    CHECK(record.best_chain_score == 360);
    CHECK(record.best_chain_move == 12);  // fired with the last pair
}
