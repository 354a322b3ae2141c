// Puyo's training job (games.h, training_job.h): the afterstate value learner (puyo/learner.h) learns
// in the worker, in slices, and every progress report carries the run as a model file, as
// `gridlab puyo train --out` writes it.
#include <stdexcept>

#include "core/text.h"
#include "learn/model_file.h"
#include "puyo/learner.h"
#include "search/games.h"
#include "search/training_job.h"

namespace gridlab::search {

namespace {

namespace pu = gridlab::puyo;

struct PuyoTraining {
    using Trainer = pu::Trainer;
    static constexpr const char* kGame = "puyo";
    // One move (a fraction of a millisecond with the features, a few with the field's network): a
    // whole game of the field's network can take 70 ms, too long for a slice.
    static bool train(Trainer& trainer, double) {
        trainer.think(0);
        return true;
    }
    static bool reached(const Trainer& trainer, int64_t target) { return trainer.games() >= target; }
    static nlohmann::json report(const Trainer& trainer, const nlohmann::json& description) {
        return {{"games", trainer.games()},
                {"moves", trainer.moves()},
                {"updates", trainer.updates()},
                {"weight_hash", learn::hex16(learn::weight_hash(trainer.network()))},
                {"model", base64_encode(learn::save_model({kGame, trainer.network(), description}))}};
    }
};

pu::TrainSettings train_settings(const nlohmann::json& request) {
    const nlohmann::json& s = object_field(request, "settings", "");
    const std::string where = "settings";
    pu::TrainSettings settings;
    settings.rules = choice_field(s, "rules", {"tsu", "tutorial"}, where) == "tsu" ? pu::RuleSet::Tsu : pu::RuleSet::Tutorial;
    settings.colors = static_cast<int>(int_field(s, "colors", 3, pu::kMaxColors, where));
    settings.pairs = static_cast<int>(int_field(s, "pairs", 2, 1000, where));
    settings.shape.inputs = pu::parse_inputs(choice_field(s, "inputs", {"features", "field"}, where));
    settings.shape.width = static_cast<int>(int_field(s, "width", 1, 256, where));
    settings.learning_rate = static_cast<float>(number_field(s, "lr", 1e-6, 1.0, where));
    settings.exploration = number_field(s, "explore", 0.0, 1.0, where);
    settings.gamma = static_cast<float>(number_field(s, "gamma", 0.0, 1.0, where));
    settings.lambda = static_cast<float>(number_field(s, "lambda", 0.0, 1.0, where));
    settings.batch = static_cast<int>(int_field(s, "batch", 1, 1024, where));
    settings.updates_per_game = static_cast<int>(int_field(s, "updates_per_game", 0, 1000, where));
    settings.replay_capacity = static_cast<int>(int_field(s, "replay_capacity", 1, 1'000'000, where));
    settings.window = static_cast<int>(int_field(s, "window", 1, 1'000'000, where));
    settings.seed = seed_field(s, "seed", where);
    return validated_settings(settings);
}

}  // namespace

nlohmann::json puyo_training_request(const pu::TrainSettings& s, const std::string& model) {
    nlohmann::json request = {{"game", "puyo"},
                              {"settings",
                               {{"rules", s.rules == pu::RuleSet::Tsu ? "tsu" : "tutorial"}, {"colors", s.colors},
                                {"pairs", s.pairs}, {"inputs", pu::inputs_name(s.shape.inputs)}, {"width", s.shape.width},
                                {"lr", s.learning_rate}, {"explore", s.exploration}, {"gamma", s.gamma},
                                {"lambda", s.lambda}, {"batch", s.batch}, {"updates_per_game", s.updates_per_game},
                                {"replay_capacity", s.replay_capacity}, {"window", s.window}, {"seed", seed_text(s.seed)}}}};
    if (!model.empty()) request["model"] = base64_encode(model);
    return request;
}

std::unique_ptr<Job> puyo_training_job(const nlohmann::json& request) {
    return make_training_job<PuyoTraining>(request, train_settings(request));
}

}  // namespace gridlab::search
