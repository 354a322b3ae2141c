#include "minesweeper/probability.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <stdexcept>
#include <string>

#include "minesweeper/elimination_solver.h"

namespace gridlab::minesweeper {

namespace {

// "Exactly `need` of these hidden cells are mines", from one open number minus the flags around it.
struct Constraint {
    std::array<int, 8> cells{};
    int size = 0;
    int need = 0;
};

// A cell lies next to at most 8 numbers.
struct CellLinks {
    std::array<int, 8> constraints{};
    int size = 0;
};

// One independent group of frontier cells and what enumerating it found. Cells next to exactly the
// same numbers are interchangeable (a "box"): the search decides how many mines each box holds, not
// which of its cells, and weighs that by the number of ways, C(size, mines).
struct Component {
    std::vector<int> cells;       // board indices, in search order; a box's cells are adjacent
    std::vector<int> box_sizes;   // cells split into boxes, in order
    std::vector<double> solutions;                    // [k]: solutions with k mines (exact integers)
    std::vector<std::vector<double>> mine_solutions;  // [k][local cell]: of those, with a mine there
    bool keep_layouts = false;    // for the endgame: also list every solution (boxes of one cell)
    std::vector<std::vector<int>> layouts;  // the mined board cells of each solution
};

// The position turned into constraints and independent components, before any counting.
struct Frontier {
    std::vector<Constraint> constraints;
    std::vector<CellLinks> links;  // [board cell]
    std::vector<Component> components;
    std::vector<int> outside;      // hidden cells next to no number
    int unplaced = 0;              // mines not flagged
};

using Distribution = std::vector<LargeNumber>;  // [k]: weight of placing k mines

Distribution convolve(const Distribution& a, const Distribution& b) {
    if (a.empty() || b.empty()) return {};
    Distribution sum(a.size() + b.size() - 1);
    for (size_t i = 0; i < a.size(); ++i)
        if (!a[i].is_zero())
            for (size_t j = 0; j < b.size(); ++j) sum[i + j] += a[i] * b[j];
    return sum;
}

// C(n, k) for a box of up to 8 cells.
constexpr std::array<std::array<double, 9>, 9> kBoxWays = [] {
    std::array<std::array<double, 9>, 9> ways{};
    for (int n = 0; n <= 8; ++n) {
        ways[n][0] = 1;
        for (int k = 1; k <= n; ++k) ways[n][k] = ways[n - 1][k - 1] + (k < n ? ways[n - 1][k] : 0);
    }
    return ways;
}();

// Counts are doubles holding exact integers. A box's mine total is up to 8 times the solutions
// counted, and past 2^53 a double rounds, so a component with more than 2^50 solutions counts as
// over budget (no position the old cell-by-cell search could finish comes near it).
constexpr double kMaxExactCount = 1125899906842624.0;  // 2^50

// Backtracking over one component: each box in turn gets 0, 1, ... mines, and a branch stops as soon
// as a number can no longer be met (too many mines placed, or too few cells left to place them).
class Enumerator {
public:
    Enumerator(const std::vector<Constraint>& constraints, const std::vector<CellLinks>& links, int max_mines,
               int64_t budget)
        : links_(links), open_(constraints.size()), max_mines_(max_mines), budget_(budget) {
        for (size_t k = 0; k < constraints.size(); ++k) open_[k].mines_left = constraints[k].need;
    }

