// Gomoku positions (`gridlab gomoku move`): the first byte picks the win length (3..7, at most the
// size) and the rule (bit 7: exactly five), the rest is the board text. A position that is read
// prints back as itself and reads again as the same State, whose winner moved last; undoing every
// move ends at the empty, ongoing board with black to move.
#include "fuzz.h"
#include "gomoku/rules.h"

using namespace gridlab;
using namespace gridlab::gomoku;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const int win_length = 3 + data[0] % 5;
    const Rule rule = data[0] & 0x80 ? Rule::Standard : Rule::Freestyle;
    const std::string_view text = fuzz::as_text(data + 1, size - 1);
    State state;
    try {
        state = State::parse(text, win_length, rule);
    } catch (const ParseError&) {
        return 0;
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(state.to_text() == fuzz::normalised_lines(text));
    FUZZ_CHECK(State::parse(state.to_text(), win_length, rule) == state);
    // The side to move follows from the counts; a finished game was won by the side that moved last.
    FUZZ_CHECK(state.to_move() == (state.num_moves() % 2 == 0 ? Stone::Black : Stone::White));
    if (state.winner() != Stone::Empty) FUZZ_CHECK(state.winner() == opponent(state.to_move()));
    while (state.num_moves() > 0) {
        const int moves = state.num_moves();
        state.undo();
        FUZZ_CHECK(state.num_moves() == moves - 1);
        FUZZ_CHECK(state.outcome() != Outcome::Draw);  // a board with an empty cell is no draw
    }
    FUZZ_CHECK(state.outcome() == Outcome::Ongoing && state.to_move() == Stone::Black);
    return 0;
}
