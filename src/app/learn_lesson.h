// One game's part of the Learn screen (learn_screen.h): the settings of its run, its trainer (as the
// latest model file of the run), its learning curves, and a live game that shows what the network has
// learnt so far. The screen does the rest the same way for every game: the training job in the Web
// Worker, Train / Pause / Reset, saving, downloading and loading, the layout.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/learned_models.h"
#include "app/screen.h"
#include "learn/model_file.h"

namespace gridlab::app {

// The seed stream of a lesson's live games, apart from the training's.
constexpr uint64_t kLiveGameStream = 1000;

// The height of the two lines of caption above a lesson's live game.
float live_caption_height();

// One learning curve: a value per point of the run (x: games played).
struct Curve {
    const char* title;         // English: the screen translates it
    const char* value_format;  // printf format of the latest value
    std::vector<double> games, values;
    uint32_t colour;           // IM_COL32
    double y_min = 0, y_max = 0;  // a fixed y range; equal: from the data
    int average = 8;           // points in the moving average (1: the points alone)
};

class Lesson {
public:
    virtual ~Lesson() = default;
    // The game's id: the learn= parameter, the model files' game, state()'s "learning".
    virtual const char* game() const = 0;

    // --- The run ---
    // A new run with these parameters (random weights, no games yet). Throws (Refusal,
    // std::invalid_argument) with the run unchanged.
    virtual void start(const Params& params) = 0;
    // Goes on from a model file of this game: a training report, a downloaded file, a save. Throws,
    // the run unchanged, for a model this lesson could not have started (the same checks as start).
    // The live game and the settings panel stay as they were (a report comes a few times a second).
    virtual void adopt(const learn::Model& model) = 0;
    virtual Params params() const = 0;  // the run's settings: start(params()) is the same run
    virtual std::string model_bytes(double seconds) const = 0;  // the run as a model file
    virtual nlohmann::json training_request(const std::string& model_bytes) const = 0;  // search/games.h
    virtual int64_t games() const = 0;
    // The games the run's lesson plays (training stops there; Train goes on past it), 0: no end.
    virtual int64_t lesson_games() const { return 0; }
    virtual int64_t moves() const = 0;
    virtual int64_t updates() const = 0;
    virtual std::size_t weight_count() const = 0;
    virtual uint64_t weight_hash() const = 0;
    // Hands the network to the game screen (null before the first game).
    virtual void share(LearnedModels& models) const = 0;
    virtual bool shared(const LearnedModels& models) const = 0;
    // What "Play with it" opens: the game screen with the learned AI.
    virtual Params play_params() const = 0;
    virtual std::vector<Curve> curves() const = 0;
    virtual int curve_window() const = 0;  // games per point
    virtual nlohmann::json curve_json() const = 0;

    // --- The live game: the network as it was when the game began plays it, `speed` moves a second ---
    virtual void restart_live() = 0;
    // Plays on; returns when it next needs a frame (now_ms while it thinks).
    virtual double play_live(double now_ms, int speed) = 0;
    virtual float live_height(float w) const = 0;  // what it needs at width w, captions included
    virtual void build_live(const Frame& frame, float x, float y, float w, float h) = 0;
    virtual void build_live_text() const = 0;  // the panel's lines about it
    virtual nlohmann::json live_state() const = 0;
    virtual nlohmann::json live_view() const = 0;  // where its board was drawn (view_json)

    // --- The settings panel: edits, applied by Reset ---
    virtual void edit_from_run() = 0;
    virtual void build_settings() = 0;
    virtual Params edited_params() const = 0;
};

std::unique_ptr<Lesson> make_minesweeper_lesson();
std::unique_ptr<Lesson> make_puyo_lesson();
std::unique_ptr<Lesson> make_gomoku_lesson();

// Shared by the lessons' panels.
void setting_width();  // the width of a setting's widget
// The seed setting: a text field of digits, empty for a random seed.
void seed_setting(std::string& seed);

}  // namespace gridlab::app
