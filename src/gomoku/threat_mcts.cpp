#include "gomoku/threat_mcts.h"

#include <algorithm>
#include <cassert>

namespace gridlab::gomoku {

namespace {
constexpr int kNearDistance = 2;  // tree moves: within two lines of a stone
constexpr double kDrawPotentialWeight = 0.5;  // a drawn rollout's value: this times the leaf's potential

int colour_index(Stone stone) { return stone == Stone::Black ? 0 : 1; }

bool same_settings(const Settings& a, const Settings& b) {
    return a.size == b.size && a.win_length == b.win_length && a.rule == b.rule;
}

// Whether `stone` has a four: an empty cell where its stone would win.
bool has_winning_cell(const ThreatBoard& board, Stone stone) {
    const int size = board.settings().size;
    for (int r = 0; r < size; ++r)
        for (int c = 0; c < size; ++c) {
            const int cell = State::cell_index(r, c);
            if (board.at(cell) == Stone::Empty && board.threat(cell, stone) == Threat::Five) return true;
        }
    return false;
}

// The cell where `stone` wins next along a line through its stone on `cell` (which made a four), or -1.
int winning_cell_through(const ThreatBoard& board, int cell, Stone stone) {
    const int reach = board.settings().win_length - 1;
    for (int d = 0; d < 4; ++d)
        for (int side : {-1, 1})
            for (int k = 1, next = cell + side * kDirections[d]; k <= reach && board.at(next) != Stone::Wall;
                 ++k, next += side * kDirections[d])
                if (board.at(next) == Stone::Empty && board.pattern(next, d, stone) == Pattern::Five) return next;
    return -1;
}
}  // namespace

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

ThreatBoard& ThreatPolicy::board_at(const State& state) {
    if (!board_ || !same_settings(board_->settings(), state.settings())) board_.emplace(state);
    board_->sync(state);
    return *board_;
}

void ThreatPolicy::propose(const State& state, std::vector<Proposal>& out) {
    if (!ThreatBoard::supports(state.settings())) return fallback_.propose(state, out);
    out.clear();
    find_near_cells(state);
    ThreatBoard& board = board_at(state);
    const Stone me = state.to_move(), them = opponent(me);
    // 1. Win now.
    for (int cell : near_)
        if (board.threat(cell, me) == Threat::Five) {
            out.push_back({cell, 1.0f});
            return;
        }
    // 2. Block the opponent's win (two such cells: lost anyway, but still try).
    chosen_.clear();
    for (int cell : near_)
        if (board.threat(cell, them) == Threat::Five) chosen_.push_back(cell);
    if (!chosen_.empty()) return add_with_shape_priors(state, chosen_, out);
    // 3. A double threat: the opponent cannot block two winning cells and has no win of their own.
    for (int cell : near_)
        if (wins_next(board.threat(cell, me)) && board.allowed(cell, me)) {
            out.push_back({cell, 1.0f});
            return;
        }
    // 4. Stop the opponent's winning threats. Our stone can only take threats away from them, never
    // add one, so a move defends if none of their threat cells still works after it. Our fours force
    // a reply, so they are kept; against double threes only, so are our threes, which become an open
    // four before theirs can.
    opponent_threats_.clear();
    opponent_double_threes_.clear();
    for (int cell : near_) {
        if (wins_by_force(board, cell, them))
            opponent_threats_.push_back(cell);
        else if (makes_double_three(board, cell, them))
            opponent_double_threes_.push_back(cell);
    }
    if (!opponent_threats_.empty() || !opponent_double_threes_.empty()) {
        for (int cell : near_) {
            const Threat ours = board.threat(cell, me);
            if (is_four(ours) || (opponent_threats_.empty() && ours != Threat::None) || stops_all_threats(board, cell, me))
                chosen_.push_back(cell);
        }
        if (!chosen_.empty()) return add_with_shape_priors(state, chosen_, out);
    }
    // 5. Everything near the stones.
    add_with_shape_priors(state, near_, out);
}

bool ThreatPolicy::makes_double_three(ThreatBoard& board, int cell, Stone stone) {
    return board.threat(cell, stone) == Threat::ThreeThree && board.allowed(cell, stone);
}

// Whether none of the opponent's threat cells (listed by propose) still works after `me` on `cell`.
bool ThreatPolicy::stops_all_threats(ThreatBoard& board, int cell, Stone me) {
    const Stone them = opponent(me);
    board.play(cell, me);
    bool stopped = true;
    for (int threat : opponent_threats_)
        stopped = stopped && (threat == cell || !wins_by_force(board, threat, them));
    for (int threat : opponent_double_threes_)
        stopped = stopped && (threat == cell || !makes_double_three(board, threat, them));
    board.undo();
    return stopped;
}

// A move by `stone` on `cell` wins by force if it leaves two winning cells at once (an open four, a
// double four), or a four whose forced block still leaves `stone` a move making two (a four-three)
// or, the block having made no four, a move making two threes (a four-three-three).
bool ThreatPolicy::wins_by_force(ThreatBoard& board, int cell, Stone stone) {
    const Threat threat = board.threat(cell, stone);
    if (!is_four(threat) || !board.allowed(cell, stone)) return false;
    if (wins_next(threat)) return true;
    board.play(cell, stone);
    const int block = winning_cell_through(board, cell, stone);
    const Stone defender = opponent(stone);
    bool wins = false;
    if (board.threat(block, defender) != Threat::Five) {  // a block that makes five wins instead
        board.play(block, defender);
        wins = wins_after_block(board, cell, stone);
        board.undo();
    }
    board.undo();
    return wins;
}

// After `stone`'s four on `cell` and its block: whether `stone` has a move making two winning cells,
// or, the block having made no four, two threes.
bool ThreatPolicy::wins_after_block(ThreatBoard& board, int cell, Stone stone) {
    auto makes_double = [&](int next) {
        return board.at(next) == Stone::Empty && wins_next(board.threat(next, stone)) && board.allowed(next, stone);
    };
    // Whether `found` holds for a cell on a line through the four's stone, at most `reach` cells away.
    auto on_lines_through_four = [&](int reach, auto&& found) {
        for (int step : kDirections)
            for (int dir : {step, -step})
                for (int next = cell + dir, k = 0; k < reach && board.at(next) != Stone::Wall; next += dir, ++k)
                    if (found(next)) return true;
        return false;
    };
    // The follow-up is near the old stones or on a line through the new one.
    for (int next : near_)
        if (makes_double(next)) return true;
    if (on_lines_through_four(2, makes_double)) return true;
    // Two threes win if the block made no four (which would have to be answered first). One of them
    // needs the four's stone (else the point was there before), so it lies on a line through it.
    if (has_winning_cell(board, opponent(stone))) return false;
    return on_lines_through_four(board.settings().win_length - 1, [&](int next) {
        return board.at(next) == Stone::Empty && makes_double_three(board, next, stone);
    });
}

// A drawn rollout still says something: the side with more open lines at the leaf had more ways
// to win, and a weaker opponent more ways to go wrong.
double ThreatPolicy::draw_value(const State& leaf) { return kDrawPotentialWeight * line_potential(leaf); }

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
// that would now give it two winning cells at once. Only the lines through `cell` changed, so such a
// cell lies on one of them, within win_length - 1 cells, and makes a four or five along it.
void ThreatPolicy::note_threats(const ThreatBoard& board, int cell, Stone stone) {
    const int colour = colour_index(stone), reach = board.settings().win_length - 1;
    for (int d = 0; d < 4; ++d)
        for (int side : {-1, 1})
            for (int k = 1, next = cell + side * kDirections[d]; k <= reach; ++k, next += side * kDirections[d]) {
                const Stone at = board.at(next);
                if (at == Stone::Wall || at == opponent(stone)) break;
                if (at != Stone::Empty) continue;
                const Pattern pattern = board.pattern(next, d, stone);
                if (pattern == Pattern::Five) wins_[colour].add(next);
                else if (pattern >= Pattern::Four && wins_next(board.threat(next, stone))) doubles_[colour].add(next);
            }
}

Stone ThreatPolicy::rollout(State& state, Rng& rng) {
    if (!ThreatBoard::supports(state.settings())) return fallback_.rollout(state, rng);
    ThreatBoard& board = board_at(state);
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
    for (int i = 0; i < num_candidates_; ++i)
        for (Stone stone : {Stone::Black, Stone::White}) {
            const Threat threat = board.threat(candidates_[i], stone);
            if (threat == Threat::Five) wins_[colour_index(stone)].add(candidates_[i]);
            if (wins_next(threat)) doubles_[colour_index(stone)].add(candidates_[i]);
        }
    while (!state.is_terminal()) {
        const Stone me = state.to_move(), them = opponent(me);
        auto wins_for = [&board](Stone stone) {
            return [&board, stone](int cell) { return board.at(cell) == Stone::Empty && board.threat(cell, stone) == Threat::Five; };
        };
        auto doubles_for = [&board](Stone stone) {
            return [&board, stone](int cell) {
                return board.at(cell) == Stone::Empty && wins_next(board.threat(cell, stone)) && board.allowed(cell, stone);
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
        board.play(cell, me);
        note_threats(board, cell, me);
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
