#include "gomoku/threat_mcts.h"

#include <algorithm>
#include <cassert>


namespace gridlab::gomoku {

namespace {
constexpr int kNearDistance = 2;  // tree moves: within two lines of a stone
constexpr double kDrawPotentialWeight = 0.5;  // a drawn rollout's value: this times the leaf's potential

int colour_index(Stone stone) { return stone == Stone::Black ? 0 : 1; }

// Whether `stone` has a four: an empty cell where its stone would win.
bool has_winning_cell(const State& state, Stone stone) {
    for (int r = 0; r < state.size(); ++r)
        for (int c = 0; c < state.size(); ++c) {
            const int cell = State::cell_index(r, c);
            if (state.cell(cell) == Stone::Empty && state.makes_win(cell, stone)) return true;
        }
    return false;
}

// The cells where `stone` could win next once it has a stone on `cell`, along the line through `cell`
// by `step` only (at most two). Writes them to `out`; returns how many.
int threats_along(const State& state, int cell, int step, Stone stone, int* out) {
    const int ahead = state.run_from(cell, step, stone);
    const int behind = state.run_from(cell, -step, stone);
    int count = 0;
    // A winning cell on this line must touch the run through `cell`: it is the first cell past
    // either end, and it joins the run to whatever stones lie beyond it.
    for (const auto& [end, dir] : {std::pair{cell + (ahead + 1) * step, step}, std::pair{cell - (behind + 1) * step, -step}})
        if (state.cell(end) == Stone::Empty && state.is_winning_run(ahead + behind + 2 + state.run_from(end, dir, stone), stone))
            out[count++] = end;
    return count;
}
}  // namespace

int threats_after(const State& state, int cell, Stone stone, int out[8]) {
    int count = 0;
    for (int step : kDirections) count += threats_along(state, cell, step, stone, out + count);
    return count;
}

bool makes_open_three(const State& state, int cell, int step, Stone stone) {
    // The line through `cell`, 2 * length cells each way (walls past the edge), as in shape_score.
    const int length = state.settings().win_length, span = 2 * length;
    std::array<Stone, 4 * kMaxSize + 1> line;
    line[span] = stone;
    for (int side : {1, -1}) {
        Stone next = Stone::Empty;
        for (int k = 1; k <= span; ++k) {
            if (next != Stone::Wall) next = state.cell(cell + side * k * step);
            line[span + side * k] = next;
        }
    }
    // An open three needs length - 2 stones in a window of `length` through `cell`: most lines have
    // fewer stones near `cell`, and are rejected at once.
    int own_near = 0;
    for (int k = span - length + 1; k < span + length; ++k) own_near += line[k] == stone;
    if (own_near < length - 2) return false;
    auto run_through = [&](int at) {
        int run = 1;
        for (int i = at + 1; i <= 2 * span && line[i] == stone; ++i) ++run;
        for (int i = at - 1; i >= 0 && line[i] == stone; --i) ++run;
        return run;
    };
    // One more stone within reach would leave two winning cells.
    for (int extra = span - length + 1; extra < span + length; ++extra) {
        if (line[extra] != Stone::Empty) continue;
        line[extra] = stone;
        int winning = 0;
        for (int end = span - length; end <= span + length; ++end)
            winning += line[end] == Stone::Empty && state.is_winning_run(run_through(end), stone);
        line[extra] = Stone::Empty;
        if (winning >= 2) return true;
    }
    return false;
}

bool makes_open_three(const State& state, int cell, Stone stone) {
    for (int step : kDirections)
        if (makes_open_three(state, cell, step, stone)) return true;
    return false;
}

bool makes_double_three(const State& state, int cell, Stone stone) {
    int threes = 0;
    for (int step : kDirections) threes += makes_open_three(state, cell, step, stone);
    return threes >= 2;
}

int shape_score(const State& state, int cell) {
    const Stone me = state.to_move(), them = opponent(me);
    const int length = state.settings().win_length;
    int score = 1;
    for (int step : kDirections) {
        // The line through `cell`, length - 1 cells each way; everything past the edge counts as wall
        // (the board has only one wall cell, so the walk stops there).
        std::array<Stone, 2 * kMaxSize> line;
        line[length - 1] = Stone::Empty;
        for (int side : {1, -1}) {
            Stone stone = Stone::Empty;
            for (int k = 1; k < length; ++k) {
                if (stone != Stone::Wall) stone = state.cell(cell + side * k * step);
                line[length - 1 + side * k] = stone;
            }
        }
        // Every window of `length` cells along the line that contains `cell`, each counted from the
        // one before: the cell leaving it and the cell joining it.
        int mine = 0, theirs = 0, walls = 0;
        auto count = [&](Stone stone, int delta) {
            mine += delta * (stone == me);
            theirs += delta * (stone == them);
            walls += delta * (stone == Stone::Wall);
        };
        for (int k = 0; k < length - 1; ++k) count(line[k], 1);
        for (int start = 0; start < length; ++start) {
            count(line[start + length - 1], 1);
            if (start > 0) count(line[start - 1], -1);
            if (walls > 0) continue;
            // 4^count: each stone already in a window makes completing it much more urgent.
            if (theirs == 0) score += 1 << (2 * std::min(mine, 12));
            if (mine == 0) score += 1 << (2 * std::min(theirs, 12));
        }
    }
    return score;
}

double line_potential(const State& state) {
    const int size = state.size(), length = state.settings().win_length;
    // Sums of powers of two well below 2^53: exact, so the order of the windows does not matter.
    double black = 0, white = 0;
    // The `cells` cells of one line from `first` by `step`: every window of `length` cells along it,
    // each counted from the one before.
    auto add_line = [&](int first, int step, int cells) {
        int blacks = 0, whites = 0;
        for (int k = 0, cell = first; k < cells; ++k, cell += step) {
            blacks += state.cell(cell) == Stone::Black;
            whites += state.cell(cell) == Stone::White;
            if (k >= length) {
                blacks -= state.cell(cell - length * step) == Stone::Black;
                whites -= state.cell(cell - length * step) == Stone::White;
            }
            if (k < length - 1) continue;
            // 16^stones: a window near completion outweighs many barely started ones.
            if (blacks > 0 && whites == 0) black += 1 << (4 * std::min(blacks, 7));
            if (whites > 0 && blacks == 0) white += 1 << (4 * std::min(whites, 7));
        }
    };
    for (int i = 0; i < size; ++i) {
        add_line(State::cell_index(i, 0), kDirections[0], size);  // row i
        add_line(State::cell_index(0, i), kDirections[1], size);  // column i
        add_line(State::cell_index(0, i), kDirections[2], size - i);   // down-right from the top row
        add_line(State::cell_index(0, i), kDirections[3], i + 1);      // down-left from the top row
        if (i == 0) continue;
        add_line(State::cell_index(i, 0), kDirections[2], size - i);         // down-right from the left edge
        add_line(State::cell_index(i, size - 1), kDirections[3], size - i);  // down-left from the right edge
    }
    return black + white > 0 ? (black - white) / (black + white) : 0.0;
}

void ThreatPolicy::find_near_cells(const State& state) {
    near_.clear();
    marked_.fill(0);
    for (int i = 0; i < state.num_moves(); ++i) {
        const int stone = state.to_padded(state.move(i));
        const int row = State::row_of(stone), col = State::col_of(stone);
        for (int r = std::max(0, row - kNearDistance); r <= std::min(state.size() - 1, row + kNearDistance); ++r)
            for (int c = std::max(0, col - kNearDistance); c <= std::min(state.size() - 1, col + kNearDistance); ++c)
                marked_[State::cell_index(r, c)] = 1;
    }
    for (int r = 0; r < state.size(); ++r)
        for (int c = 0; c < state.size(); ++c) {
            const int cell = State::cell_index(r, c);
            if (marked_[cell] && state.cell(cell) == Stone::Empty) near_.push_back(cell);
        }
    if (state.num_moves() == 0) near_.push_back(State::cell_index(state.size() / 2, state.size() / 2));
}

void ThreatPolicy::add_with_shape_priors(const State& state, const std::vector<int>& cells, std::vector<Proposal>& out) {
    int64_t total = 0;
    for (int cell : cells) {
        const int score = shape_score(state, cell);
        out.push_back({cell, static_cast<float>(score)});
        total += score;
    }
    for (Proposal& proposal : out) proposal.prior /= static_cast<float>(total);
}

void ThreatPolicy::propose(const State& state, std::vector<Proposal>& out) {
    out.clear();
    find_near_cells(state);
    const Stone me = state.to_move(), them = opponent(me);
    int winning[8];
    // 1. Win now.
    for (int cell : near_)
        if (state.makes_win(cell, me)) {
            out.push_back({cell, 1.0f});
            return;
        }
    // 2. Block the opponent's win (two such cells: lost anyway, but still try).
    chosen_.clear();
    for (int cell : near_)
        if (state.makes_win(cell, them)) chosen_.push_back(cell);
    if (!chosen_.empty()) return add_with_shape_priors(state, chosen_, out);
    // 3. A double threat: the opponent cannot block two winning cells and has no win of their own.
    for (int cell : near_)
        if (threats_after(state, cell, me, winning) >= 2) {
            out.push_back({cell, 1.0f});
            return;
        }
    // 4. Stop the opponent's winning threats. Our stone can only take threats away from them, never
    // add one, so a move defends if none of their threat cells still works after it. Our fours force
    // a reply, so they are kept; against double threes only, so are our open threes, which become an
    // open four before theirs can.
    opponent_threats_.clear();
    opponent_double_threes_.clear();
    for (int cell : near_) {
        if (wins_by_force(state, cell, them))
            opponent_threats_.push_back(cell);
        else if (makes_double_three(state, cell, them))
            opponent_double_threes_.push_back(cell);
    }
    if (!opponent_threats_.empty() || !opponent_double_threes_.empty()) {
        for (int cell : near_)
            if (threats_after(state, cell, me, winning) > 0 ||
                (opponent_threats_.empty() && makes_open_three(state, cell, me)) || stops_all_threats(state, cell))
                chosen_.push_back(cell);
        if (!chosen_.empty()) return add_with_shape_priors(state, chosen_, out);
    }
    // 5. Everything near the stones.
    add_with_shape_priors(state, near_, out);
}

// Whether none of the opponent's threat cells (listed by propose) still works after our stone on `cell`.
bool ThreatPolicy::stops_all_threats(const State& state, int cell) {
    const Stone them = opponent(state.to_move());
    State after = state;
    after.play(cell);
    if (after.is_terminal()) return true;
    for (int threat : opponent_threats_)
        if (threat != cell && wins_by_force(after, threat, them)) return false;
    for (int threat : opponent_double_threes_)
        if (threat != cell && makes_double_three(after, threat, them)) return false;
    return true;
}

// A move by `stone` on `cell` wins by force if it leaves two winning cells at once (an open four, a
// double four), or a four whose forced block still leaves `stone` a move making two (a four-three)
// or, the block having made no four, a move making two open threes (a four-three-three).
bool ThreatPolicy::wins_by_force(const State& state, int cell, Stone stone) {
    int winning[8];
    const int fours = threats_after(state, cell, stone, winning);
    if (fours != 1) return fours >= 2;
    // Play the four and its block, in whichever order the turn allows: the board is the same.
    State after = state;
    const int block = winning[0];
    after.play(state.to_move() == stone ? cell : block);
    after.play(state.to_move() == stone ? block : cell);
    if (after.is_terminal()) return false;
    auto makes_double = [&](int next) {
        return after.cell(next) == Stone::Empty && threats_after(after, next, stone, winning) >= 2;
    };
    // Whether `found` holds for a cell on a line through the four's stone, at most `reach` cells away.
    auto on_lines_through_four = [&](int reach, auto&& found) {
        for (int step : kDirections)
            for (int dir : {step, -step})
                for (int next = cell + dir, k = 0; k < reach && after.cell(next) != Stone::Wall; next += dir, ++k)
                    if (found(next)) return true;
        return false;
    };
    // The follow-up is near the old stones or on a line through the new one.
    for (int next : near_)
        if (makes_double(next)) return true;
    if (on_lines_through_four(2, makes_double)) return true;
    // Two open threes win if the block made no four (which would have to be answered first). One of
    // them needs the four's stone (else the point was there before), so it lies on a line through it.
    if (has_winning_cell(after, opponent(stone))) return false;
    return on_lines_through_four(state.settings().win_length - 1, [&](int next) {
        return after.cell(next) == Stone::Empty && makes_double_three(after, next, stone);
    });
}

// A drawn rollout still says something: the side with more open lines at the leaf had more ways
// to win, and a weaker opponent more ways to go wrong.
double ThreatPolicy::draw_value(const State& leaf) { return kDrawPotentialWeight * line_potential(leaf); }

// Victory by continuous fours: exact, and cheap enough to run for every root move (see threat_space.h).
// Threat-space search: exact, and bounded (see threat_space.h).
ThreatResult ThreatPolicy::forced_win(const State& state, Stone attacker, const ThreatLimits& limits) {
    return find_threat_win(state, attacker, limits);
}

void ThreatPolicy::list_candidate(const State& state, int cell) {
    if (marked_[cell] || state.cell(cell) != Stone::Empty) return;
    marked_[cell] = 1;
    candidates_[num_candidates_++] = static_cast<int16_t>(cell);
}

void ThreatPolicy::CellList::clear() {
    listed.fill(0);
    size = 0;
}

void ThreatPolicy::CellList::add(int cell) {
    if (listed[cell]) return;
    listed[cell] = 1;
    cells[size++] = static_cast<int16_t>(cell);
}

// The first listed cell that still passes `still_good`, or -1. Cells that no longer do (filled, or
// blocked) are dropped; they are listed again if a later stone makes them a threat once more.
template <typename Check>
int ThreatPolicy::CellList::first_valid(Check&& still_good) {
    for (int i = size - 1; i >= 0; --i) {
        const int cell = cells[i];
        if (still_good(cell)) return cell;
        listed[cell] = 0;
        cells[i] = cells[--size];
    }
    return -1;
}

// Lists the threats `stone` gained by its stone on `cell`: its winning cells, and the empty cells
// that would now give it two winning cells at once. Only lines through `cell` changed, so a winning
// cell lies on one of them, in a window of win_length cells through `cell` holding win_length - 1 of
// `stone`'s stones; a cell giving two makes a new four on one of them: it lies in such a window that
// holds win_length - 2 stones and two empty cells. Only lines with that many stones near `cell` are
// looked at closer.
void ThreatPolicy::note_threats(const State& state, int cell, Stone stone) {
    const int colour = colour_index(stone);
    int winning[8];
    const int length = state.settings().win_length, reach = length - 1;
    for (int step : kDirections) {
        // The stretch of the line through `cell` free of the opponent's stones and walls, at most reach
        // cells each way: stretch[first..last], `cell` at index reach.
        std::array<int, 2 * kMaxSize> stretch;
        int first = reach, last = reach, own = 1;
        for (int next = cell - step; first > 0 && state.cell(next) != opponent(stone) && state.cell(next) != Stone::Wall; next -= step)
            stretch[--first] = next, own += state.cell(next) == stone;
        for (int next = cell + step; last < 2 * reach && state.cell(next) != opponent(stone) && state.cell(next) != Stone::Wall; next += step)
            stretch[++last] = next, own += state.cell(next) == stone;
        if (own < length - 2) continue;  // the usual case: no window can hold enough stones
        // A winning cell needs length - 1 stones in a window with it, all in the stretch.
        if (own >= length - 1)
            for (int i = 0, count = threats_along(state, cell, step, stone, winning); i < count; ++i)
                wins_[colour].add(winning[i]);
        stretch[reach] = cell;
        for (int start = first; start <= std::min(reach, last - length + 1); ++start) {  // windows holding `cell`
            int in_window = 0;
            for (int k = start; k < start + length; ++k) in_window += state.cell(stretch[k]) == stone;
            if (in_window != length - 2) continue;
            for (int k = start; k < start + length; ++k)
                if (state.cell(stretch[k]) == Stone::Empty && threats_after(state, stretch[k], stone, winning) >= 2)
                    doubles_[colour].add(stretch[k]);
        }
    }
}

Stone ThreatPolicy::rollout(State& state, Rng& rng) {
    marked_.fill(0);
    for (int colour : {0, 1}) {
        wins_[colour].clear();
        doubles_[colour].clear();
    }
    num_candidates_ = 0;
    for (int i = 0; i < state.num_moves(); ++i) {
        const int stone = state.to_padded(state.move(i));
        for (int step : kDirections) {
            list_candidate(state, stone + step);
            list_candidate(state, stone - step);
        }
    }
    if (state.num_moves() == 0) list_candidate(state, State::cell_index(state.size() / 2, state.size() / 2));
    // Threats already on the board are (nearly always) next to a stone: among the candidates.
    int winning[8];
    for (int i = 0; i < num_candidates_; ++i)
        for (Stone stone : {Stone::Black, Stone::White}) {
            if (state.makes_win(candidates_[i], stone)) wins_[colour_index(stone)].add(candidates_[i]);
            if (threats_after(state, candidates_[i], stone, winning) >= 2)
                doubles_[colour_index(stone)].add(candidates_[i]);
        }
    while (!state.is_terminal()) {
        const Stone me = state.to_move(), them = opponent(me);
        auto wins_for = [&](Stone stone) {
            return [&state, stone](int cell) { return state.cell(cell) == Stone::Empty && state.makes_win(cell, stone); };
        };
        auto doubles_for = [&](Stone stone) {
            return [&state, stone](int cell) {
                int unused[8];
                return state.cell(cell) == Stone::Empty && threats_after(state, cell, stone, unused) >= 2;
            };
        };
        // In order: win; block their win; make two winning cells; take the cell where they would.
        int cell = wins_[colour_index(me)].first_valid(wins_for(me));
        if (cell < 0) cell = wins_[colour_index(them)].first_valid(wins_for(them));
        if (cell < 0) cell = doubles_[colour_index(me)].first_valid(doubles_for(me));
        if (cell < 0) cell = doubles_[colour_index(them)].first_valid(doubles_for(them));
        while (cell < 0) {  // else a random cell next to a stone
            // Every empty cell next to a stone is listed, so the list runs dry only on a full board.
            assert(num_candidates_ > 0);
            const int pick = static_cast<int>(rng.below(static_cast<uint64_t>(num_candidates_)));
            cell = candidates_[pick];
            if (state.cell(cell) != Stone::Empty) {
                candidates_[pick] = candidates_[--num_candidates_];
                cell = -1;
            }
        }
        state.play(cell);
        note_threats(state, cell, me);
        for (int step : kDirections) {
            list_candidate(state, cell + step);
            list_candidate(state, cell - step);
        }
    }
    return state.winner();
}

SearchConfig threat_mcts_config() {
    SearchConfig config;
    config.exploration = kThreatMctsExploration;
    config.expand_after = 1;
    config.reuse_tree = true;
    config.draw_contempt = kThreatMctsDrawContempt;
    return config;
}

std::unique_ptr<Mcts> make_threat_mcts(const Budget& budget, uint64_t seed) {
    SearchConfig config = threat_mcts_config();
    config.budget = budget;
    return std::make_unique<Mcts>(std::make_unique<ThreatPolicy>(), config, seed);
}

}  // namespace gridlab::gomoku
