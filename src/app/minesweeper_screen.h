// Minesweeper: left click reveals, right click or a long press flags, a click on a number chords;
// mine counter and timer; the solver gives a hint, makes one move or plays to the end; overlays show
// each hidden cell's mine probability, the cells the logic proves, and the kb solver's sentences.
//
// Parameters: level (beginner|intermediate|expert|custom; custom takes rows, cols, mines), first
// (safe|zero|none|random-start), ai (kb|elimination|probability|learned: the Learn screen's agent), speed (AI moves per second),
// show (overlays on from the start: probability,proofs,sentences), seed.
// Actions: {"reveal":[r,c]}, {"flag":[r,c]}, {"chord":[r,c]}, {"ai":"move"|"play"|"stop"|"hint"},
// {"review":k} (a finished game: show the board after move k, 0..moves).
//
// Every move goes in the move log (app/move_log.h): the solver's with the reason its cell is safe
// (or the chance it is, for a guess), as the hint words it; a player's reveal of the hinted cell too.
#pragma once

#include <memory>
#include <optional>

#include "app/i18n.h"
#include "app/learned_models.h"
#include "app/move_log.h"
#include "app/screen.h"
#include "minesweeper/rules.h"
#include "minesweeper/solver.h"

namespace gridlab::app {

// Why the AI stopped on a position, as state()["ai"]["stopped"] gives it, in the player's words:
// {"id":"wrong_flag","cell":[r,c],"number":n,"flags":f} (that number has f > n flags around it),
// {"id":"wrong_flag"} (no number shows it alone), {"id":"solver_error","message":the search's own}.
Message analysis_stop_message(const nlohmann::json& stop);

class MinesweeperScreen : public GameScreen {
public:
    explicit MinesweeperScreen(const LearnedModels& models);
    const char* id() const override { return "minesweeper"; }
    const char* title() const override { return tr_key("Minesweeper"); }
    const char* lesson() const override {
        return tr_key("Logic, then probability: watch a solver reason about every hidden cell.");
    }
    std::vector<CellLook> preview() const override;
    void new_game(const Params& params) override;
    Params params() const override { return params_; }
    void act(const nlohmann::json& action) override;
    void update(const Frame& frame, double slice_ms) override;
    void build_ui(const Frame& frame, float top) override;
    nlohmann::json state() const override;
    nlohmann::json save() const override;
    void restore(const nlohmann::json& saved) override;
    std::string summary() const override;
    bool finished() const override { return state_.terminal(); }

private:
    enum class Kind { Reveal, Flag, Chord };
    struct Action {
        Kind kind;
        int cell;
    };
    // Throws std::invalid_argument, game unchanged, if not allowed. `entry`: who moved and why.
    void apply(Action action, LogEntry entry = {});
    bool last_move_by_ai() const;
    Reason decision_reason() const;  // why the decision's cell is the one to reveal
    static void play_on(minesweeper::State& game, Action action);  // the action's move on `game` (throws, unchanged)
    minesweeper::State replayed(int moves) const;  // the game after its first `moves` actions, for the review
    // The solver's decision for the current position, searched once per position (app/ai_runner.h).
    // Null until its result came; analysis(): what it knows so far (progress), for the overlays.
    const minesweeper::Decision* decision() const { return decision_ready_ ? &decision_ : nullptr; }
    const minesweeper::Decision* analysis() const { return analysed_ ? &decision_ : nullptr; }
    void analyse(double slice_ms);
    void stop_analysis();
    void play_decision();  // reveals the decision's cell, or stops the AI when it has none
    void build_board(const Frame& frame, const BoardPlacement& board);
    void build_zoom_buttons();
    void zoom_by(int steps);  // steps along kZooms, staying in its range
    void follow_pinch(float spread);  // two fingers spread or pinched zoom in or out a step at a time
    nlohmann::json view_json() const;  // where the board is (app::view_json), its zoom and the part shown
    void handle_pointer(const BoardPlacement& board, double now_ms);
    void handle_keys(const Frame& frame);  // arrows move the cursor; Enter or Space reveals (or chords), F flags
    void build_panel(const Frame& frame);
    int flags() const;
    bool has_wrong_flag() const;  // a flag on a cell without a mine
    nlohmann::json analysis_stop() const;  // why the AI stopped here, for state() and analysis_stop_message
    std::string overlays_shown() const;  // "probability,sentences": the show= parameter
    std::string outcome_text() const;    // "You win in 94 s", "Boom! after 12 s"; "" while playing
    double elapsed_seconds(double now_ms) const;

    const LearnedModels* models_;  // the Learn screen's agent, for ai=learned
    Params params_;
    BoardPlacement board_view_;  // where the board was drawn last frame
    Area board_area_;             // the part of it on the screen (all of it, unless zoomed)
    // Zoom (its buttons) and, on a zoomed board larger than its area, how far it was dragged from centred.
    float zoom_ = 1.0f;
    Corner pan_, pan_at_press_;
    float pinch_spread_ = 0;  // of the fingers since the last zoom step they made
    uint64_t seed_ = 0;
    std::string solver_name_ = "probability";
    std::string level_ = "beginner";
    minesweeper::State state_{minesweeper::Settings{}, 0};
    std::vector<Action> actions_;
    MoveLog log_;  // an entry per action, and the review of a finished game
    // The analysis of the current position.
    std::unique_ptr<minesweeper::Solver> learned_;  // ai=learned: one network pass, decided on the page
    int64_t search_id_ = 0;
    bool analysed_ = false, decision_ready_ = false;
    minesweeper::Decision decision_;
    std::string analysis_error_;  // the search's own report of why it could not go on
    // AI and overlays.
    bool ai_playing_ = false, hint_shown_ = false;
    BoardCursor cursor_;  // "The AI wins" rather than "You win"
    int ai_moves_pending_ = 0;  // {"ai":"move"} asked for, made as each decision comes
    int ai_moves_per_second_ = 4;
    double next_ai_move_ms_ = 0;
    bool show_probabilities_ = false, show_proofs_ = false, show_sentences_ = true;
    // Timer: from the first reveal to the end.
    std::optional<double> started_ms_, finished_ms_;
    double now_ms_ = 0;
    // Pointer: a long press flags, and the release that ends it does nothing more; nor does the
    // release of a press that became a drag (panning a zoomed board).
    bool long_press_done_ = false, dragged_ = false;
    // Settings panel edits, applied by "New game".
    std::string edit_seed_, settings_error_;
    int edit_level_ = 0, edit_first_ = 0, edit_solver_ = 2, edit_rows_ = 16, edit_cols_ = 30, edit_mines_ = 99;
};

}  // namespace gridlab::app
