// The Code lesson (issue 44): a student writes a Python function, gridlab's engines play with it.
// The page holds the editor (CodeMirror) and a Web Worker with Python (Pyodide) and the engines
// (web/code/): this screen places the editor, asks the page to run the program, and shows what comes
// back: the live game (replayed here from the seeds and moves the worker reports), the result beside
// gridlab's own AIs on the same games, a chart over the student's runs, and errors with their line
// and a hint. Natively there is no Python in the app: the screen says how to run a lesson from a shell.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/i18n.h"
#include "app/screen.h"

namespace gridlab::app {

// The lessons, as ?code= names them.
constexpr const char* kCodeLessons[] = {"puyo", "minesweeper", "gomoku"};
constexpr int kCodeLessonCount = 3;

class CodeLive;  // the live game (code_screen.cpp)

class CodeScreen : public GameScreen {
public:
    CodeScreen();
    ~CodeScreen() override;
    const char* id() const override { return "code"; }
    const char* title() const override { return tr_key("Code"); }
    const char* lesson() const override { return tr_key("Write your own AI in Python: gridlab's engines play it."); }
    std::vector<CellLook> preview() const override;
    void new_game(const Params& params) override;
    Params params() const override;
    // {code: SOURCE} sets the editor's text; {run: {games: N}} runs it (N optional); {stop: true}.
    void act(const nlohmann::json& action) override;
    void update(const Frame& frame, double slice_ms) override;
    void build_ui(const Frame& frame, float top) override;
    nlohmann::json state() const override;
    nlohmann::json save() const override;
    void restore(const nlohmann::json& saved) override;
    std::string summary() const override;
    void leave() override;

    // A message from the page's side (web/code/page.js): the worker's reports and its state.
    void receive(const nlohmann::json& message);

private:
    struct Run {  // a finished run of the student's program, for the chart
        double value;  // the lesson's measure: mean score, win rate
    };
    void open_lesson();
    void run(int games);
    void build_editor_place(const Frame& frame, float x, float y, float w, float h);
    void build_panel(const Frame& frame);
    void build_result() const;
    void build_error() const;
    void build_chart(float w) const;
    std::string options_key() const;
    nlohmann::json run_options(int games) const;
    double measure(const nlohmann::json& result) const;

    int lesson_ = 0;  // kCodeLessons
    int games_ = 20;
    int opponent_ = 0;  // Gomoku: kOpponents
    // loading, idle, running, done, error (state()'s); unavailable where there is no page (desktop)
    std::string status_ = "loading";
    bool ready_ = false;               // the worker has Python and the engines loaded
    bool opened_ = false;              // the page was asked to open this lesson
    int run_id_ = 0;
    nlohmann::json result_;            // the last result (null before one)
    nlohmann::json error_;             // {line, message, kind} of the last error, or null
    nlohmann::json built_in_ = nlohmann::json::object();  // gridlab's AIs' results by options_key()
    std::string output_;               // the program's print() output of the last run
    std::vector<double> runs_[kCodeLessonCount];  // measure() of each finished run, per lesson
    std::unique_ptr<CodeLive> live_;
    bool confirm_reset_ = false;
    float ready_ms_ = 0;
};

}  // namespace gridlab::app
