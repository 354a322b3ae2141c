#include "gomoku/mcts.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/time_budget.h"

namespace gridlab::gomoku {

namespace {
// Reading the clock costs more than a playout step in WebAssembly, so it is read between batches.
constexpr int kPlayoutsPerClockCheck = 16;
constexpr int kMaxPrincipalLine = 12;
}  // namespace

Mcts::Mcts(std::unique_ptr<Policy> policy, const SearchConfig& config, uint64_t seed)
    : policy_(std::move(policy)), config_(config), rng_(seed) {
    set_budget(config.budget);
    if (config.max_nodes < 1 + kMaxCells)
        throw std::invalid_argument("node budget " + std::to_string(config.max_nodes) + " is below " +
                                    std::to_string(1 + kMaxCells));
    path_.reserve(kMaxCells + 1);
}

void Mcts::set_budget(const Budget& budget) {
    if (budget.playouts <= 0 && budget.ms <= 0) throw std::invalid_argument("a search needs a playout or time budget");
    config_.budget = budget;
}

void Mcts::begin(const State& state) {
    if (state.is_terminal()) throw std::invalid_argument("the game is over");
    // A kept root that was still a leaf holds almost nothing: start afresh then, which also leaves
    // room in the node budget to expand it.
    if (!(config_.reuse_tree && searching_ && try_reuse(state) && pool_[0].num_children > 0)) {
        pool_.clear();
        pool_.push_back(Node{});
    }
    root_state_ = state;
    searching_ = true;
    playouts_ = 0;
    elapsed_ms_ = 0;
    // The root is expanded at once so that best_action() and the report are meaningful from the start.
    if (pool_[0].num_children == 0) expand(0, root_state_);
    screen_root();
}

// Sampling finds a long forced line late or not at all, and one missed defence loses the game, so
// the root trusts the policy's exact tactics: if the side to move wins by force, only the winning
// move is kept; otherwise the moves after which the opponent wins by force are dropped (unless that
// drops them all: then the search picks the longest resistance). Kept children move to the front of
// the root's block of children; the dropped ones stay in the pool, unreachable.
void Mcts::screen_root() {
    Node& root = pool_[0];
    const int winning_cell = policy_->forced_win(root_state_);
    auto keep = [&](const Node& child) {
        if (winning_cell >= 0) return static_cast<int>(child.cell) == winning_cell;
        State after = root_state_;
        after.play(child.cell);
        return after.is_terminal() || policy_->forced_win(after) < 0;
    };
    const auto first = pool_.begin() + root.first_child, last = first + root.num_children;
    const auto kept_end = std::stable_partition(first, last, keep);
    if (kept_end != first) root.num_children = static_cast<int16_t>(kept_end - first);
}

// Keeps the subtree of the position reached by the moves played since the last search, if the tree
// holds it, copying it breadth-first into a fresh pool so the old tree's memory is reclaimed.
bool Mcts::try_reuse(const State& state) {
    const Settings& a = state.settings();
    const Settings& b = root_state_.settings();
    if (a.size != b.size || a.win_length != b.win_length || a.rule != b.rule) return false;
    if (state.num_moves() < root_state_.num_moves()) return false;
    for (int i = 0; i < root_state_.num_moves(); ++i)
        if (state.move(i) != root_state_.move(i)) return false;
    int node = 0;
    for (int i = root_state_.num_moves(); i < state.num_moves(); ++i) {
        const Node& parent = pool_[node];
        const int cell = state.to_padded(state.move(i));
        int found = -1;
        for (int k = 0; k < parent.num_children; ++k)
            if (pool_[parent.first_child + k].cell == cell) found = parent.first_child + k;
        if (found < 0) return false;
        node = found;
    }
    spare_.clear();
    spare_.push_back(pool_[node]);
    for (size_t i = 0; i < spare_.size(); ++i) {
        const int old_first = spare_[i].first_child;
        if (spare_[i].num_children == 0) continue;
        spare_[i].first_child = static_cast<int32_t>(spare_.size());
        spare_.insert(spare_.end(), pool_.begin() + old_first, pool_.begin() + old_first + spare_[i].num_children);
    }
    std::swap(pool_, spare_);
    return true;
}

void Mcts::think(double slice_ms) {
    Stopwatch watch;
    while (!finished()) {
        for (int i = 0; i < kPlayoutsPerClockCheck; ++i) {
            if (config_.budget.playouts > 0 && playouts_ >= config_.budget.playouts) break;
            playout();
        }
        const double used = watch.elapsed_ms();
        elapsed_ms_ += used;
        watch.restart();
        if (used >= slice_ms) break;
        slice_ms -= used;
    }
}

bool Mcts::finished() const {
    if (!searching_) return true;
    // A tactical rule (win now, block a four) left only one move: nothing to think about.
    if (pool_[0].num_children == 1 && playouts_ > 0) return true;
    if (config_.budget.playouts > 0 && playouts_ >= config_.budget.playouts) return true;
    return config_.budget.ms > 0 && elapsed_ms_ >= config_.budget.ms;
}

int Mcts::choose(const State& state) {
    decide(state);
    return best_action();
}

void Mcts::playout() {
    State state = root_state_;
    path_.clear();
    path_.push_back(0);
    int node = 0;
    // 1. Selection: down the tree to a leaf.
    while (pool_[node].num_children > 0) {
        node = select_child(pool_[node]);
        state.play(pool_[node].cell);
        path_.push_back(node);
    }
    // 2. Expansion: a leaf visited often enough gets children, if the node budget allows.
    if (!state.is_terminal() && pool_[node].visits >= config_.expand_after) expand(node, state);
    // 3. Simulation: a finished game scores itself; otherwise the policy plays it out.
    const double draw_value = state.is_terminal() ? 0.0 : policy_->draw_value(state);
    const Stone winner = state.is_terminal() ? state.winner() : policy_->rollout(state, rng_);
    // 4. Backpropagation.
    backpropagate(static_cast<int>(path_.size()), winner, draw_value);
    ++playouts_;
}

int Mcts::select_child(const Node& parent) const {
    const double explore = config_.exploration * std::sqrt(static_cast<double>(parent.visits));
    int best = parent.first_child;
    double best_score = -1e300;
    for (int child = parent.first_child; child < parent.first_child + parent.num_children; ++child) {
        const Node& n = pool_[child];
        const double q = n.visits > 0 ? n.value_sum / n.visits : 0.0;
        const double score = q + explore * n.prior / (1 + n.visits);
        if (score > best_score) {
            best_score = score;
            best = child;
        }
    }
    return best;
}

void Mcts::expand(int node, const State& state) {
    policy_->propose(state, proposals_);
    if (proposals_.empty()) return;
    if (static_cast<int64_t>(pool_.size() + proposals_.size()) > config_.max_nodes) return;
    const int first = static_cast<int>(pool_.size());
    for (const Proposal& proposal : proposals_) {
        Node child;
        child.cell = static_cast<int16_t>(proposal.cell);
        child.prior = proposal.prior;
        pool_.push_back(child);
    }
    // pool_ may have moved: index, don't keep references across push_back.
    pool_[node].first_child = first;
    pool_[node].num_children = static_cast<int16_t>(proposals_.size());
}

void Mcts::backpropagate(int path_length, Stone winner, double black_draw_value) {
    // The root's move was made before the search; its children's moves by the side to move at the
    // root, their children's by the other side, and so on.
    Stone mover = root_state_.to_move();
    const double contempt = root_state_.to_move() == Stone::Black ? config_.draw_contempt : -config_.draw_contempt;
    const double black_draw = black_draw_value - contempt;
    ++pool_[0].visits;
    for (int i = 1; i < path_length; ++i) {
        Node& n = pool_[path_[i]];
        ++n.visits;
        if (winner == Stone::Empty)
            n.value_sum += mover == Stone::Black ? black_draw : -black_draw;
        else
            n.value_sum += winner == mover ? 1 : -1;
        mover = opponent(mover);
    }
}

int Mcts::most_visited_child(const Node& parent) const {
    int best = parent.first_child;
    for (int child = parent.first_child; child < parent.first_child + parent.num_children; ++child) {
        const Node& n = pool_[child];
        const Node& b = pool_[best];
        // Ties (as before any playout) go to the higher prior, then to the first proposed.
        if (n.visits > b.visits || (n.visits == b.visits && n.prior > b.prior)) best = child;
    }
    return best;
}

int Mcts::best_action() const {
    if (!searching_) throw std::logic_error("best_action() before begin()");
    return root_state_.to_action(pool_[most_visited_child(pool_[0])].cell);
}

SearchReport Mcts::result() const {
    SearchReport report;
    if (!searching_) return report;
    const Node& root = pool_[0];
    for (int child = root.first_child; child < root.first_child + root.num_children; ++child) {
        const Node& n = pool_[child];
        report.candidates.push_back({root_state_.to_action(n.cell), n.visits,
                                     n.visits > 0 ? n.value_sum / n.visits : 0.0, n.prior});
    }
    std::stable_sort(report.candidates.begin(), report.candidates.end(),
                     [](const CandidateStats& a, const CandidateStats& b) { return a.visits > b.visits; });
    int node = 0;
    while (pool_[node].num_children > 0 && static_cast<int>(report.principal_line.size()) < kMaxPrincipalLine) {
        node = most_visited_child(pool_[node]);
        if (pool_[node].visits == 0) break;
        report.principal_line.push_back(root_state_.to_action(pool_[node].cell));
    }
    report.playouts = playouts_;
    report.ms = elapsed_ms_;
    report.nodes = static_cast<int64_t>(pool_.size());
    return report;
}

}  // namespace gridlab::gomoku
