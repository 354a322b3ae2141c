// Gomoku: click or tap to place a stone; human vs AI with either colour, or AI vs AI; undo; the
// search shown over the board while an AI thinks.
//
// The threats on the board: forbidden points marked for black under renju; when a human is to move
// and the opponent would win by force if it could move now (threat_space.h, a small budget), its
// threat cells; when the AI has found a forced win, "wins in N" and the line, numbered on the board.
//
// az is the AlphaZero search guided by the Learn screen's network (LearnedModels::gomoku): the game
// takes the network's board (size and win length) unless the link names them, and another board is
// refused, naming both. The network goes to the search with each request; its value of the position
// shows beside the search.
//
// Parameters: size (5..20, default 15), win (3..size, default 5), rule (freestyle|standard|renju),
// black and white (human|pure-mcts|mcts|ab|az), ms (mcts and ab thinking time per move), playouts (pure-mcts,
// default 5000; az, default 400), seed. Actions: {"move":[row,col]} or {"move":"h8"}, {"undo":true},
// {"review":k} (a finished game: show the board after move k, 0..moves).
//
// Every move goes in the move log (app/move_log.h); the AI's with its reason, from its search's
// result, and the top moves it weighed: their circles stay on the board, dimmed, until the next
// search starts, and come back when a finished game is stepped through.
#pragma once

#include <optional>

#include "app/i18n.h"
#include "app/learned_models.h"
#include "app/move_log.h"
#include "app/screen.h"
#include "gomoku/ai.h"
#include "gomoku/rules.h"

namespace gridlab::app {

class GomokuScreen : public GameScreen {
public:
    explicit GomokuScreen(const LearnedModels& models);
    const char* id() const override { return "gomoku"; }
    const char* title() const override { return tr_key("Gomoku"); }
    const char* lesson() const override { return tr_key("Five in a row against Monte Carlo tree search."); }
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
    bool finished() const override { return state_.is_terminal(); }

private:
    bool is_ai(gomoku::Stone side) const { return !player(side).empty(); }
    const std::string& player(gomoku::Stone side) const { return side == gomoku::Stone::Black ? black_ : white_; }
    // A move by whoever is to move: `entry` says who and why (its move is filled in here).
    void play(int action, LogEntry entry = {});
    LogEntry ai_entry(int action) const;  // the AI's move `action`, with its reason, from report_
    void undo();             // back to the last position where a human is to move
    void stop_thinking();
    std::vector<int> winning_line() const;
    void build_settings();
    void build_thinking_text();
    std::string move_list() const;  // "1. h8 i9 2. j10": as players write a game
    void build_move_list();
    std::string status_line() const;  // "Black to move (you)", "White wins"
    void handle_keys(const Frame& frame);  // arrows move the cursor, Enter or Space places a stone there
    gomoku::State shown_position() const;  // the game, or in a review the game after the move reviewed
    void draw_board(const Frame& frame, const BoardPlacement& board, const gomoku::State& shown) const;
    // The search's circles on the empty points of `shown` (a stone is drawn whole, not under a circle).
    void draw_search_overlay(const BoardPlacement& board, const gomoku::State& shown) const;
    void draw_circles(const BoardPlacement& board, const gomoku::State& shown, const std::vector<Weighed>& weighed,
                      float opacity) const;
    void draw_threat_overlay(const BoardPlacement& board) const;
    void find_threats();     // after every change of position: forbidden points and the opponent's threat
    void build_threat_text();

    const LearnedModels* models_;  // the Learn screen's AlphaZero network, for az
    Params params_;
    BoardPlacement board_view_;  // where the board was drawn last frame
    uint64_t seed_ = 0;
    gomoku::State state_;
    std::string black_, white_;  // "" for a human, else the AI's name
    gomoku::AiSpec ai_[2];       // per side: black, white
    std::string az_model_;       // az: the network's model file in base64, as the search requests carry it
    int64_t search_id_ = 0;      // the search in flight (app/ai_runner.h)
    uint64_t search_seed_ = 0;   // its seed: `gridlab gomoku move --seed` gives the same move
    std::string ai_error_;       // why the AI could not answer (then it is paused)
    bool thinking_ = false;
    bool paused_ = false;
    bool show_search_ = true;
    bool moves_copied_ = false;
    BoardCursor cursor_;  // "Moves copied." under the list until the next move
    gomoku::SearchReport report_;
    MoveLog log_;  // and the review of a finished game
    std::optional<double> network_value_;  // az: its network's value of the position, for the side to move
    std::vector<int> forbidden_;     // black's forbidden points (renju, black to move)
    std::vector<int> threat_line_;   // the opponent's forced win, if a human is to move and it has one
    std::vector<int> ai_win_line_;   // the forced win the AI found for its move (its move first)
    gomoku::Stone ai_win_side_ = gomoku::Stone::Empty;
    // Settings panel edits, applied by "New game".
    std::string edit_seed_, settings_error_;
    int edit_size_ = 15, edit_black_ = 0, edit_white_ = 2, edit_rule_ = 0, edit_ms_ = 1000;
};

}  // namespace gridlab::app
