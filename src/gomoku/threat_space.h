// Victory by continuous fours (VCF): a win forced with fours alone.
//
// A four leaves the defender exactly one move, the block, unless it is a double threat (an open four,
// two fours), which wins at once. So a line of fours is a narrow, deep tree: every attacker move is a
// four, every defender move is forced, and the attacker wins when one of its fours makes two winning
// cells. The defender's blocks can make fours of their own; then the attacker's next move must block
// that, and only counts if it is a four too.
//
// The search is exact (what it finds is a forced win: the defender has no choice anywhere along the
// line) but bounded: it gives up after `max_positions` positions, so it is cheap enough to run for
// every move at the root of the tree search (Mcts::screen_root).
#pragma once

#include "gomoku/rules.h"

namespace gridlab::gomoku {

struct VcfLimits {
    int max_fours = 10;        // the longest line of fours tried
    int max_positions = 2000;  // positions examined in all
};

// The first move (a padded cell) of a forced win by continuous fours for the side to move in the
// ongoing `state`, or -1 if none is found within `limits`. A win in one counts (no fours).
int find_vcf(const State& state, const VcfLimits& limits = {});

}  // namespace gridlab::gomoku
