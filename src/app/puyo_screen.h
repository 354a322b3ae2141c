// Puyo Puyo: arrows move the pair, Z/X rotate, down (or space) drops; on a touch screen tap a column
// (tap it again to drop) and use the rotate buttons. The pair falls, the chain's score and length
// show; the two previews wait on the side. The AI can play at a chosen speed and show the placement
// it plans and the chain it is building.
//
// ai=learned plays with the Learn screen's Puyo agent (LearnedModels::puyo): it decides on the page,
// in one pass of its network, and shows the value it gives each placement of the current pair. Its
// game on the same pairs (same seed) is played out at once when the game starts, as the score to beat:
// "Watch it play" is play=ai, "Play against the score" play=human. The game takes the model's rules,
// colours and pairs per game unless the link names them; other rules than the model's are refused
// (its network knows only the scoring it was trained on).
//
// Parameters: speed (AI moves per second), rules (tsu|tutorial), colors (3..5), pairs (the game ends
// after this many; 0 none, ai=learned 1..200), ai (random|greedy|beam|learned), play (human|ai), seed.
// Actions: {"move":"left"|"right"}, {"rotate":"cw"|"ccw"}, {"drop":true}, {"place":[column,rotation]},
// {"ai":"move"|"play"|"stop"}, {"review":k} (a finished game: show the field after placement k, 0..placements).
//
// Every placement goes in the move log (app/move_log.h): the AI's with its plan sentence (the chain
// it fires or builds), or for ai=learned its value of the placement.
#pragma once

#include <memory>
#include <optional>

#include "app/i18n.h"
#include "app/learned_models.h"
#include "app/move_log.h"
#include "app/screen.h"
#include "puyo/ai.h"
#include "puyo/learner.h"
#include "puyo/rules.h"

namespace gridlab::app {

class PuyoScreen : public GameScreen {
public:
    explicit PuyoScreen(const LearnedModels& models);
    const char* id() const override { return "puyo"; }
    const char* title() const override { return tr_key("Puyo Puyo"); }
    const char* lesson() const override { return tr_key("Chains and search: an AI that plans a cascade many moves ahead."); }
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
    void shift(int dx);
    void rotate(int quarter_turns);  // +1 counter-clockwise, -1 clockwise
    // Throws std::invalid_argument, game unchanged, if illegal. `entry`: who placed it and why.
    void drop(puyo::Placement placement, LogEntry entry = {});
    Reason plan_reason() const;  // the finished plan in words to come: what it fires or builds, or its value
    puyo::State replayed(int placements) const;  // the game after its first `placements`, for the review
    void restart_ai();        // a new position: the plan of the last one no longer holds
    void plan(double slice_ms);  // searches the current pair's plan (app/ai_runner.h), or asks the learned agent
    void handle_input(const Frame& frame, const BoardPlacement& board);
    double resolved_ms() const;  // when the last drop and its chain have been shown
    bool animating() const;
    // The chain step on screen (0 for the first pop), -1 while the pair falls or when none resolves.
    int chain_step_shown() const;
    // The points of the chain on screen so far: its steps up to `step`, as the player sees them add up.
    int64_t chain_points_through(int step) const;
    void build_field(const Frame& frame, const BoardPlacement& board);
    void build_panel(const Frame& frame);
    // ai=learned: each placement's value, beside the field (a table) and over it (each column's best).
    void build_candidate_table() const;
    void draw_candidate_values(const BoardPlacement& board) const;
    const puyo::PlacementScorer* shown_candidates() const;  // the current pair's, once decided; else null
    std::string rival_verdict() const;  // at the end of the game: the player's score against the agent's
    // Game over as an event: the field dimmed, the message, the final score and the best chain.
    void draw_game_over(const Frame& frame, const BoardPlacement& board) const;

    const LearnedModels* models_;  // the Learn screen's agent, for ai=learned
    Params params_;
    BoardPlacement board_view_;  // where the board was drawn last frame
    uint64_t seed_ = 0;
    std::string ai_name_ = "beam";
    puyo::State state_{puyo::Settings{}, 0};
    std::vector<int> actions_;  // placements played, as action indices
    MoveLog log_;               // an entry per placement, and the review of a finished game
    int player_moves_ = 0;      // of them, placed by the player (a restored game's all count)
    puyo::Placement cursor_{puyo::kSpawnColumn, 1};  // where the current pair would go
    // The AI: plans the current pair, for its own moves and for the plan overlay.
    int64_t search_id_ = 0;
    puyo::Plan plan_;               // the plan so far, final once plan_ready_
    bool planning_ = false, plan_ready_ = false;
    std::string ai_error_;          // why the AI could not plan this position
    // ai=learned: the agent, and its own game on this game's pairs (score, largest chain): the score to beat.
    std::unique_ptr<puyo::LearnedAi> learned_;
    struct RivalGame {
        int64_t score = 0;
        int max_chain = 0;
    };
    std::optional<RivalGame> rival_;
    int ai_moves_pending_ = 0;      // {"ai":"move"} asked for, made as each plan comes
    bool ai_playing_ = false, show_plan_ = true;
    int ai_moves_per_second_ = 3;
    double next_ai_move_ms_ = 0;
    // The last move replayed for the eye: the pair falling onto the field, then each step of its
    // chain: the field as the step begins and the puyos that pop.
    struct Replay {
        puyo::Field before;
        puyo::Pair pair;
        puyo::Placement at;
        std::vector<puyo::Field> step_fields;
        std::vector<puyo::ChainStep> steps;
    };
    Replay replay_;
    puyo::MoveResult last_result_;
    double dropped_ms_ = -1e9, now_ms_ = 0;
    bool colorblind_ = false;
    // Settings panel edits, applied by "New game".
    std::string edit_seed_, settings_error_;
    int edit_rules_ = 0, edit_colors_ = 4, edit_ai_ = 2;
};

}  // namespace gridlab::app
