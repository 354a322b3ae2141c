// Minesweeper's training job (games.h, training_job.h): a network learns in the worker, in slices, and
// every progress report carries the run as a model file, which the page saves, shows and plays with.
#include <stdexcept>

#include "core/text.h"
#include "learn/model_file.h"
#include "minesweeper/learner.h"
#include "search/games.h"
#include "search/training_job.h"

namespace gridlab::search {

namespace {

namespace ms = gridlab::minesweeper;

struct MinesweeperTraining {
    using Trainer = ms::Trainer;
    static constexpr const char* kGame = "minesweeper";
    // Steps for about `ms`, to the end of an episode at most, so that a run to `episodes` ends where
    // the command line's does (an expert episode takes ~0.5 s, far more than a slice).
    static bool train(Trainer& trainer, double ms) {
        trainer.advance(ms);
        return true;
    }
    static bool reached(const Trainer& trainer, int64_t target) { return trainer.episodes() >= target; }
    static nlohmann::json report(const Trainer& trainer, const nlohmann::json& description) {
        return {{"episodes", trainer.episodes()},
                {"steps", trainer.steps()},
                {"updates", trainer.updates()},
                {"weight_hash", learn::hex16(learn::weight_hash(trainer.network()))},
                {"model", base64_encode(learn::save_model({kGame, trainer.network(), description}))}};
    }
};

ms::TrainSettings train_settings(const nlohmann::json& request) {
    const nlohmann::json& s = object_field(request, "settings", "");
    const std::string where = "settings";
    ms::TrainSettings settings;
    settings.board.rows = static_cast<int>(int_field(s, "rows", 1, ms::kMaxSide, where));
    settings.board.cols = static_cast<int>(int_field(s, "cols", 1, ms::kMaxSide, where));
    settings.board.mines = static_cast<int>(int_field(s, "mines", 0, settings.board.rows * settings.board.cols, where));
    settings.board.first_click = ms::parse_first_click(choice_field(s, "first", {"safe", "zero", "none", "random-start"}, where));
    settings.rewards = ms::parse_reward_scheme(choice_field(s, "rewards", {"seed-000", "seed-004"}, where));
    settings.shape.width = static_cast<int>(int_field(s, "width", 1, 128, where));
    settings.shape.depth = static_cast<int>(int_field(s, "depth", 1, 12, where));
    if (s.contains("looks")) settings.shape.second_look = int_field(s, "looks", 1, 2, where) == 2;
    settings.learning_rate = static_cast<float>(number_field(s, "lr", 1e-6, 1.0, where));
    settings.exploration = number_field(s, "explore", 0.0, 1.0, where);
    settings.window = static_cast<int>(int_field(s, "window", 1, 1'000'000, where));
    if (s.contains("warm_up")) settings.warm_up = int_field(s, "warm_up", 0, 100'000'000, where);
    if (s.contains("batch")) settings.batch = static_cast<int>(int_field(s, "batch", 1, 1024, where));  // else by the board
    settings.seed = seed_field(s, "seed", where);
    return validated_settings(settings);
}

}  // namespace

nlohmann::json minesweeper_training_request(const ms::TrainSettings& s, const std::string& model) {
    nlohmann::json request = {{"game", "minesweeper"},
                              {"settings",
                               {{"rows", s.board.rows}, {"cols", s.board.cols}, {"mines", s.board.mines},
                                {"first", ms::first_click_name(s.board.first_click)},
                                {"rewards", ms::reward_scheme_name(s.rewards)}, {"width", s.shape.width},
                                {"depth", s.shape.depth}, {"looks", s.shape.second_look ? 2 : 1},
                                {"lr", s.learning_rate}, {"explore", s.exploration},
                                {"window", s.window}, {"warm_up", s.warm_up}, {"seed", seed_text(s.seed)}}}};
    if (s.batch > 0) request["settings"]["batch"] = s.batch;
    if (!model.empty()) request["model"] = base64_encode(model);
    return request;
}

std::unique_ptr<Job> minesweeper_training_job(const nlohmann::json& request) {
    return make_training_job<MinesweeperTraining>(request, train_settings(request));
}

}  // namespace gridlab::search
