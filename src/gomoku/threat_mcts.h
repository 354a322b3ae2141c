// The strong search: the same tree search as pure_mcts.h with a policy that knows Gomoku's threats.
//
// A "four" is a move after which the mover could win on the next move; a "double threat" leaves two
// such winning cells (an open four, or two fours), which the opponent cannot both block. All of them
// are read from threats.h's pattern codes, kept up to date move by move; under renju, black's forbidden
// points threaten nothing.
//
// Expansion only proposes moves that matter, in this order of urgency:
//   1. a winning move, if there is one (the only child);
//   2. otherwise, if the opponent could win next move, the cells that block it;
//   3. otherwise a move making a double threat wins by force (the only child);
//   4. otherwise, if the opponent has a move that wins by force (a double threat, or a four whose
//      forced block leaves them a double threat, a "four-three", or two threes at once, a
//      "four-three-three"), or one that makes two threes at once (a "three-three"), the moves
//      that stop every such move, plus our own fours (which force a reply) and, against
//      three-threes only, our own open threes (which win the race);
//   5. otherwise every empty cell within two lines of a stone.
// Priors come from a classic shape count: for each line of five cells through the move, the more of
// one colour and none of the other it holds, the more the move builds (our colour) or blocks (theirs).
//
// Rollouts play near the stones (cells next to one) but never miss the forcing moves: they take a
// win, else block the opponent's, else make an open four (or double four), else take the cell where
// the opponent would make one (which meets an open three). That makes their results far more like
// real games than uniformly random ones. A drawn rollout is scored by the open lines each side had at
// the leaf (line_potential): on small boards most rollouts draw, and without this the search could
// not tell a promising position from a dead one. On top of that the search scores its own draws
// below even (draw contempt): against a weaker opponent a draw is a missed win.
//
// At the root, the threat-space search (threat_space.h) is exact: if we have a forced win, its first
// move is the only move searched; moves that leave the opponent one are not searched at all.
#pragma once

#include <memory>
#include <optional>

#include "gomoku/mcts.h"
#include "gomoku/pure_mcts.h"
#include "gomoku/threat_space.h"
#include "gomoku/threats.h"

namespace gridlab::gomoku {

constexpr double kThreatMctsExploration = 2.5;
// Against a weaker opponent a draw is a missed win: the search scores its own draws this much below
// even, so it prefers lines that keep winning chances to safe dead ones (see the README's measurements).
constexpr double kThreatMctsDrawContempt = 0.8;

// Black's share of the board's open lines, -1..1: every window of win_length cells holding stones of
// one colour only counts 16^stones for that colour; the result is (black - white) / (black + white).
double line_potential(const State& state);

// Shape value of placing the side to move's stone on the empty `cell`, >= 1 (see above).
int shape_score(const State& state, int cell);

class ThreatPolicy : public Policy {
public:
    void propose(const State& state, std::vector<Proposal>& out) override;
    Stone rollout(State& state, Rng& rng) override;
    double draw_value(const State& leaf) override;
    bool knows_tactics() const override { return true; }  // the threat-space search: exact and bounded

private:
    void find_near_cells(const State& state);
    void add_with_shape_priors(const State& state, const std::vector<int>& cells, std::vector<Proposal>& out);

    // Cells where one colour has a threat, kept up to date during a rollout. Entries may go stale
    // (filled or blocked) and are checked when used.
    struct CellList {
        std::array<int16_t, kMaxCells> cells{};
        std::array<uint8_t, kPaddedCells> listed{};
        int size = 0;
        void clear();
        void add(int cell);
        template <typename Check>
        int first_valid(Check&& still_good);
    };

    ThreatBoard& board_at(const State& state);
    bool makes_double_three(ThreatBoard& board, int cell, Stone stone);
    bool wins_by_force(ThreatBoard& board, int cell, Stone stone);
    bool wins_after_block(ThreatBoard& board, int cell, Stone stone);
    bool stops_all_threats(ThreatBoard& board, int cell, Stone me);
    void list_candidate(const State& state, int cell);
    void note_threats(const ThreatBoard& board, int cell, Stone stone);

    // The position being looked at, with its threats (threats.h): brought to each state the search
    // asks about, and played along in rollouts. Win lengths threats.h does not support (over 6) get
    // the pure search's policy instead.
    std::optional<ThreatBoard> board_;
    UniformPolicy fallback_;

    // Scratch reused across calls so that expansions and rollouts do not allocate.
    std::vector<int> near_, chosen_, opponent_threats_, opponent_double_threes_;
    std::array<uint8_t, kPaddedCells> marked_{};
    std::array<int16_t, kMaxCells> candidates_{};  // rollout: empty cells next to stones
    int num_candidates_ = 0;
    std::array<CellList, 2> wins_{};     // rollout, per colour: cells that win now
    std::array<CellList, 2> doubles_{};  // rollout, per colour: cells that make two winning cells
};

// The search settings of mcts (its budget left unset).
SearchConfig threat_mcts_config();
std::unique_ptr<Mcts> make_threat_mcts(const Budget& budget, uint64_t seed);

}  // namespace gridlab::gomoku
