// The Gomocup (Piskvork) brain protocol, so that tournament managers and GUIs can play the engine.
//
// One command per line on input, answers on output:
//   START n         new game on an n x n board (5..20)   -> OK, or ERROR message
//   RECTSTART w,h   the same, square boards only          -> OK, or ERROR message
//   RESTART         new game on the same board            -> OK
//   BEGIN           we play first                         -> x,y
//   TURN x,y        the opponent played x,y               -> x,y (our reply)
//   BOARD           then lines "x,y,who" (who: 1 ours, 2 theirs) in order of play, then DONE
//                                                         -> x,y (our move in that position)
//   TAKEBACK x,y    undo the last move, which was x,y     -> OK
//   INFO key value  timeout_turn, timeout_match, time_left (ms; 2147483647: no limit, as is
//                   timeout_match 0), rule (1 = exactly five, 4 = renju): no answer. A value we
//                   cannot use is ignored and said in one "MESSAGE ..." line; under rule 8 (caro),
//                   which is not played, BEGIN, TURN and BOARD answer ERROR until another INFO rule.
//                   A move's thinking, its root screening included, stays within the turn's time
//                   and a tenth of what is left of the match.
//   ABOUT           -> name="...", version="...", author="..."
//   SWAP2BOARD      then lines up to DONE                 -> one UNKNOWN
//   END             stop
// Coordinates are the protocol's: x is the column, y the row, both from 0 at the top left.
// Anything else gets "UNKNOWN ..." (the command cut to 32 printable characters), a malformed or
// illegal command "ERROR ...", and the game is left as it was.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

namespace gridlab::gomoku {

struct PbrainOptions {
    int64_t playouts = 0;  // > 0: this many playouts per move (reproducible); else time from INFO
    uint64_t seed = 1;
    std::string ai = {};  // an AI SPEC (ai.h); empty: ab, the strongest. Its own budget, if it gives one, is kept
};

// Talks the protocol until END or the end of input.
void run_pbrain(std::istream& in, std::ostream& out, const PbrainOptions& options = {});

}  // namespace gridlab::gomoku
