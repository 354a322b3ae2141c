// Monte Carlo tree search for Gomoku, as an anytime search the web app can run a few milliseconds
// per frame.
//
// Each playout does the four classic steps (see Mcts::playout):
//   1. selection: from the root, repeatedly pick the child with the best score
//          Q + c * P * sqrt(N) / (1 + n)
//      where Q is the child's mean result for the player who moves into it, n its visits, N its
//      parent's visits and P its prior (a uniform 1/k, or the policy's guess of a good move);
//   2. expansion: a leaf that has been visited enough gets one child per move the policy proposes;
//   3. simulation: the policy plays the game out from the leaf (a "rollout");
//   4. backpropagation: every node on the path counts the visit and the result, +1 for the player who
//      made its move if they won, -1 if they lost, and for a draw 0 or what the policy makes of it
//      (less the draw contempt, for the side the search is for).
// The answer is the most visited move at the root. Before the loop starts, the root may be screened
// with the policy's exact tactics (Mcts::screen_step), inside the move's time budget, a threat search
// per step of think().
//
// The selection rule is AlphaZero_Gomoku's mcts_pure rule rather than UCB1's sqrt(ln N / n): it only
// needs + - * / and sqrt, which are bit-identical in native code and WebAssembly, while ln is not, so a
// seeded search makes the same choices on every platform.
//
// What makes one search weak or strong is its Policy: which moves it expands and how it plays
// rollouts (see pure_mcts.h and threat_mcts.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "gomoku/rules.h"
#include "gomoku/search.h"
#include "gomoku/threat_space.h"

namespace gridlab::gomoku {

// A move proposed for expansion: a padded cell and its prior probability.
struct Proposal {
    int cell;
    float prior;
};

class Policy {
public:
    virtual ~Policy() = default;
    // Fills `out` with the moves worth searching in the ongoing `state`, priors summing to about 1.
    virtual void propose(const State& state, std::vector<Proposal>& out) = 0;
    // Plays the ongoing `state` to the end; returns the winner (Empty for a draw).
    virtual Stone rollout(State& state, Rng& rng) = 0;
    // What a drawn rollout from the ongoing `leaf` is worth to black, -1..1 (white gets the
    // negation). 0 says a draw is a draw; a policy may tell drawn games apart by the leaf's promise.
    virtual double draw_value(const State& leaf) { return 0; }
    // Whether the root is screened with the threat-space search (threat_space.h), which is exact (a
    // proof, not a guess): see Mcts::screen_step. A policy that knows no tactics says false.
    virtual bool knows_tactics() const { return false; }
};

struct SearchConfig {
    double exploration = 5.0;   // c in the selection score
    int expand_after = 0;       // visits a leaf needs before it is expanded (0: at once, as mcts_pure)
    bool reuse_tree = false;    // keep the subtree of the moves played since the last search
    int64_t max_nodes = 2'000'000;  // node budget: past it, leaves stay leaves (24 bytes each)
    double draw_contempt = 0;   // a draw counts this much below even for the side to move at the root
    Budget budget;
};

class Mcts : public Search {
public:
    Mcts(std::unique_ptr<Policy> policy, const SearchConfig& config, uint64_t seed);

    // Starts a search from `state` (ongoing; throws std::invalid_argument otherwise).
    void begin(const State& state) override;
    // Searches for about `slice_ms` milliseconds, or less if the budget runs out first.
    void think(double slice_ms) override;
    bool finished() const override;
    SearchReport result() const override;
    int best_action() const override;  // the most visited root move

    const SearchConfig& config() const { return config_; }
    void set_budget(const Budget& budget) override;

private:
    struct Node {  // 24 bytes
        double value_sum = 0;      // sum of the results for the player who played `cell`
        int32_t first_child = -1;  // children are stored next to each other in the pool
        int32_t visits = 0;
        float prior = 0;
        int16_t num_children = 0;
        int16_t cell = -1;         // padded cell played to reach this node
    };

    void playout();
    int select_child(const Node& parent) const;
    void expand(int node, const State& state);
    bool screen_step();
    void keep_safest_root_moves(const std::vector<int>& safety);
    void make_root_child(int cell);
    void backpropagate(int path_length, Stone winner, double black_draw_value);
    bool try_reuse(const State& state);
    int most_visited_child(const Node& parent) const;

    std::unique_ptr<Policy> policy_;
    SearchConfig config_;
    Rng rng_;
    State root_state_;
    std::vector<Node> pool_;    // pool_[0] is the root
    std::vector<Node> spare_;   // where tree reuse copies the kept subtree
    std::vector<Proposal> proposals_;
    std::vector<int> path_;     // node indices of the current playout, root first
    bool searching_ = false;
    int64_t playouts_ = 0;
    double elapsed_ms_ = 0;
    double screen_ms_ = 0;
    // The root's screening in progress (screen_step): its threat searches so far.
    struct Screening {
        enum class Stage { OwnFours, OwnThrees, TheirThreat, Moves } stage = Stage::OwnFours;
        ThreatResult own, threat;
        std::optional<ThreatSearch> root_search;  // the root's own search under way (OwnThrees, TheirThreat)
        std::vector<int> safety;  // of the root's children screened so far, in order
    };
    std::optional<Screening> screening_;
    int64_t threat_nodes_ = 0;
    std::vector<int> win_line_, threat_line_;
};

}  // namespace gridlab::gomoku
