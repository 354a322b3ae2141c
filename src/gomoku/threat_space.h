// Threat-space search: wins forced with threats, and the defences against them.
//
// A threat is a move the opponent must answer at once or lose: a four (one cell left to win: the only
// answer is to take it) or an open three (one more stone makes an open four: the answers are the cells
// that spoil the line, or a four of the opponent's own, which must be answered first). Because every
// attacker move is a threat, the defender has only a few replies, and the tree stays narrow however
// deep it goes:
//   - VCF, victory by continuous fours: the attacker plays only fours. The defender's reply is forced.
//   - VCT, victory by continuous threats: fours and threes. The defender may block the three on any
//     cell of its line, or counter with a four anywhere (then the attacker must block that first, and
//     its three is still there afterwards).
// The attacker wins when it makes five, or two winning cells at once (an open four, a four-four), or a
// three the defender cannot answer. Everything is read from the threat board (threats.h). Under renju
// black may not play forbidden points, to attack or to block.
//
// The search proves: a win it reports is forced against every defence. It is bounded by a node and a
// time budget and deepens one attacker move at a time (iterative deepening), so it is anytime: stopped
// early, it has the shortest wins it found so far. Positions it failed in are remembered (by their
// Zobrist hash) so that threats played in another order are not searched twice.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/time_budget.h"
#include "gomoku/rules.h"
#include "gomoku/threats.h"

namespace gridlab::gomoku {

struct ThreatLimits {
    bool threes = true;        // VCT; false: fours only (VCF)
    int max_depth = 12;        // attacker moves in the longest line tried
    int64_t max_nodes = 20000;  // positions examined in all
    double max_ms = 0;         // 0: no time limit
};

struct ThreatResult {
    bool win = false;
    std::vector<int> line;  // actions (row * size + col): attacker, defender, attacker, ... ending in five
    int64_t nodes = 0;
    double ms = 0;
    bool complete = false;  // every line was searched to its end: no win exists (within max_depth)
};

// The search behind find_threat_win, a part at a time, with the same answer: step() examines up to
// `nodes` more positions and returns true once the search has ended (a win found, no win proved, or
// the limits reached). A caller with a time slice (a Web Worker's training, say) stops between two
// steps. The time limit counts the time spent inside step() only. The recursion of attacker and
// defender moves is kept on an explicit stack so that it can stop anywhere and go on later.
class ThreatSearch {
public:
    ThreatSearch(const State& state, Stone attacker, const ThreatLimits& limits);
    bool step(int64_t nodes);
    bool done() const { return done_; }
    const ThreatResult& result() const { return result_; }  // complete once done()

private:
    struct Failure {
        uint64_t hash = 0;
        int8_t depth = -1;
        bool exhaustive = false;  // failed however deep the search had gone
    };
    // A position whose moves are being tried: the attacker's threats, or the defender's replies.
    struct Frame {
        bool attacking;
        int depth;                  // attacker moves left
        std::vector<int> moves;
        std::size_t next = 0;       // the move tried now (played on the board while its reply is searched)
        bool outer_cut_short = false;  // attacking: cut_short_ as the position above left it
        std::vector<int> line;      // defending: the longest losing line so far
    };

    bool count_node();
    bool open_position(std::vector<int>& cells);
    void enter_attack(int depth);
    void enter_defend(int depth);
    void play_next_move();
    void take_answer();
    void finish_frame(bool won, std::vector<int> line);
    void end_iteration();
    std::vector<int> attacking_moves(const std::vector<int>& cells, int defender_five);
    std::vector<int> line_after_any_block(const std::vector<int>& winning_next);

    std::optional<ThreatBoard> board_;
    Stone attacker_, defender_;
    ThreatLimits limits_;
    std::vector<Failure> failures_;
    std::vector<Frame> stack_;
    int depth_ = 0;                  // of the iteration under way (iterative deepening)
    bool answered_ = false;          // a position just finished (popped or never pushed): its answer
    bool answer_won_ = false;
    std::vector<int> answer_line_;
    int64_t nodes_ = 0;
    double ms_ = 0;                  // inside step(), before the current one
    Stopwatch watch_;                // of the current step
    bool out_of_budget_ = false;
    bool cut_short_ = false;  // some line stopped at the depth limit
    bool done_ = false;
    ThreatResult result_;
    State state_;  // the position searched, for the actions of the line
};

// A forced win for `attacker` in the ongoing `state`. The attacker need not be the side to move: then
// it is the question "what does the opponent threaten?". Nothing is found (win false) for win lengths
// threat detection does not support (threats.h).
ThreatResult find_threat_win(const State& state, Stone attacker, const ThreatLimits& limits = {});

// The moves of the side to move after which the opponent has no forced win within `limits` (each
// searched with its own budget), among the empty cells within two lines of a stone. `threat` is the
// opponent's win as found by find_threat_win; the moves on its line are tried first.
std::vector<int> threat_defences(const State& state, const ThreatResult& threat, const ThreatLimits& limits = {});

// The answers of `defender` to the attacker's three, the attacker being able to make an open four or a
// four-four on the `winning_next` cells: the defender's own fours among `cells`, then the cells on the
// lines of those threats that leave the attacker none of them. Empty: the three cannot be answered.
std::vector<int> replies_to_three(ThreatBoard& board, Stone defender, const std::vector<int>& cells,
                                  const std::vector<int>& winning_next);

}  // namespace gridlab::gomoku
