// Learn: make an AI. A small neural network learns Minesweeper from its own games while the class
// watches: the run's settings, Train / Pause / Reset, a progress line, the learning curves, and the
// agent playing a game of its own at a chosen speed, its mine chances beside the exact ones of the
// probability solver. Training runs in the AI's Web Worker (in frame slices without one), goes on
// while another screen is shown, is saved in the browser every few dozen games (a reload resumes
// it), and the model can be downloaded and loaded again. "Play with it" opens the Minesweeper screen with the learned agent as its helper and AI player (ai=learned).
//
// Parameters: level (small: 6x6 with 5 mines, beginner: 9x9 with 10), or rows, cols and mines for
// another board; width and depth (the network), lr (learning rate), explore (the chance of a random
// move while training), rewards (seed-000|seed-004), seed, speed (the live agent's moves per second).
// Actions: {"train": "start"|"pause"|"reset"}, {"speed": n}, {"download": true}.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "app/learned_models.h"
#include "app/i18n.h"
#include "app/screen.h"
#include "minesweeper/learner.h"
#include "minesweeper/rules.h"
#include "minesweeper/solver.h"

namespace gridlab::app {

class LearnScreen : public GameScreen {
public:
    explicit LearnScreen(LearnedModels& models);
    const char* id() const override { return "learn"; }
    const char* title() const override { return tr_key("Learn"); }
    const char* lesson() const override { return tr_key("Make an AI: train a neural network and watch it learn."); }
    std::vector<CellLook> preview() const override;
    bool background() const override { return true; }
    // A new run with these settings (the weights start random), paused.
    void new_game(const Params& params) override;
    Params params() const override;
    void act(const nlohmann::json& action) override;
    void update(const Frame& frame, double slice_ms) override;
    void build_ui(const Frame& frame, float top) override;
    nlohmann::json state() const override;
    // The run as a model file (base64) with its settings, counts and curve, and whether it was training.
    nlohmann::json save() const override;
    void restore(const nlohmann::json& saved) override;
    // Goes on from a model file (learn::save_model's bytes), paused. Throws learn::ModelError or
    // std::invalid_argument, the run unchanged, for a file that is not a Minesweeper model.
    void load_model(std::string_view bytes);

private:
    void start_run(std::unique_ptr<minesweeper::Trainer> trainer, double elapsed_s);
    // Training runs as a job of the AI runner (app/ai_runner.h): in the Web Worker, or in slices of
    // the frames without one. The screen keeps a copy of the run, the model of its latest report.
    void start_training();
    void pause();
    void follow_training(double slice_ms);  // reads the job's reports (and thinks, in frames)
    void reset();
    // Shares the network with the Minesweeper screen (ai=learned) and marks the run for saving.
    void checkpoint();
    std::string model_bytes() const;
    Params edited_params() const;
    // The parameters of a run with these settings: what params() gives, and parse_run() checks.
    static Params run_params(const minesweeper::TrainSettings& settings, int speed);

    // The live game: the agent (a copy of the weights when the game began) plays it move by move.
    void start_live_game();
    void look_at_live_game();  // both views of the position: the network's and the exact one
    void play_live(double now_ms);
    double live_error() const;  // mean |network - exact| over hidden cells, or -1

    float live_boards_height(float w) const;  // the two boards side by side in w, with their captions
    void build_live_boards(const Frame& frame, float x, float y, float w, float h);
    void build_curves(float w, float h, int columns) const;
    void build_controls(const Frame& frame);
    void build_settings();

    LearnedModels& models_;
    std::unique_ptr<minesweeper::Trainer> trainer_;
    bool training_ = false;
    int64_t train_id_ = 0;  // the training job, or the paused one whose final report is still to come
    int speed_ = 4;
    double elapsed_s_ = 0;  // time spent training
    double rate_since_ms_ = -1, games_per_second_ = 0;
    int64_t rate_episodes_ = 0, checkpoint_episodes_ = 0;
    bool shown_ = false;  // drawn since the last update: training takes a larger slice
    Message message_;  // what the last download, load or stop did; empty pattern: nothing to say

    minesweeper::State live_{minesweeper::Settings{}, 0};
    int64_t live_games_ = 0;
    int live_moves_ = 0;
    std::unique_ptr<minesweeper::Solver> agent_, exact_;
    minesweeper::Decision agent_view_, exact_view_;
    bool exact_ready_ = false;
    double next_move_ms_ = 0;
    BoardPlacement live_view_;

    // Settings panel edits, applied by Reset (or Train before the first game).
    int edit_board_ = 1, edit_rows_ = 9, edit_cols_ = 9, edit_mines_ = 10, edit_width_ = 16, edit_depth_ = 3;
    int edit_rewards_ = 0;
    float edit_lr_ = 0.001f, edit_explore_ = 0.05f;
    std::string edit_seed_, settings_error_;
};

}  // namespace gridlab::app
