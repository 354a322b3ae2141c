#include "minesweeper/endgame.h"

#include <bit>
#include <unordered_map>

#include "minesweeper/probability.h"

namespace gridlab::minesweeper {

namespace {

class EndgameSearch {
public:
    EndgameSearch(const Position& position, const std::vector<std::vector<int>>& layouts, int64_t max_nodes)
        : max_nodes_(max_nodes) {
        const Grid<int8_t>& cells = position.cells;
        std::vector<uint8_t> mine(cells.size());
        for (int cell = 0; cell < cells.size(); ++cell)
            if (cells[cell] == kHidden) cells_.push_back(cell);
        layout_count_ = layouts.size();
        shows_.assign(cells_.size() * layout_count_, 0);
        for (size_t s = 0; s < layouts.size(); ++s) {
            for (int i = 0; i < cells.size(); ++i) mine[i] = cells[i] == kFlag;
            for (int cell : layouts[s]) mine[cell] = 1;
            for (size_t c = 0; c < cells_.size(); ++c) {
                const int cell = cells_[c];
                int around = 0;
                cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell),
                                         [&](int r, int col) { around += mine[cells.index(r, col)]; });
                shows_[c * layout_count_ + s] = mine[cell] ? kMine : static_cast<int8_t>(around);
            }
        }
        all_ = layout_count_ == 64 ? ~uint64_t{0} : (uint64_t{1} << layout_count_) - 1;
        // A cell that cannot tell the layouts apart now never will: keep only the others.
        std::vector<int> useful;
        std::vector<int8_t> useful_shows;
        for (size_t c = 0; c < cells_.size(); ++c) {
            if (!splits(c, all_)) continue;
            useful.push_back(cells_[c]);
            useful_shows.insert(useful_shows.end(), shows_.begin() + c * layout_count_,
                                shows_.begin() + (c + 1) * layout_count_);
        }
        cells_ = std::move(useful);
        shows_ = std::move(useful_shows);
    }

    EndgameMove best_move() {
        EndgameMove best;
        for (size_t c = 0; c < cells_.size(); ++c) {
            const double chance = win_after_reveal(c, all_);
            if (nodes_ > max_nodes_) return {};
            if (chance > best.win_probability) best = {cells_[c], chance};
        }
        return best;
    }

private:
    int8_t shows(size_t c, size_t layout) const { return shows_[c * layout_count_ + layout]; }

    uint64_t mines_of(size_t c, uint64_t set) const {
        uint64_t mines = 0;
        for (uint64_t rest = set; rest; rest &= rest - 1) {
            const int s = std::countr_zero(rest);
            if (shows(c, s) == kMine) mines |= uint64_t{1} << s;
        }
        return mines;
    }

    // Whether revealing cell c could tell the layouts of `set` apart (a mine in some, or two numbers).
    bool splits(size_t c, uint64_t set) const {
        const int8_t first = shows(c, std::countr_zero(set));
        for (uint64_t rest = set; rest; rest &= rest - 1)
            if (shows(c, std::countr_zero(rest)) != first) return true;
        return false;
    }

    // The chance to win when cell c is revealed now: sum over what it shows (a mine loses).
    double win_after_reveal(size_t c, uint64_t set) {
        uint64_t by_number[9] = {};
        for (uint64_t rest = set; rest; rest &= rest - 1) {
            const int s = std::countr_zero(rest);
            if (shows(c, s) != kMine) by_number[shows(c, s)] |= uint64_t{1} << s;
        }
        double total = 0;
        for (uint64_t part : by_number)
            if (part) total += std::popcount(part) * win(part);
        return total / std::popcount(set);
    }

    double win(uint64_t set) {
        if (std::popcount(set) == 1) return 1.0;
        if (auto known = memo_.find(set); known != memo_.end()) return known->second;
        if (++nodes_ > max_nodes_) return 0.0;
        // A safe cell whose number tells layouts apart is free information: take it first.
        for (size_t c = 0; c < cells_.size(); ++c)
            if (mines_of(c, set) == 0 && splits(c, set)) return memo_[set] = win_after_reveal(c, set);
        double best = 0;
        for (size_t c = 0; c < cells_.size(); ++c)
            if (splits(c, set)) best = std::max(best, win_after_reveal(c, set));
        return memo_[set] = best;
    }

    std::vector<int> cells_;     // hidden, unflagged cells that tell some layouts apart
    std::vector<int8_t> shows_;  // [cell][layout]: the number the cell shows, or kMine
    size_t layout_count_ = 0;
    uint64_t all_ = 0;
    std::unordered_map<uint64_t, double> memo_;  // looked up only, never iterated
    int64_t nodes_ = 0;
    int64_t max_nodes_;
};

}  // namespace

EndgameMove solve_endgame(const Position& position, const EndgameLimits& limits) {
    std::vector<std::vector<int>> layouts;
    const int max_layouts = std::min(limits.max_layouts, 64);
    if (!enumerate_layouts(position, max_layouts, limits.max_nodes, layouts) || layouts.size() < 2) return {};
    return EndgameSearch(position, layouts, limits.max_nodes).best_move();
}

}  // namespace gridlab::minesweeper