    // Returns false if the node budget ran out.
    bool count(Component& component) {
        component_ = &component;
        // A listed layout names cells, so listing needs boxes of one cell.
        assert(!component.keep_layouts || component.box_sizes.size() == component.cells.size());
        boxes_.clear();
        int start = 0;
        for (int size : component.box_sizes) {
            boxes_.push_back({&links_[component.cells[start]], start, size, 0});
            start += size;
        }
        for (int cell : component.cells)
            for (int i = 0; i < links_[cell].size; ++i) ++open_[links_[cell].constraints[i]].cells_left;
        box_mines_.clear();
        search(0, 0, 1.0);
        spread_box_mines();
        return nodes_ <= budget_;
    }
    int64_t nodes() const { return nodes_; }

private:
    // What one number still asks of the cells not yet decided (together, for locality).
    struct OpenConstraint {
        int mines_left = 0;
        int cells_left = 0;
    };
    struct Box {
        const CellLinks* numbers;  // the numbers every cell of the box touches
        int start, size;           // its cells in the component
        int mines;                 // in the current branch
    };

    // Adds `mines` to the box's numbers (negative to take them back).
    void add_mines(const Box& box, int mines) {
        for (int i = 0; i < box.numbers->size; ++i) open_[box.numbers->constraints[i]].mines_left -= mines;
    }
    void add_cells(const Box& box, int cells) {
        for (int i = 0; i < box.numbers->size; ++i) open_[box.numbers->constraints[i]].cells_left -= cells;
    }
    void record(int mines, double ways) {
        Component& comp = *component_;
        const size_t k = mines;
        if (comp.solutions.size() <= k) {
            comp.solutions.resize(k + 1, 0);
            box_mines_.resize(k + 1, std::vector<double>(boxes_.size(), 0));
        }
        comp.solutions[k] += ways;
        if (comp.solutions[k] > kMaxExactCount) nodes_ = budget_ + 1;
        for (int b : mined_boxes_) box_mines_[k][b] += ways * boxes_[b].mines;
        if (comp.keep_layouts) {
            comp.layouts.emplace_back();
            for (int b : mined_boxes_) comp.layouts.back().push_back(comp.cells[boxes_[b].start]);
        }
    }
    void search(size_t depth, int mines, double ways) {
        if (++nodes_ > budget_) return;
        if (depth == boxes_.size()) {
            record(mines, ways);
            return;
        }
        Box& box = boxes_[depth];
        // The mine counts that keep every number around the box satisfiable: no more than it still
        // needs, and enough that the cells after the box can hold the rest.
        int low = 0, high = std::min(box.size, max_mines_ - mines);
        for (int i = 0; i < box.numbers->size; ++i) {
            const OpenConstraint& open = open_[box.numbers->constraints[i]];
            low = std::max(low, open.mines_left - (open.cells_left - box.size));
            high = std::min(high, open.mines_left);
        }
        if (low > high) return;
        if (low > 0) mined_boxes_.push_back(static_cast<int>(depth));
        add_cells(box, box.size);
        add_mines(box, low);
        for (box.mines = low;; ++box.mines) {
            search(depth + 1, mines + box.mines, ways * kBoxWays[box.size][box.mines]);
            if (box.mines == high || nodes_ > budget_) break;
            if (box.mines == 0) mined_boxes_.push_back(static_cast<int>(depth));
            add_mines(box, 1);
        }
        add_mines(box, -box.mines);
        add_cells(box, -box.size);
        if (box.mines > 0) mined_boxes_.pop_back();
        box.mines = 0;
    }
    // Each cell of a box holds a mine in mines/size of the box's weighted solutions.
    void spread_box_mines() {
        Component& comp = *component_;
        comp.mine_solutions.assign(box_mines_.size(), std::vector<double>(comp.cells.size(), 0));
        for (size_t k = 0; k < box_mines_.size(); ++k)
            for (size_t b = 0; b < boxes_.size(); ++b)
                for (int i = 0; i < boxes_[b].size; ++i)
                    comp.mine_solutions[k][boxes_[b].start + i] = box_mines_[k][b] / boxes_[b].size;
    }

