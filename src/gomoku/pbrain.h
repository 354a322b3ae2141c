// The Gomocup (Piskvork) brain protocol, so that tournament managers and GUIs can play the engine.
//
// One command per line on input, answers on output:
//   START n         new game on an n x n board           -> OK, or ERROR message
//   RECTSTART w,h   the same, square boards only          -> OK, or ERROR message
//   RESTART         new game on the same board            -> OK
//   BEGIN           we play first                         -> x,y
//   TURN x,y        the opponent played x,y               -> x,y (our reply)
//   BOARD           then lines "x,y,who" (who: 1 ours, 2 theirs) in order of play, then DONE
//                                                         -> x,y (our move in that position)
//   TAKEBACK x,y    undo the last move, which was x,y     -> OK
//   INFO key value  timeout_turn / time_left (ms), rule (bit 1 = exactly five): no answer
//   ABOUT           -> name="...", version="...", author="..."
//   END             stop
// Coordinates are the protocol's: x is the column, y the row, both from 0 at the top left.
// Anything else gets "UNKNOWN ...", a malformed or illegal command "ERROR ...", and the game is left
// as it was.
#pragma once

#include <cstdint>
#include <iosfwd>

namespace gridlab::gomoku {

struct PbrainOptions {
    int64_t playouts = 0;  // > 0: this many playouts per move (reproducible); else time from INFO
    uint64_t seed = 1;
};

// Talks the protocol until END or the end of input.
void run_pbrain(std::istream& in, std::ostream& out, const PbrainOptions& options = {});

}  // namespace gridlab::gomoku
