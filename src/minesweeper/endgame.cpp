#include "minesweeper/endgame.h"

#include <algorithm>
#include <array>
#include <bit>
#include <map>

#include "minesweeper/probability.h"

namespace gridlab::minesweeper {

namespace {

// A set of layouts as a bit mask: bit s is layout s.
constexpr int kWords = kMaxEndgameLayouts / 64;
using LayoutSet = std::array<uint64_t, kWords>;

int count(const LayoutSet& set) {
    int total = 0;
    for (uint64_t word : set) total += std::popcount(word);
    return total;
}

// Calls f(s) for every layout s in the set, in increasing order.
template <typename F>
void for_each_layout(const LayoutSet& set, F&& f) {
    for (int w = 0; w < kWords; ++w)
        for (uint64_t rest = set[w]; rest; rest &= rest - 1) f(w * 64 + std::countr_zero(rest));
}

void insert(LayoutSet& set, int s) { set[s / 64] |= uint64_t{1} << (s % 64); }

class EndgameSearch {
public:
    EndgameSearch(const Position& position, const std::vector<std::vector<int>>& layouts, int64_t max_work)
        : layout_count_(layouts.size()), max_work_(max_work) {
        const Grid<int8_t>& cells = position.cells;
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
        for (size_t c = 0; c < cells_.size(); ++c) {
            const double chance = win_after_reveal(c, all_);
            if (work_ > max_work_) return {};
            if (chance > best.win_probability) best = {cells_[c], chance};
        }
        return best;
    }

private:
    int8_t shows(size_t c, int layout) const { return shows_[c * layout_count_ + layout]; }

    bool tells_apart(size_t c, const LayoutSet& set) const {
        int first = -2;
        bool differs = false;
        for_each_layout(set, [&](int s) {
            if (first == -2) first = shows(c, s);
            differs |= shows(c, s) != first;
        });
        return differs;
    }
    bool reaches_mine(size_t c, const LayoutSet& set) const {
        bool mine = false;
        for_each_layout(set, [&](int s) { mine |= shows(c, s) == kMine; });
        return mine;
    }

    // Splits `set` by what cell c shows: [0..8] its numbers, [9] a mine.
    std::array<LayoutSet, 10> split(size_t c, const LayoutSet& set) const {
        std::array<LayoutSet, 10> parts{};
        for_each_layout(set, [&](int s) { insert(parts[shows(c, s) == kMine ? 9 : shows(c, s)], s); });
        return parts;
    }

    // The chance to win when cell c is revealed now: sum over what it shows (a mine loses).
    double win_after_reveal(size_t c, const LayoutSet& set) {
        const std::array<LayoutSet, 10> parts = split(c, set);
        double total = 0;
        for (int v = 0; v <= 8; ++v)
            if (const int n = count(parts[v])) total += n * win(parts[v]);
        return total / count(set);
    }

    double win(const LayoutSet& set) {
        if (count(set) == 1) return 1.0;
        if (auto known = memo_.find(set); known != memo_.end()) return known->second;
        // The work of a visit grows with the cells tried and the layouts split.
        work_ += static_cast<int64_t>(cells_.size()) * count(set);
        if (work_ > max_work_) return 0.0;
        // A safe cell whose number tells layouts apart is free information: take it first.
        for (size_t c = 0; c < cells_.size(); ++c)
            if (tells_apart(c, set) && !reaches_mine(c, set)) return memo_[set] = win_after_reveal(c, set);
        double best = 0;
        for (size_t c = 0; c < cells_.size(); ++c)
            if (tells_apart(c, set)) best = std::max(best, win_after_reveal(c, set));
        return memo_[set] = best;
    }

    std::vector<int> cells_;     // hidden, unflagged cells that tell some layouts apart
    std::vector<int8_t> shows_;  // [cell][layout]: the number the cell shows, or kMine
    size_t layout_count_;
    LayoutSet all_{};
    std::map<LayoutSet, double> memo_;  // looked up only, never iterated
    int64_t work_ = 0;
    int64_t max_work_;
};

}  // namespace

EndgameMove solve_endgame(const Position& position, const EndgameLimits& limits) {
    std::vector<std::vector<int>> layouts;
    const int max_layouts = std::min(limits.max_layouts, kMaxEndgameLayouts);
    if (!enumerate_layouts(position, max_layouts, limits.max_nodes, layouts) || layouts.size() < 2) return {};
    return EndgameSearch(position, layouts, limits.max_work).best_move();
}

}  // namespace gridlab::minesweeper
