#include "minesweeper/endgame.h"

#include <algorithm>
#include <array>
#include <span>
#include <unordered_map>

#include "minesweeper/probability.h"

namespace gridlab::minesweeper {

namespace {

// A set of layouts as the sorted list of their numbers. Sets shrink fast as cells are revealed, so
// a list costs in proportion to the set, where a bit mask would cost the full width at every node.
using Layout = uint16_t;
using LayoutSpan = std::span<const Layout>;
using LayoutSet = std::vector<Layout>;
constexpr size_t kMostLayouts = 65535;  // so that a count of layouts fits a uint16_t too

// Hashes and compares a stored set with a span, so the memo is looked up without copying the span.
struct LayoutSetHash {
    using is_transparent = void;
    size_t operator()(LayoutSpan set) const {
        uint64_t hash = 0x9e3779b97f4a7c15ULL;
        for (Layout layout : set) hash = (hash ^ layout) * 0xff51afd7ed558ccdULL;
        return static_cast<size_t>(hash ^ (hash >> 32));
    }
};
struct LayoutSetEqual {
    using is_transparent = void;
    bool operator()(LayoutSpan a, LayoutSpan b) const { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }
};

// What a revealed cell shows, as an index: its number 0..8, or 9 for a mine.
constexpr int kOutcomes = 10;
int outcome(int8_t shows) { return shows == kMine ? 9 : shows; }

// A set split by what one cell shows: outcome v is layouts[start[v] .. start[v + 1]), each sorted.
struct Split {
    LayoutSet layouts;
    std::array<size_t, kOutcomes + 1> start{};
    LayoutSpan part(int v) const { return LayoutSpan(layouts).subspan(start[v], start[v + 1] - start[v]); }
};

class EndgameSearch {
public:
    EndgameSearch(const Position& position, const std::vector<std::vector<int>>& layouts, int64_t max_work)
        : max_work_(max_work) {
        const Grid<int8_t>& cells = position.cells;
        std::vector<int> hidden;
        for (int cell = 0; cell < cells.size(); ++cell)
            if (cells[cell] == kHidden) hidden.push_back(cell);
        const size_t width = hidden.size();
        std::vector<int8_t> shows(layouts.size() * width);  // [layout][hidden cell]
        std::vector<uint8_t> mine(cells.size());
        for (size_t s = 0; s < layouts.size(); ++s) {
            for (int i = 0; i < cells.size(); ++i) mine[i] = cells[i] == kFlag;
            for (int m : layouts[s]) mine[m] = 1;
            for (size_t h = 0; h < width; ++h) {
                const int cell = hidden[h];
                int around = 0;
                cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell),
                                         [&](int r, int c) { around += mine[cells.index(r, c)]; });
                shows[s * width + h] = mine[cell] ? kMine : static_cast<int8_t>(around);
            }
        }
        // A cell that cannot tell the layouts apart now never will: keep only the others.
        std::vector<size_t> telling;
        for (size_t h = 0; h < width; ++h) {
            bool differs = false;
            for (size_t s = 1; s < layouts.size(); ++s) differs |= shows[s * width + h] != shows[h];
            if (!differs) continue;
            cells_.push_back(hidden[h]);
            telling.push_back(h);
        }
        // Stored by layout, so a node's pass over its layouts reads each layout's cells in a row.
        shows_.reserve(layouts.size() * telling.size());
        for (size_t s = 0; s < layouts.size(); ++s)
            for (size_t h : telling) shows_.push_back(shows[s * width + h]);
        all_.resize(layouts.size());
        for (size_t s = 0; s < layouts.size(); ++s) all_[s] = static_cast<Layout>(s);
    }

