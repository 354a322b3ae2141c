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
// Of a time budget, the root screening may take this share; what it leaves is the tree search's.
constexpr double kScreenShare = 0.4;
// Of that share, the search for the side to move's own forced win may take this much.
constexpr double kOwnWinShare = 0.5;
// The threat searches' node budgets: fours only (for the root and each of its moves), and fours and
// threes for the root (either side) and for each root move when the opponent threatens.
constexpr ThreatLimits kVcfScreenLimits{false, 10, 2000, 0};
constexpr ThreatLimits kVctRootLimits{true, 8, 20000, 0};
constexpr ThreatLimits kVctMoveLimits{true, 8, 1000, 0};
// A root threat search goes on for at most this many positions per screening step (~1 ms natively).
constexpr int64_t kThreatNodesPerStep = 1024;
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
    // The root's screening is done by think(), a threat search at a time.
    win_line_.clear();
    threat_line_.clear();
    threat_nodes_ = 0;
    screen_ms_ = 0;
    screening_ = Screening{};
}

// Sampling finds a long forced line late or not at all, and one missed defence loses the game, so
// the root trusts the policy's exact tactics:
//   - if the side to move wins by force (fours, then threes), only the winning move is kept;
//   - else, if the opponent would win by force were it to move now, only the moves after which it no
//     longer does are kept (VCF and VCT);
//   - else the moves after which the opponent wins with fours are dropped.
// If that drops them all, the moves that only lose to threes are kept, else all of them (the search
// picks the longest resistance). Moves that are not legal (forbidden points under renju) are always
// dropped. With a time budget, all of it takes at most kScreenShare of it; moves left unscreened when
// the share runs out are kept. Kept children move to the front of the root's block of children; the
// dropped ones stay in the pool, unreachable.
//
// One step is one threat search of a root move, or a part of one of the root's own (at most
// kThreatNodesPerStep positions of their 20,000), so that think() can stop between them: a position
// where the opponent threatens takes ~55 searches, up to ~150 ms natively (~260 ms in WebAssembly)
// in all, far more than a slice. Returns false once the screening is done.
bool Mcts::screen_step() {
    Screening& screening = *screening_;
    const Stopwatch watch;
    const double share_ms = config_.budget.ms * kScreenShare;  // 0 without a time budget: node budgets only
    const auto used_ms = [&] { return screen_ms_ + watch.elapsed_ms(); };
    auto time_left = [&](double share) { return share_ms <= 0 ? 0.0 : std::max(1e-3, share_ms * share - used_ms()); };
    auto out_of_time = [&] { return share_ms > 0 && used_ms() >= share_ms; };
    auto search = [&](const State& state, Stone attacker, ThreatLimits limits, double max_ms) {
        if (!policy_->knows_tactics()) return ThreatResult{};
        limits.max_ms = max_ms;
        const ThreatResult found = find_threat_win(state, attacker, limits);
        threat_nodes_ += found.nodes;
        return found;
    };
    // One part of a root search (VCT), started unless the time is up: true once it ended, its result
    // then in `found` (unchanged if it never started).
    auto search_part = [&](Stone attacker, double share, ThreatResult& found) {
        std::optional<ThreatSearch>& root_search = screening.root_search;
        if (!root_search) {
            if (!policy_->knows_tactics() || out_of_time()) return true;
            ThreatLimits limits = kVctRootLimits;
            limits.max_ms = time_left(share);
            root_search.emplace(root_state_, attacker, limits);
        }
        if (!root_search->step(kThreatNodesPerStep)) return false;
        found = root_search->result();
        threat_nodes_ += found.nodes;
        root_search.reset();
        return true;
    };
    const Stone me = root_state_.to_move(), them = opponent(me);
    ThreatResult& own = screening.own;
    const ThreatResult& threat = screening.threat;
    // How safe a root move is: 0 not legal, 1 the opponent then wins with fours, 2 with threes, 3 safe
    // (or not screened).
    auto safety_of = [&](int cell) {
        const int action = root_state_.to_action(cell);
        if (!root_state_.is_legal(action)) return 0;
        if (own.win) return action == own.line.front() ? 3 : 1;
        if (out_of_time()) return 3;
        State after = root_state_;
        after.play(cell);
        if (after.is_terminal()) return 3;
        if (search(after, them, kVcfScreenLimits, time_left(1)).win) return 1;
        if (threat.win && !out_of_time() && search(after, them, kVctMoveLimits, time_left(1)).win) return 2;
        return 3;
    };
    switch (screening.stage) {
        case Screening::Stage::OwnFours:
            own = search(root_state_, me, kVcfScreenLimits, time_left(kOwnWinShare));
            screening.stage = Screening::Stage::OwnThrees;
            break;
        case Screening::Stage::OwnThrees:
            if (!own.win && !search_part(me, kOwnWinShare, own)) break;
            screening.stage = Screening::Stage::TheirThreat;
            break;
        case Screening::Stage::TheirThreat:
            if (!own.win && !search_part(them, 1, screening.threat)) break;
            if (own.win) {
                win_line_ = own.line;
                make_root_child(root_state_.to_padded(own.line.front()));
            }
            if (threat.win) threat_line_ = threat.line;
            screening.stage = Screening::Stage::Moves;
            break;
        case Screening::Stage::Moves: {
            const Node& root = pool_[0];
            const std::size_t next = screening.safety.size();
            if (next < static_cast<std::size_t>(root.num_children)) {
                screening.safety.push_back(safety_of(pool_[root.first_child + static_cast<int>(next)].cell));
                break;
            }
            keep_safest_root_moves(screening.safety);
            screening_.reset();
            break;
        }
    }
    const double step_ms = watch.elapsed_ms();
    screen_ms_ += step_ms;
    elapsed_ms_ += step_ms;  // the screening is part of the move's thinking: it counts against the budget
    return screening_.has_value();
}

