// Minesweeper's training job (games.h): a network learns in the worker, in slices, and every
// progress report carries the run as a model file, which the page saves, shows and plays with.
#include <limits>
#include <stdexcept>

#include "core/text.h"
#include "core/time_budget.h"
#include "learn/model_file.h"
#include "minesweeper/learner.h"
#include "search/games.h"

namespace gridlab::search {

namespace {

namespace ms = gridlab::minesweeper;

class TrainingJob : public Job {
public:
    TrainingJob(std::unique_ptr<ms::Trainer> trainer, double seconds, int64_t episodes)
        : trainer_(std::move(trainer)), seconds_(seconds), target_(episodes) {}
    // Whole episodes, so that a run to `episodes` ends where the command line's does.
    void think(double ms) override {
        const Stopwatch clock;
        const TimeBudget budget(ms);
        do trainer_->train_until(trainer_->episodes() + 1);
        while (!finished() && !budget.expired());
        seconds_ += clock.elapsed_ms() / 1000.0;
    }
    bool finished() const override { return trainer_->episodes() >= target_; }
    nlohmann::json report() const override {
        nlohmann::json description = trainer_->describe();
        description["seconds"] = seconds_;
        return {{"episodes", trainer_->episodes()},
                {"steps", trainer_->steps()},
                {"updates", trainer_->updates()},
                {"seconds", seconds_},
                {"weight_hash", learn::hex16(learn::weight_hash(trainer_->network()))},
                {"model", base64_encode(learn::save_model({"minesweeper", trainer_->network(), description}))}};
    }
    double progress_ms() const override { return kTrainingProgressMs; }
    bool answers_cancel() const override { return true; }

private:
    std::unique_ptr<ms::Trainer> trainer_;
    double seconds_;
    int64_t target_;
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
    settings.learning_rate = static_cast<float>(number_field(s, "lr", 1e-6, 1.0, where));
    settings.exploration = number_field(s, "explore", 0.0, 1.0, where);
    settings.window = static_cast<int>(int_field(s, "window", 1, 1'000'000, where));
    settings.seed = seed_field(s, "seed", where);
    try {
        ms::validate(settings);
    } catch (const std::invalid_argument& error) {
        throw std::invalid_argument(where + ": " + error.what());
    }
    return settings;
}

}  // namespace

nlohmann::json minesweeper_training_request(const ms::TrainSettings& s, const std::string& model) {
    nlohmann::json request = {{"game", "minesweeper"},
                              {"settings",
                               {{"rows", s.board.rows}, {"cols", s.board.cols}, {"mines", s.board.mines},
                                {"first", ms::first_click_name(s.board.first_click)},
                                {"rewards", ms::reward_scheme_name(s.rewards)}, {"width", s.shape.width},
                                {"depth", s.shape.depth}, {"lr", s.learning_rate}, {"explore", s.exploration},
                                {"window", s.window}, {"seed", seed_text(s.seed)}}}};
    if (!model.empty()) request["model"] = base64_encode(model);
    return request;
}

std::unique_ptr<Job> minesweeper_training_job(const nlohmann::json& request) {
    const ms::TrainSettings settings = train_settings(request);
    const int64_t episodes = request.contains("episodes")
                                 ? int_field(request, "episodes", 1, int64_t{1} << 40, "")
                                 : std::numeric_limits<int64_t>::max();
    if (!request.contains("model")) return std::make_unique<TrainingJob>(std::make_unique<ms::Trainer>(settings), 0.0, episodes);
    const nlohmann::json& text = field(request, "model", "");
    try {
        const learn::Model model = learn::load_model(base64_decode(text.is_string() ? text.get<std::string>() : ""), "minesweeper");
        return std::make_unique<TrainingJob>(std::make_unique<ms::Trainer>(model), model.settings.value("seconds", 0.0), episodes);
    } catch (const std::exception& error) {
        throw std::invalid_argument(std::string("model: ") + error.what());
    }
}

}  // namespace gridlab::search
