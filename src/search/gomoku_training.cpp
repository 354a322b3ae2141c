// Gomoku's training job (games.h, training_job.h): the AlphaZero learner (gomoku/az_trainer.h) plays
// itself in the worker, in slices that may end inside a move's search, and every progress report
// carries the run as a model file, as `gridlab gomoku train --out` writes it.
#include <stdexcept>

#include "core/text.h"
#include "gomoku/az_trainer.h"
#include "learn/model_file.h"
#include "search/games.h"
#include "search/training_job.h"

namespace gridlab::search {

namespace {

namespace go = gridlab::gomoku;

struct GomokuTraining {
    using Trainer = go::AzTrainer;
    static constexpr const char* kGame = "gomoku";
    // A part of an update, or one move, and only part of its search if the slice ends first. A move's
    // search begins with the root's own threat searches (a VCT of up to 20,000 positions, ~50-75 ms,
    // which cannot be cut): a move begins a slice, never ends one.
    static bool train(Trainer& trainer, double ms) {
        trainer.advance(ms);
        return !trainer.move_begins_next();
    }
    // As train_until(): the updates and the evaluation that follow the target game are made too.
    static bool reached(const Trainer& trainer, int64_t target) { return trainer.games() >= target && !trainer.between_games(); }
    static nlohmann::json report(const Trainer& trainer, const nlohmann::json& description) {
        return {{"games", trainer.games()},
                {"moves", trainer.moves()},
                {"updates", trainer.updates()},
                {"weight_hash", learn::hex16(trainer.network().weight_hash())},
                {"model", base64_encode(learn::save_model(trainer.to_model(description)))}};
    }
};

go::AzTrainSettings train_settings(const nlohmann::json& request) {
    const nlohmann::json& s = object_field(request, "settings", "");
    const std::string where = "settings";
    go::AzTrainSettings settings;
    settings.board.size = static_cast<int>(int_field(s, "size", go::kAzMinSize, go::kAzMaxSize, where));
    settings.board.win_length = static_cast<int>(int_field(s, "win", go::kAzMinWin, go::kAzMaxWin, where));
    settings.shape.channels = static_cast<int>(int_field(s, "channels", 1, 128, where));
    settings.shape.layers = static_cast<int>(int_field(s, "layers", 1, 8, where));
    settings.shape.policy_planes = static_cast<int>(int_field(s, "policy_planes", 0, 8, where));
    settings.playouts = int_field(s, "playouts", 1, 100'000, where);
    settings.learning_rate = static_cast<float>(number_field(s, "lr", 1e-6, 1.0, where));
    settings.weight_decay = static_cast<float>(number_field(s, "weight_decay", 0.0, 1.0, where));
    settings.batch = static_cast<int>(int_field(s, "batch", 1, 4096, where));
    settings.updates_per_game = static_cast<int>(int_field(s, "updates_per_game", 0, 1000, where));
    settings.replay_capacity = static_cast<int>(int_field(s, "replay_capacity", 1, 1'000'000, where));
    settings.temperature_moves = static_cast<int>(int_field(s, "temperature_moves", 0, go::kAzMaxSize * go::kAzMaxSize, where));
    settings.noise.fraction = number_field(s, "noise_fraction", 0.0, 1.0, where);
    settings.noise.alpha = number_field(s, "noise_alpha", 1e-3, 100.0, where);
    settings.eval_every = static_cast<int>(int_field(s, "eval_every", 0, 1'000'000, where));
    settings.eval_games = static_cast<int>(int_field(s, "eval_games", 1, 1000, where));
    settings.eval_az_playouts = int_field(s, "eval_az_playouts", 1, 100'000, where);
    settings.eval_pure_playouts = int_field(s, "eval_pure_playouts", 1, 1'000'000, where);
    settings.eval_pure_max = int_field(s, "eval_pure_max", 1, 1'000'000, where);
    settings.eval_mcts_playouts = int_field(s, "eval_mcts_playouts", 0, 1'000'000, where);
    settings.eval_mcts_max = int_field(s, "eval_mcts_max", 0, 1'000'000, where);
    settings.window = static_cast<int>(int_field(s, "window", 1, 1'000'000, where));
    settings.lesson_games = int_field(s, "lesson_games", 0, 10'000'000, where);
    settings.seed = seed_field(s, "seed", where);
    return validated_settings(settings);
}

}  // namespace

nlohmann::json gomoku_training_request(const go::AzTrainSettings& s, const std::string& model) {
    nlohmann::json request = {{"game", "gomoku"},
                              {"settings",
                               {{"size", s.board.size}, {"win", s.board.win_length}, {"channels", s.shape.channels},
                                {"layers", s.shape.layers}, {"policy_planes", s.shape.policy_planes},
                                {"playouts", s.playouts}, {"lr", s.learning_rate},
                                {"weight_decay", s.weight_decay}, {"batch", s.batch},
                                {"updates_per_game", s.updates_per_game}, {"replay_capacity", s.replay_capacity},
                                {"temperature_moves", s.temperature_moves}, {"noise_fraction", s.noise.fraction},
                                {"noise_alpha", s.noise.alpha}, {"eval_every", s.eval_every},
                                {"eval_games", s.eval_games}, {"eval_az_playouts", s.eval_az_playouts},
                                {"eval_pure_playouts", s.eval_pure_playouts}, {"eval_pure_max", s.eval_pure_max},
                                {"eval_mcts_playouts", s.eval_mcts_playouts}, {"eval_mcts_max", s.eval_mcts_max},
                                {"window", s.window}, {"lesson_games", s.lesson_games}, {"seed", seed_text(s.seed)}}}};
    if (!model.empty()) request["model"] = base64_encode(model);
    return request;
}

std::unique_ptr<Job> gomoku_training_job(const nlohmann::json& request) {
    return make_training_job<GomokuTraining>(request, train_settings(request));
}

}  // namespace gridlab::search