    EndgameMove best_move() {
        EndgameMove best;
        for (const Option& option : options(all_)) {
            if (option.safe <= best.win_probability * static_cast<double>(all_.size())) break;  // cannot do better
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

    int8_t shows(size_t c, Layout layout) const { return shows_[layout * cells_.size() + c]; }

    // The cells that tell some layouts of the set apart, safest first (the order makes the pruning
    // by safety exact: no later cell can win more often than it survives; equals keep cell order).
    std::vector<Option> options(LayoutSpan set) {
        const size_t n = cells_.size();
        lowest_.assign(n, 8);
        highest_.assign(n, kMine);
        safe_.assign(n, 0);
        // Plain pointers: a store through a byte pointer may alias anything, so through the vectors
        // the compiler would reload their data pointers after every store and not vectorise the loop.
        int8_t* lowest = lowest_.data();
        int8_t* highest = highest_.data();
        uint16_t* safe = safe_.data();
        for (Layout layout : set) {
            const int8_t* row = &shows_[layout * n];
            for (size_t c = 0; c < n; ++c) {
                lowest[c] = std::min(lowest[c], row[c]);
                highest[c] = std::max(highest[c], row[c]);
                safe[c] += row[c] != kMine;
            }
        }
        std::vector<Option> found;
        for (size_t c = 0; c < n; ++c)
            if (lowest_[c] != highest_[c]) found.push_back({c, safe_[c]});
        std::sort(found.begin(), found.end(),
                  [](const Option& a, const Option& b) { return a.safe > b.safe || (a.safe == b.safe && a.cell < b.cell); });
        return found;
    }

    Split split(size_t c, LayoutSpan set) const {
        Split split;
        for (Layout layout : set) ++split.start[outcome(shows(c, layout)) + 1];
        for (int v = 0; v < kOutcomes; ++v) split.start[v + 1] += split.start[v];
        split.layouts.resize(set.size());
        std::array<size_t, kOutcomes + 1> next = split.start;
        for (Layout layout : set) split.layouts[next[outcome(shows(c, layout))]++] = layout;
        return split;
    }

    // The chance to win when cell c is revealed now: sum over what it shows (a mine loses). Stops
    // early, with a value at most `to_beat`, once even winning every remaining part could not beat it.
    double win_after_reveal(size_t c, LayoutSpan set, double to_beat) {
        const Split parts = split(c, set);
        const double size = static_cast<double>(set.size());
        double unexplored = size - static_cast<double>(parts.part(9).size());
        double total = 0;
        for (int v = 0; v <= 8; ++v) {
            const LayoutSpan part = parts.part(v);
            if (part.empty()) continue;
            const double n = static_cast<double>(part.size());
            unexplored -= n;
            total += n * win(part);
            if ((total + unexplored) / size <= to_beat) return (total + unexplored) / size;
        }
        return total / size;
    }

    double win(LayoutSpan set) {
        const size_t size = set.size();
        if (size == 1) return 1.0;
        if (auto known = memo_.find(set); known != memo_.end()) return known->second;
        // The work of a visit grows with the cells tried and the layouts split.
        work_ += static_cast<int64_t>(cells_.size() * size);
        if (work_ > max_work_) return 0.0;
        const std::vector<Option> candidates = options(set);
        double best = 0;
        // A safe cell whose number tells layouts apart is free information: take it first.
        if (!candidates.empty() && candidates.front().safe == static_cast<int>(size)) {
            best = win_after_reveal(candidates.front().cell, set, -1.0);
        } else {
            for (const Option& option : candidates) {
                if (option.safe <= best * static_cast<double>(size)) break;
                best = std::max(best, win_after_reveal(option.cell, set, best));
            }
        }
        memo_.emplace(LayoutSet(set.begin(), set.end()), best);
        return best;
    }

    std::vector<int> cells_;     // hidden, unflagged cells that tell some layouts apart
    std::vector<int8_t> shows_;  // [layout][cell]: the number the cell shows, or kMine
    LayoutSet all_;
    std::vector<int8_t> lowest_, highest_;  // options()'s per-cell scratch, kept to save allocations
    std::vector<uint16_t> safe_;
    std::unordered_map<LayoutSet, double, LayoutSetHash, LayoutSetEqual> memo_;  // looked up only, never iterated
    int64_t work_ = 0;
    int64_t max_work_;
};

}  // namespace

EndgameMove solve_endgame(const Position& position, const EndgameLimits& limits) {
    std::vector<std::vector<int>> layouts;
    if (!enumerate_layouts(position, limits.max_layouts, limits.max_nodes, layouts) || layouts.size() < 2 ||
        layouts.size() > kMostLayouts)
        return {};
    return EndgameSearch(position, layouts, limits.max_work).best_move();
}

}  // namespace gridlab::minesweeper