    const std::vector<CellLinks>& links_;
    std::vector<OpenConstraint> open_;  // [constraint]
    std::vector<Box> boxes_;           // of the component being counted, in search order
    std::vector<int> mined_boxes_;     // the boxes holding a mine in the current branch
    std::vector<std::vector<double>> box_mines_;  // [k][box]: sum over solutions of ways x mines in it
    Component* component_ = nullptr;
    int max_mines_;
    int64_t budget_;
    int64_t nodes_ = 0;
};

// Seed 004's local view, used when exact counting would take too long.
void analyze_locally(const Position& position, int unplaced_mines, Analysis& out) {
    const Grid<int8_t>& cells = position.cells;
    const Grid<Mark> marks = eliminate(position);
    out.exact = false;
    int unknown = 0, unknown_mines = unplaced_mines;
    for (int i = 0; i < cells.size(); ++i) {
        if (cells[i] != kHidden) continue;
        if (marks[i] == Mark::Safe) out.safe.push_back(i);
        if (marks[i] == Mark::Mine) out.mines.push_back(i), --unknown_mines;
        unknown += marks[i] == Mark::Unknown;
    }
    const double density = unknown > 0 ? static_cast<double>(std::max(unknown_mines, 0)) / unknown : 0.0;
    for (int i = 0; i < cells.size(); ++i) {
        if (cells[i] != kHidden) continue;
        if (marks[i] != Mark::Unknown) {
            out.mine_probability[i] = marks[i] == Mark::Mine ? 1.0 : 0.0;
            continue;
        }
        // The highest "mines still needed / unknown cells" among the numbers around it.
        double estimate = -1;
        cells.for_each_neighbour(cells.row_of(i), cells.col_of(i), [&](int r, int c) {
            const int number = cells.at(r, c);
            if (number > 8) return;
            int needed = number, around = 0;
            cells.for_each_neighbour(r, c, [&](int nr, int nc) {
                const Mark mark = marks.at(nr, nc);
                needed -= mark == Mark::Mine;
                around += cells.at(nr, nc) == kHidden && mark == Mark::Unknown;
            });
            estimate = std::max(estimate, static_cast<double>(needed) / around);
        });
        out.mine_probability[i] = estimate < 0 ? density : estimate;
    }
}

// Reorders a component's cells so that the cells next to exactly the same numbers (a box) sit
// together, each box where its first cell was; with `cells_in_boxes` false every cell is its own box.
// A box's cells all touch its first number, so only those are compared.
void form_boxes(Component& component, const std::vector<Constraint>& constraints, const std::vector<CellLinks>& links,
                std::vector<uint8_t>& in_box, bool cells_in_boxes) {
    auto same_numbers = [&](int a, int b) {
        const CellLinks &x = links[a], &y = links[b];
        return x.size == y.size && std::equal(x.constraints.begin(), x.constraints.begin() + x.size, y.constraints.begin());
    };
    std::vector<int> ordered;
    ordered.reserve(component.cells.size());
    for (int cell : component.cells) {
        if (in_box[cell]) continue;
        in_box[cell] = 1;
        ordered.push_back(cell);
        int size = 1;
        const Constraint& first_number = constraints[links[cell].constraints[0]];
        for (int i = 0; i < first_number.size && cells_in_boxes; ++i) {
            const int other = first_number.cells[i];
            if (!in_box[other] && same_numbers(cell, other)) in_box[other] = 1, ordered.push_back(other), ++size;
        }
        component.box_sizes.push_back(size);
    }
    component.cells = std::move(ordered);
}

bool build_frontier(const Position& position, Frontier& frontier, std::string& problem, bool cells_in_boxes) {
    const Grid<int8_t>& cells = position.cells;
    const int size = cells.size();
    int flags = 0;
    for (int i = 0; i < size; ++i) flags += cells[i] == kFlag;
    frontier.unplaced = position.mines - flags;
    if (frontier.unplaced < 0) {
        problem = std::to_string(flags) + " flags but only " + std::to_string(position.mines) + " mines";
        return false;
    }

    // One constraint per open number that still touches a hidden cell.
    std::vector<Constraint>& constraints = frontier.constraints;
    std::vector<CellLinks>& links = frontier.links;
    links.assign(size, CellLinks{});
    for (int r = 0; r < cells.rows(); ++r)
        for (int c = 0; c < cells.cols(); ++c) {
            const int number = cells.at(r, c);
            if (number > 8) continue;
            Constraint constraint;
            constraint.need = number;
            cells.for_each_neighbour(r, c, [&](int nr, int nc) {
                if (cells.at(nr, nc) == kFlag) --constraint.need;
                if (cells.at(nr, nc) == kHidden) constraint.cells[constraint.size++] = cells.index(nr, nc);
            });
            if (constraint.need < 0 || constraint.need > constraint.size) {
                problem = "the " + std::to_string(number) + " at " + cell_name(cells, cells.index(r, c)) +
                          " cannot be met by the cells around it";
                return false;
            }
            if (constraint.size == 0) continue;
            const int id = static_cast<int>(constraints.size());
            for (int i = 0; i < constraint.size; ++i) {
                CellLinks& link = links[constraint.cells[i]];
                link.constraints[link.size++] = id;
            }
            constraints.push_back(constraint);
        }

    // Components by breadth-first search through shared numbers; BFS order keeps each number's
    // cells close together in the search, so a wrong branch fails early.
    std::vector<uint8_t> seen(size, 0), in_box(size, 0);
    for (int start = 0; start < size; ++start) {
        if (cells[start] != kHidden || seen[start]) continue;
        if (links[start].size == 0) {
            frontier.outside.push_back(start);
            continue;
        }
        Component component;
        seen[start] = 1;
        component.cells.push_back(start);
        for (size_t head = 0; head < component.cells.size(); ++head) {
            const CellLinks& link = links[component.cells[head]];
            for (int i = 0; i < link.size; ++i) {
                const Constraint& constraint = constraints[link.constraints[i]];
                for (int j = 0; j < constraint.size; ++j)
                    if (!seen[constraint.cells[j]]) {
                        seen[constraint.cells[j]] = 1;
                        component.cells.push_back(constraint.cells[j]);
                    }
            }
        }
        form_boxes(component, constraints, links, in_box, cells_in_boxes);
        frontier.components.push_back(std::move(component));
    }
    return true;
}

// Everything a component's count depends on: its cells in search order, its numbers, the mine total.
std::vector<int> component_key(const Component& component, const Frontier& frontier) {
    std::vector<int> key(component.cells);
    key.push_back(-1);
    key.push_back(frontier.unplaced);
    for (int cell : component.cells) {
        const CellLinks& link = frontier.links[cell];
        for (int i = 0; i < link.size; ++i) {
            const Constraint& constraint = frontier.constraints[link.constraints[i]];
            key.push_back(-2);
            key.push_back(constraint.need);
            key.insert(key.end(), constraint.cells.begin(), constraint.cells.begin() + constraint.size);
        }
    }
    return key;
}

// Counts every component (or takes the count from the cache); false if the node budget ran out.
bool count_components(Frontier& frontier, const AnalysisLimits& limits, AnalysisCache* cache, int64_t& nodes) {
    Enumerator enumerator(frontier.constraints, frontier.links, frontier.unplaced, limits.max_nodes);
    bool complete = true;
    for (Component& component : frontier.components) {
        std::vector<int> key;
        if (cache) {
            key = component_key(component, frontier);
            if (auto known = cache->counts.find(key); known != cache->counts.end()) {
                component.solutions = known->second.solutions;
                component.mine_solutions = known->second.mine_solutions;
                continue;
            }
        }
        if (!enumerator.count(component)) {
            complete = false;
            break;
        }
        if (cache) cache->counts[std::move(key)] = {component.solutions, component.mine_solutions};
    }
    nodes = enumerator.nodes();
    return complete;
}

bool analyze_into(const Position& position, const AnalysisLimits& limits, AnalysisCache* cache, Analysis& out,
                  std::string& problem) {
    const Grid<int8_t>& cells = position.cells;
    const int size = cells.size();
    out = Analysis{};
    out.mine_probability.assign(size, -1.0);
    for (int i = 0; i < size; ++i)
        if (cells[i] == kFlag) out.mine_probability[i] = 1.0;
    Frontier frontier;
    if (!build_frontier(position, frontier, problem, /*cells_in_boxes=*/true)) return false;
    const int unplaced = frontier.unplaced;
    std::vector<Component>& components = frontier.components;
    for (const Component& component : components) out.frontier_cells += static_cast<int>(component.cells.size());
    out.components = static_cast<int>(components.size());
    out.outside_cells = static_cast<int>(frontier.outside.size());

    if (!count_components(frontier, limits, cache, out.nodes)) {
        analyze_locally(position, unplaced, out);
        return true;
    }

    // Each component's weight by mine count, and every component but one (prefix * suffix).
    const size_t count = components.size();
    std::vector<Distribution> weights(count);
    for (size_t c = 0; c < count; ++c)
        for (double solutions : components[c].solutions) weights[c].emplace_back(solutions);
    std::vector<Distribution> prefix(count + 1, Distribution{LargeNumber(1.0)});
    std::vector<Distribution> suffix(count + 1, Distribution{LargeNumber(1.0)});
    for (size_t c = 0; c < count; ++c) prefix[c + 1] = convolve(prefix[c], weights[c]);
    for (size_t c = count; c-- > 0;) suffix[c] = convolve(weights[c], suffix[c + 1]);
    const Distribution& all = prefix[count];

    // ways[K] = C(outside, unplaced - K): the layouts of the outside cells when the frontier holds K.
    const int outside = out.outside_cells;
    std::vector<LargeNumber> binomial(std::min(outside, unplaced) + 1);
    binomial[0] = LargeNumber(1.0);
    for (size_t m = 1; m < binomial.size(); ++m)
        binomial[m] = binomial[m - 1] * LargeNumber(static_cast<double>(outside - m + 1) / static_cast<double>(m));
    auto ways = [&](int frontier_mines) {
        const int rest = unplaced - frontier_mines;
        return rest < 0 || rest > outside ? LargeNumber() : binomial[rest];
    };

    LargeNumber total, outside_mines;
    for (size_t k = 0; k < all.size(); ++k) {
        const LargeNumber layouts = all[k] * ways(static_cast<int>(k));
        total += layouts;
        if (outside > 0)
            outside_mines += layouts * LargeNumber(static_cast<double>(unplaced - static_cast<int>(k)) / outside);
    }
    if (total.is_zero()) {
        problem = "no layout of the " + std::to_string(position.mines) + " mines agrees with the numbers";
        return false;
    }
    out.layouts = total;

    for (size_t c = 0; c < count; ++c) {
        const Component& comp = components[c];
        const Distribution others = convolve(prefix[c], suffix[c + 1]);
        // rest[k]: layouts of everything else when this component holds k mines.
        std::vector<LargeNumber> rest(comp.solutions.size());
        for (size_t k = 0; k < rest.size(); ++k)
            for (size_t j = 0; j < others.size(); ++j) rest[k] += others[j] * ways(static_cast<int>(j + k));
        for (size_t local = 0; local < comp.cells.size(); ++local) {
            LargeNumber mine_layouts;
            bool always_mine = true;
            for (size_t k = 0; k < rest.size(); ++k) {
                if (rest[k].is_zero() || comp.solutions[k] == 0) continue;
                const double with_mine = comp.mine_solutions[k][local];
                mine_layouts += LargeNumber(with_mine) * rest[k];
                always_mine &= with_mine == comp.solutions[k];
            }
            const int cell = comp.cells[local];
            out.mine_probability[cell] = always_mine ? 1.0 : mine_layouts.fraction_of(total);
            if (mine_layouts.is_zero()) out.safe.push_back(cell);
            else if (always_mine) out.mines.push_back(cell);
        }
    }

    // Outside cells are all alike: safe if no mine can be left for them, mines if all must be.
    bool outside_always_empty = true, outside_always_full = true;
    for (size_t k = 0; k < all.size(); ++k) {
        if ((all[k] * ways(static_cast<int>(k))).is_zero()) continue;
        outside_always_empty &= unplaced - static_cast<int>(k) == 0;
        outside_always_full &= unplaced - static_cast<int>(k) == outside;
    }
    const double outside_probability = outside_always_full ? 1.0 : outside_mines.fraction_of(total);
    for (int i : frontier.outside) {
        out.mine_probability[i] = outside_probability;
        if (outside_always_empty) out.safe.push_back(i);
        else if (outside_always_full) out.mines.push_back(i);
    }
    std::sort(out.safe.begin(), out.safe.end());
    std::sort(out.mines.begin(), out.mines.end());
    return true;
}

// Appends to `layouts` every way to give the outside cells from `next` on `rest` mines, on top of
// `mines`; false once there are more than `max_layouts`.
bool add_outside_layouts(const std::vector<int>& outside, size_t next, int rest, std::vector<int>& mines,
                         size_t max_layouts, std::vector<std::vector<int>>& layouts) {
    if (rest == 0) {
        layouts.push_back(mines);
        std::sort(layouts.back().begin(), layouts.back().end());
        return layouts.size() <= max_layouts;
    }
    for (size_t i = next; i + rest <= outside.size(); ++i) {
        mines.push_back(outside[i]);
        const bool fits = add_outside_layouts(outside, i + 1, rest - 1, mines, max_layouts, layouts);
        mines.pop_back();
        if (!fits) return false;
    }
    return true;
}

// One solution per component, then the outside cells take the remaining mines.
bool add_layouts(const Frontier& frontier, size_t component, std::vector<int>& mines, size_t max_layouts,
                 std::vector<std::vector<int>>& layouts) {
    if (component == frontier.components.size()) {
        const int rest = frontier.unplaced - static_cast<int>(mines.size());
        if (rest < 0 || rest > static_cast<int>(frontier.outside.size())) return true;
        return add_outside_layouts(frontier.outside, 0, rest, mines, max_layouts, layouts);
    }
    for (const std::vector<int>& solution : frontier.components[component].layouts) {
        mines.insert(mines.end(), solution.begin(), solution.end());
        const bool fits = add_layouts(frontier, component + 1, mines, max_layouts, layouts);
        mines.resize(mines.size() - solution.size());
        if (!fits) return false;
    }
    return true;
}

}  // namespace

bool enumerate_layouts(const Position& position, int max_layouts, int64_t max_nodes,
                       std::vector<std::vector<int>>& layouts) {
    layouts.clear();
    Frontier frontier;
    std::string problem;
    if (!build_frontier(position, frontier, problem, /*cells_in_boxes=*/false)) return false;
    Enumerator enumerator(frontier.constraints, frontier.links, frontier.unplaced, max_nodes);
    for (Component& component : frontier.components) {
        component.keep_layouts = true;
        if (!enumerator.count(component) || component.layouts.size() > static_cast<size_t>(max_layouts)) return false;
    }
    std::vector<int> mines;
    return add_layouts(frontier, 0, mines, static_cast<size_t>(max_layouts), layouts) && !layouts.empty();
}

bool try_analyze(const Position& position, const AnalysisLimits& limits, Analysis& out, AnalysisCache* cache) {
    std::string problem;
    return analyze_into(position, limits, cache, out, problem);
}

Analysis analyze(const Position& position, const AnalysisLimits& limits, AnalysisCache* cache) {
    Analysis analysis;
    std::string problem;
    if (!analyze_into(position, limits, cache, analysis, problem))
        throw std::invalid_argument("impossible position: " + problem);
    return analysis;
}

}  // namespace gridlab::minesweeper
