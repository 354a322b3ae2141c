#include "minesweeper/endgame.h"

#include <algorithm>
#include <array>
#include <bit>
#include <unordered_map>

#include "minesweeper/probability.h"

namespace gridlab::minesweeper {

namespace {

// A set of layouts as a bit mask: bit s is layout s. As many words as the layouts need.
using LayoutSet = std::vector<uint64_t>;

struct LayoutSetHash {
    size_t operator()(const LayoutSet& set) const {
        uint64_t hash = 0x9e3779b97f4a7c15ULL;
        for (uint64_t word : set) hash = (hash ^ word) * 0xff51afd7ed558ccdULL;
        return static_cast<size_t>(hash ^ (hash >> 32));
    }
};

int count(const LayoutSet& set) {
    int total = 0;
    for (uint64_t word : set) total += std::popcount(word);
    return total;
}

// Calls f(s) for every layout s in the set, in increasing order.
template <typename F>
void for_each_layout(const LayoutSet& set, F&& f) {
    for (size_t w = 0; w < set.size(); ++w)
        for (uint64_t rest = set[w]; rest; rest &= rest - 1) f(static_cast<int>(w * 64) + std::countr_zero(rest));
}

void insert(LayoutSet& set, int s) { set[s / 64] |= uint64_t{1} << (s % 64); }

class EndgameSearch {
public:
    EndgameSearch(const Position& position, const std::vector<std::vector<int>>& layouts, int64_t max_work)
        : layout_count_(layouts.size()), words_((layouts.size() + 63) / 64), max_work_(max_work) {
        const Grid<int8_t>& cells = position.cells;
        all_.assign(words_, 0);
        for (size_t s = 0; s < layout_count_; ++s) insert(all_, static_cast<int>(s));
        std::vector<int> hidden;
        for (int cell = 0; cell < cells.size(); ++cell)
            if (cells[cell] == kHidden) hidden.push_back(cell);
        std::vector<int8_t> shows(hidden.size() * layout_count_);  // [hidden cell][layout]
        std::vector<uint8_t> mine(cells.size());
        for (size_t s = 0; s < layout_count_; ++s) {
            for (int i = 0; i < cells.size(); ++i) mine[i] = cells[i] == kFlag;
            for (int m : layouts[s]) mine[m] = 1;
            for (size_t h = 0; h < hidden.size(); ++h) {
                const int cell = hidden[h];
                int around = 0;
                cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell),
                                         [&](int r, int c) { around += mine[cells.index(r, c)]; });
                shows[h * layout_count_ + s] = mine[cell] ? kMine : static_cast<int8_t>(around);
            }
        }
        // A cell that cannot tell the layouts apart now never will: keep only the others.
        for (size_t h = 0; h < hidden.size(); ++h) {
            const auto first = shows.begin() + h * layout_count_, last = first + layout_count_;
            if (std::all_of(first, last, [&](int8_t v) { return v == *first; })) continue;
            cells_.push_back(hidden[h]);
            shows_.insert(shows_.end(), first, last);
        }
    }

    EndgameMove best_move() {
        EndgameMove best;
        for (const Option& option : options(all_)) {
            if (option.safe <= best.win_probability * layout_count_) break;  // cannot do better
            const double chance = win_after_reveal(option.cell, all_, best.win_probability);
            if (work_ > max_work_) return {};
            if (chance > best.win_probability) best = {cells_[option.cell], chance};
        }
        return best;
    }

private:
    // A cell worth revealing in a set of layouts, and in how many of them it is safe.
    struct Option {
        size_t cell;
        int safe;
    };

    int8_t shows(size_t c, int layout) const { return shows_[c * layout_count_ + layout]; }

    // The cells that tell some layouts of the set apart, safest first (the order makes the pruning
    // by safety exact: no later cell can win more often than it survives).
    std::vector<Option> options(const LayoutSet& set) const {
        std::vector<Option> found;
        for (size_t c = 0; c < cells_.size(); ++c) {
            int first = -2, safe = 0;
            bool differs = false;
            for_each_layout(set, [&](int s) {
                const int8_t value = shows(c, s);
                if (first == -2) first = value;
                differs |= value != first;
                safe += value != kMine;
            });
            if (differs) found.push_back({c, safe});
        }
        std::stable_sort(found.begin(), found.end(), [](const Option& a, const Option& b) { return a.safe > b.safe; });
        return found;
    }

    // Splits `set` by what cell c shows: [0..8] its numbers, [9] a mine.
    std::array<LayoutSet, 10> split(size_t c, const LayoutSet& set) const {
        std::array<LayoutSet, 10> parts;
        for (LayoutSet& part : parts) part.assign(words_, 0);
        for_each_layout(set, [&](int s) { insert(parts[shows(c, s) == kMine ? 9 : shows(c, s)], s); });
        return parts;
    }

    // The chance to win when cell c is revealed now: sum over what it shows (a mine loses). Stops
    // early, with a value at most `to_beat`, once even winning every remaining part could not beat it.
    double win_after_reveal(size_t c, const LayoutSet& set, double to_beat) {
        const std::array<LayoutSet, 10> parts = split(c, set);
        const double size = count(set);
        double unexplored = size - count(parts[9]);
        double total = 0;
        for (int v = 0; v <= 8; ++v) {
            const int n = count(parts[v]);
            if (n == 0) continue;
            unexplored -= n;
            total += n * win(parts[v]);
            if ((total + unexplored) / size <= to_beat) return (total + unexplored) / size;
        }
        return total / size;
    }

    double win(const LayoutSet& set) {
        const int size = count(set);
        if (size == 1) return 1.0;
        if (auto known = memo_.find(set); known != memo_.end()) return known->second;
        // The work of a visit grows with the cells tried and the layouts split.
        work_ += static_cast<int64_t>(cells_.size()) * size;
        if (work_ > max_work_) return 0.0;
        const std::vector<Option> candidates = options(set);
        // A safe cell whose number tells layouts apart is free information: take it first.
        if (!candidates.empty() && candidates.front().safe == size)
            return memo_[set] = win_after_reveal(candidates.front().cell, set, -1.0);
        double best = 0;
        for (const Option& option : candidates) {
            if (option.safe <= best * size) break;
            best = std::max(best, win_after_reveal(option.cell, set, best));
        }
        return memo_[set] = best;
    }

    std::vector<int> cells_;     // hidden, unflagged cells that tell some layouts apart
    std::vector<int8_t> shows_;  // [cell][layout]: the number the cell shows, or kMine
    size_t layout_count_;
    size_t words_;
    LayoutSet all_;
    std::unordered_map<LayoutSet, double, LayoutSetHash> memo_;  // looked up only, never iterated
    int64_t work_ = 0;
    int64_t max_work_;
};

}  // namespace

EndgameMove solve_endgame(const Position& position, const EndgameLimits& limits) {
    std::vector<std::vector<int>> layouts;
    if (!enumerate_layouts(position, limits.max_layouts, limits.max_nodes, layouts) || layouts.size() < 2) return {};
    return EndgameSearch(position, layouts, limits.max_work).best_move();
}

}  // namespace gridlab::minesweeper
