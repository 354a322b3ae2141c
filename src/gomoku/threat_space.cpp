#include "gomoku/threat_space.h"

#include "gomoku/threat_mcts.h"

namespace gridlab::gomoku {

namespace {

class VcfSearch {
public:
    explicit VcfSearch(const VcfLimits& limits) : limits_(limits) {}

    // Iterative deepening: a short win is found before the search wanders down long lines. It stops
    // deepening once no line of fours was cut short (usually at once: most positions have no fours).
    int first_move(const State& state) {
        for (int fours = 0; fours <= limits_.max_fours && positions_ < limits_.max_positions; ++fours) {
            cut_short_ = false;
            const int move = winning_move(state, fours);
            if (move >= 0) return move;
            if (!cut_short_) break;
        }
        return -1;
    }

private:
    // The attacker (the side to move) wins with at most `fours` more fours: returns the first move,
    // or -1.
    int winning_move(const State& state, int fours) {
        if (++positions_ > limits_.max_positions) return -1;
        const Stone attacker = state.to_move(), defender = opponent(attacker);
        int forced = -1, defender_wins = 0;  // forced: the defender's winning cell, which must be taken
        for (int r = 0; r < state.size(); ++r)
            for (int c = 0; c < state.size(); ++c) {
                const int cell = State::cell_index(r, c);
                if (state.cell(cell) != Stone::Empty) continue;
                if (state.makes_win(cell, attacker)) return cell;
                if (state.makes_win(cell, defender)) forced = cell, ++defender_wins;
            }
        if (defender_wins > 1) return -1;
        if (fours == 0) {
            cut_short_ = true;
            return -1;
        }
        if (forced >= 0) return four_that_wins(state, forced, fours) ? forced : -1;
        for (int r = 0; r < state.size(); ++r)
            for (int c = 0; c < state.size(); ++c) {
                const int cell = State::cell_index(r, c);
                if (state.cell(cell) == Stone::Empty && four_that_wins(state, cell, fours)) return cell;
            }
        return -1;
    }

    // The attacker's stone on the empty `cell` (the defender having no winning cell) is a four that
    // wins: a double threat, or a four whose forced block leaves a win with the remaining fours.
    bool four_that_wins(const State& state, int cell, int fours) {
        int winning[8];
        const int threats = threats_after(state, cell, state.to_move(), winning);
        if (threats != 1) return threats >= 2;
        State after = state;
        after.play(cell);
        if (after.is_terminal()) return false;  // the last cell: a draw
        after.play(winning[0]);
        return !after.is_terminal() && winning_move(after, fours - 1) >= 0;
    }

    VcfLimits limits_;
    int positions_ = 0;
    bool cut_short_ = false;  // some line reached the depth limit
};

}  // namespace

int find_vcf(const State& state, const VcfLimits& limits) { return VcfSearch(limits).first_move(state); }

}  // namespace gridlab::gomoku
