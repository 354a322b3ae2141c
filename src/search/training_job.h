// The training jobs' common part (games.h): a game's trainer learns in the worker, in slices, and
// every progress report carries the run as a model file, which the page saves, shows and plays with.
// A game plugs in through a traits struct G:
//   using Trainer;  constructible from its settings and from a learn::Model (the run to resume)
//   static constexpr const char* kGame;                  the model file's game
//   static bool train(Trainer&, double ms);              about ms of training, never past the end of
//                                                        a game (or episode), so a run stops at its
//                                                        target; false when what comes next cannot be
//                                                        cut and should begin a slice of its own
//   static bool reached(const Trainer&, int64_t target); the run has played `target` games
//   static nlohmann::json report(const Trainer&, const nlohmann::json& description):
//       the counts, "weight_hash" and "model" (the model file of the trainer with this description)
#pragma once

#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/text.h"
#include "core/time_budget.h"
#include "learn/model_file.h"
#include "search/search.h"

namespace gridlab::search {

template <typename G>
class TrainingJob : public Job {
public:
    TrainingJob(std::unique_ptr<typename G::Trainer> trainer, double seconds, int64_t target)
        : trainer_(std::move(trainer)), seconds_(seconds), target_(target) {}
    void think(double ms) override {
        const Stopwatch clock;
        const TimeBudget budget(ms);
        // A unit that cannot be cut waits for the next slice (none to wait for with an endless one).
        bool go_on;
        do go_on = G::train(*trainer_, budget.remaining_ms()) || std::isinf(ms);
        while (go_on && !finished() && !budget.expired());
        seconds_ += clock.elapsed_ms() / 1000.0;
    }
    bool finished() const override { return G::reached(*trainer_, target_); }
    // The training time goes into the model's description too, so a resumed run counts on from it.
    nlohmann::json report() const override {
        nlohmann::json description = trainer_->describe();
        description["seconds"] = seconds_;
        nlohmann::json report = G::report(*trainer_, description);
        report["seconds"] = seconds_;
        return report;
    }
    double progress_ms() const override { return kTrainingProgressMs; }
    bool answers_cancel() const override { return true; }

private:
    std::unique_ptr<typename G::Trainer> trainer_;
    double seconds_;
    int64_t target_;
};

// A request's settings, checked by their game's validate() (found by argument-dependent lookup),
// whose refusal becomes "settings: ...".
template <typename Settings>
Settings validated_settings(const Settings& settings) {
    try {
        validate(settings);
    } catch (const std::invalid_argument& error) {
        throw std::invalid_argument(std::string("settings: ") + error.what());
    }
    return settings;
}

// The job of a train request whose settings have been read: a new run, or the run of the request's
// "model" resumed (its own settings win); it ends at the request's "episodes", if any.
template <typename G, typename Settings>
std::unique_ptr<Job> make_training_job(const nlohmann::json& request, const Settings& settings) {
    const int64_t target = request.contains("episodes") ? int_field(request, "episodes", 1, int64_t{1} << 40, "")
                                                        : std::numeric_limits<int64_t>::max();
    if (!request.contains("model"))
        return std::make_unique<TrainingJob<G>>(std::make_unique<typename G::Trainer>(settings), 0.0, target);
    const nlohmann::json& text = field(request, "model", "");
    try {
        const learn::Model model = learn::load_model(base64_decode(text.is_string() ? text.get<std::string>() : ""), G::kGame);
        return std::make_unique<TrainingJob<G>>(std::make_unique<typename G::Trainer>(model),
                                                model.settings.value("seconds", 0.0), target);
    } catch (const std::exception& error) {
        throw std::invalid_argument(std::string("model: ") + error.what());
    }
}

}  // namespace gridlab::search
