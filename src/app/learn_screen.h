// Learn: make an AI. A small neural network learns a game from its own games while the class watches:
// Minesweeper (which cells hide mines), Puyo Puyo (how good a field is) or Gomoku (AlphaZero: which
// moves are good and who is winning). The screen shows the run's settings, Train / Pause / Reset, a
// progress line, the learning curves, and a live game played by the network as it stands, with what
// it thinks (learn_lesson.h: each game's part). Training runs in the AI's Web Worker (in frame slices
// without one) and goes on while another screen is shown; each game keeps its own run, and one trains
// at a time. The runs are saved in the browser every few dozen games (a reload resumes them), and a
// model can be downloaded and loaded again. "Play with it" opens the game's screen with the learned
// AI (Minesweeper's and Puyo's ai=learned, Gomoku's white=az).
//
// Parameters: learn (minesweeper|puyo|gomoku), speed (the live game's moves per second), and the
// lesson's own (learn_minesweeper.cpp, learn_puyo.cpp, learn_gomoku.cpp).
// Actions: {"train": "start"|"pause"|"reset"}, {"speed": n}, {"download": true}.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>

#include "app/i18n.h"
#include "app/learn_lesson.h"
#include "app/learned_models.h"
#include "app/screen.h"

namespace gridlab::app {

class LearnScreen : public GameScreen {
public:
    explicit LearnScreen(LearnedModels& models);
    const char* id() const override { return "learn"; }
    const char* title() const override { return tr_key("Learn"); }
    const char* lesson() const override { return tr_key("Make an AI: train a neural network and watch it learn."); }
    std::vector<CellLook> preview() const override;
    bool background() const override { return true; }
    // Shows the lesson of `learn`: its run as it stands when the parameters name no settings or its
    // own, else a new run with these settings (the weights start random), paused.
    void new_game(const Params& params) override;
    Params params() const override;
    void act(const nlohmann::json& action) override;
    void update(const Frame& frame, double slice_ms) override;
    void keep_now() override;  // the reporting run's games since its last checkpoint
    void build_ui(const Frame& frame, float top) override;
    nlohmann::json state() const override;
    // Every run that has played a game (and the one training), as a model file (base64) with its settings, which one is shown
    // and which one was training.
    nlohmann::json save() const override;
    void restore(const nlohmann::json& saved) override;
    // Goes on from a model file (learn::save_model's bytes) of any game's lesson, paused, and shows it.
    // Throws learn::ModelError or std::invalid_argument, every run unchanged, for a file that is not one.
    void load_model(std::string_view bytes);

private:
    static constexpr int kLessons = 3;
    int lesson_index(const std::string& game) const;  // throws for a game without a lesson
    Lesson& shown() { return *lessons_[shown_]; }
    const Lesson& shown() const { return *lessons_[shown_]; }
    // A new run of lesson `index` with these settings, shown (throws, every run unchanged).
    void start_run(int index, const Params& params);
    Params edited_params() const;  // the shown lesson's settings panel, and the speed
    // Shows lesson `index`, and gives it the run of `model` (a save, a loaded file), paused.
    void adopt(int index, const learn::Model& model, double elapsed_s);
    // Training runs as a job of the AI runner (app/ai_runner.h): in the Web Worker, or in slices of
    // the frames without one. The lesson keeps a copy of the run: the model of the job's latest report.
    void start_training();
    void pause();
    // Stops the training job and drops its last report: the run it belonged to is being replaced.
    void drop_training();
    void follow_training(double slice_ms);  // reads the job's reports (and thinks, in frames)
    void reset();
    // Shares lesson `index`'s network with its game screen and marks the runs for saving.
    void checkpoint(int index);

    void build_curves(const std::vector<Curve>& curves, float w, float h, int columns) const;
    void build_controls(const Frame& frame);
    void build_lesson_progress() const;  // how far the shown lesson is, and how long it has left
    void build_settings();

    LearnedModels& models_;
    std::array<std::unique_ptr<Lesson>, kLessons> lessons_;
    std::array<double, kLessons> elapsed_s_{};  // time each run has spent training
    int shown_ = 0;
    int training_ = -1;     // the lesson whose run is training, or -1
    int64_t train_id_ = 0;  // the training job, or the paused one whose final report is still to come
    int reporting_ = -1;    // the lesson train_id_'s reports belong to
    int speed_ = 4;
    double rate_since_ms_ = -1, games_per_second_ = 0;
    int64_t rate_games_ = 0, checkpoint_games_ = 0;  // checkpoints: of the run that reports
    double checkpoint_seconds_ = 0;
    bool visible_ = false;  // drawn since the last update: training takes a larger slice
    Message message_;  // what the last download, load or stop did; empty pattern: nothing to say
    std::string settings_error_;
};

}  // namespace gridlab::app