// The moves of the best safety move to the front of the root's children, and only they stay reachable.
void Mcts::keep_safest_root_moves(const std::vector<int>& safety) {
    if (safety.empty()) return;  // a root the policy proposed no move for
    Node& root = pool_[0];
    const int best = *std::max_element(safety.begin(), safety.end());
    std::vector<Node> kept, dropped;
    for (int i = 0; i < root.num_children; ++i)
        (safety[static_cast<std::size_t>(i)] == best ? kept : dropped).push_back(pool_[root.first_child + i]);
    std::copy(kept.begin(), kept.end(), pool_.begin() + root.first_child);
    std::copy(dropped.begin(), dropped.end(), pool_.begin() + root.first_child + static_cast<int>(kept.size()));
    root.num_children = static_cast<int16_t>(kept.size());
}

// Makes sure the root has a child for `cell`: the policy's expansion may not have proposed a forced
// win's first move (a quiet-looking three, say). Then it takes the place of the first child, whose
// subtree is dropped.
void Mcts::make_root_child(int cell) {
    const Node& root = pool_[0];
    if (root.num_children == 0) return;
    for (int child = root.first_child; child < root.first_child + root.num_children; ++child)
        if (pool_[child].cell == cell) return;
    Node replacement;
    replacement.cell = static_cast<int16_t>(cell);
    replacement.prior = 1;
    pool_[root.first_child] = replacement;
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
    while (screening_ && screen_step())
        if (watch.elapsed_ms() >= slice_ms) return;
    slice_ms -= watch.elapsed_ms();
    watch.restart();
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
    if (screening_) return false;
    // A tactical rule (win now, block a four) left only one move: nothing to think about.
    if (pool_[0].num_children == 1 && playouts_ > 0) return true;
    if (config_.budget.playouts > 0 && playouts_ >= config_.budget.playouts) return true;
    return config_.budget.ms > 0 && elapsed_ms_ >= config_.budget.ms;
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
    report.win_line = win_line_;
    report.threat_line = threat_line_;
    report.playouts = playouts_;
    report.ms = elapsed_ms_;
    report.screen_ms = screen_ms_;
    report.threat_nodes = threat_nodes_;
    report.nodes = static_cast<int64_t>(pool_.size());
    return report;
}

}  // namespace gridlab::gomoku
