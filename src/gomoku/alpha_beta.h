// Alpha-beta search with a pattern evaluation: the design of classical Gomoku engines (Rapfi's
// classical mode, Yixin before networks), built on threats.h.
//
// - Evaluation. Every empty cell near the stones is scored for both sides by what a stone there would
//   make on its four lines (a two, a three, a four...; threats.h's patterns) and by their combination
//   (a four and a three on one cell). The position is worth the side to move's cell scores less the
//   opponent's: potential shapes count before any threat exists.
// - Threats first. A node where the side to move can make five is won; one where the opponent has a
//   four has one move (the block), searched without using up depth; an open four of the side to move
//   wins in three; against the opponent's three only its answers are searched (threat_space.h's
//   replies_to_three: blocks and counter-fours). Past the last depth, a quiescence search plays the
//   side to move's fours (each forces a block), so wins by continuous fours are seen at the leaves.
// - Search. Negamax with principal-variation search, iterative deepening, a transposition table
//   (Zobrist hashes of threats.h), the best move of the table first and the rest by their cell
//   scores, at most kWidth moves per node, and late moves searched one ply shallower first.
// - Before the search, the root asks threat_space.h for a forced win (VCF, then VCT) and plays it.
//
// The search keeps its own stack instead of recursing, so think(ms) can stop after any position and
// the next slice goes on exactly there: for a fixed node budget the answer does not depend on the
// slicing (nor on the platform: everything is integer arithmetic).
#pragma once

#include <cstdint>
#include <array>
#include <optional>
#include <vector>

#include "gomoku/search.h"
#include "gomoku/threats.h"

namespace gridlab::gomoku {

struct AlphaBetaConfig {
    Budget budget{0, 1000};  // playouts: positions searched
    int max_depth = 60;      // plies of the iterative deepening (quiescence and forced blocks not counted)
    int table_bits = 18;     // the transposition table holds 2^bits entries of 12 bytes (3 MB); kept across moves
};

class AlphaBeta : public Search {
public:
    explicit AlphaBeta(const AlphaBetaConfig& config);

    // Starts a search from `state` (ongoing, win length 3..6; throws std::invalid_argument otherwise).
    void begin(const State& state) override;
    void think(double slice_ms) override;
    bool finished() const override;
    SearchReport result() const override;
    int best_action() const override;
    void set_budget(const Budget& budget) override;

private:
    struct Frame {  // a position on the search's stack
        int alpha, beta, alpha0;
        int best_score, best_move;  // best_move: padded, -1 while none
        int current = -1;           // the move whose reply is being searched (played on the board), -1 none
        int moves_begin, moves_end, next;  // into moves_
        int depth;                  // plies left; 0 or less: quiescence
        int fours_left;             // quiescence: fours still allowed
        bool entered = false;
        bool forced = false;        // one move only (a four to block): searched without using up depth
        bool probing = false;       // the current move's reply has a null window or a reduced depth
        bool reduced = false;       // ... a reduced depth
        int64_t nodes_before = 0;   // at the root: positions searched before the current move
    };
    struct Entry {  // the transposition table's, 12 bytes
        uint32_t key = 0;
        int16_t score = 0;
        int16_t move = -1;  // padded
        int8_t depth = 0;
        uint8_t bound = 0;  // Bound
    };
    struct Scored {  // a candidate move of the position being entered
        int cell;
        Threat mine;
        uint32_t rank;  // its move order (order_[cell]), ties broken by cell: distinct, higher first
    };
    struct CellEval {  // what a stone on an empty cell would make, per colour (Black 0, White 1)
        std::array<std::array<Pattern, 4>, 2> patterns{};  // on each line
        std::array<Threat, 2> threat{};
        std::array<int, 2> score{};  // its patterns' and threat's worth: the evaluation's and move order's unit
    };
    struct RootMove {
        int cell;
        int64_t nodes;
        int score;
    };

    void screen_root();
    void start_iteration();
    void push(int depth, int alpha, int beta, int fours_left);
    void step();
    void enter();
    void search_next_move();
    void store_and_leave();
    void leave(int score);
    void record_root_move(int move, int64_t nodes, int score, bool best);
    void find_principal_line();
    Stone side_to_move() const;
    int ply() const { return static_cast<int>(stack_.size()) - 1; }
    void play(int padded, Stone stone);
    void undo(int padded);
    void update_lines(int padded, int near_delta);
    void evaluate_cell(int padded);
    void update_line(int padded, int d);
    void update_candidate(int padded);
    void candidates_in_order(std::vector<int>& out) const;  // by padded index
    Entry& entry() { return table_[board_->hash() & (table_.size() - 1)]; }
    uint32_t key() const { return static_cast<uint32_t>(board_->hash() >> 32); }

    AlphaBetaConfig config_;
    std::vector<Entry> table_;
    State root_;
    Stone root_side_ = Stone::Black;
    std::optional<ThreatBoard> board_;
    std::array<uint8_t, kPaddedCells> near_{};  // stones within kNear steps along a line
    // Each candidate's evaluation, kept up to date move by move: a move changes only the cells on its
    // four lines within win_length, where enter() would otherwise look up every candidate's patterns.
    std::array<CellEval, kPaddedCells> cell_eval_{};
    // The candidate moves, as bits by padded index: the empty cells with a stone within kNear steps.
    std::array<uint64_t, (kPaddedCells + 63) / 64> candidates_{};
    std::vector<Frame> stack_;
    std::vector<int> moves_;  // the moves of every position on the stack, frame after frame
    std::vector<int> cells_, threes_;  // scratch of enter()
    std::vector<Scored> scored_;       // scratch of enter()
    std::array<int, kPaddedCells> order_{};  // enter()'s move order of each candidate
    int returned_ = 0;        // the score the last position popped returned, for its side to move
    std::vector<RootMove> root_moves_;
    std::vector<int> principal_;                // padded
    std::vector<int> win_line_;                 // actions, as ThreatResult::line
    int best_move_ = -1, best_score_ = 0;  // padded
    int depth_done_ = 0;
    int64_t nodes_ = 0, threat_nodes_ = 0;
    double elapsed_ms_ = 0, screen_ms_ = 0;
    bool searching_ = false, screened_ = false, done_ = false;
};

}  // namespace gridlab::gomoku
