// The `beam` AI: builds a big chain by beam search, and fires it when it is big enough or must.
//
// How it thinks, in three ideas:
//  1. Chain potential. A field is worth the chain it could set off: find_potential() tries adding
//     one or two puyos of each colour on every column and lets the chain run. A field whose best
//     trigger sets off 10 chains is better than one whose best sets off 6, even if neither has fired.
//  2. Beam search. From the current field it tries every placement of the current pair, keeps the
//     `width` best resulting fields by evaluate(), tries every placement of the next pair on each of
//     them, and so on for `depth` pairs: the current pair, the two previews, then pairs it samples
//     (it cannot know them). The first placement of the best field at the end is the move.
//  3. Firing. A placement that sets off a chain during the known pairs is remembered as a "fire". The
//     AI fires the best one when the game is about to end (the pair limit is within the known pairs),
//     when the field is dangerously full, when it is worth what the search still expects to build
//     (a promise trusted less as the field fills up), or when it scores at least `fire_score`.
// The search runs one parent field at a time, so the web app can give it a few milliseconds a frame.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/time_budget.h"
#include "puyo/ai.h"

namespace gridlab::puyo {

// The best chain that adding a few puyos of one colour on one column would set off.
struct Potential {
    int chains = 0;
    int64_t score = 0;
    int added = 0;  // puyos added (1 or 2)
    int column = -1;
    Puyo color = Puyo::None;
};
Potential find_potential(const Field& field);

// The beam's judgement of a field it has not fired: chain potential first, then shape and danger.
int64_t evaluate(const Field& field, Potential* potential);

struct BeamOptions {
    int width = 40;           // fields kept per pair
    int depth = 10;           // pairs searched: the current one, the 2 previews, then sampled ones
    int samples = 1;          // futures sampled for the pairs after the previews; moves are voted on
    double max_ms = 0;        // stop a decision after this long (0: no limit; not reproducible)
    int64_t max_nodes = 0;    // stop a decision after this many positions (0: no limit; reproducible)
    int64_t fire_score = 0;   // fire any known chain worth this much (0: only at the end or in danger)
};

class BeamAi : public Ai {
public:
    BeamAi(const BeamOptions& options, uint64_t seed);  // throws std::invalid_argument for bad options
    std::string name() const override { return "beam"; }
    void begin(const State& state) override;
    void think(double budget_ms) override;
    bool finished() const override { return finished_; }
    Plan result() const override;

private:
    static constexpr int kKnownPairs = 1 + kPreviewCount;
    using Moves = std::array<int8_t, kKnownPairs>;  // actions for the known pairs, -1 when not yet

    struct Node {
        Field field;
        int64_t value = 0;   // evaluate(field) minus the puyos wasted on the way
        int64_t wasted = 0;  // puyos popped by small chains while building
        Moves moves{};
        Potential potential;
    };
    struct Fire {
        int64_t score = 0;
        int chains = 0;
        int depth = 0;
        Moves moves{};
    };

    void expand(const Node& parent);
    void finish_layer();
    void finish_sample();
    void sample_future(int sample);
    const Node* chosen_leaf() const;
    bool out_of_budget() const;

    BeamOptions options_;
    uint64_t seed_;
    std::vector<Pair> pairs_;  // one per depth: the known pairs, then the current sample's
    int horizon_ = 0;          // pairs searched (fewer than depth when the game ends sooner)
    int pairs_placed_ = 0;
    int colors_ = 4;
    int pairs_left_ = -1;
    bool danger_ = false;
    int root_count_ = 0;         // puyos on the field when the decision started
    std::vector<Node> layer_;
    std::vector<Node> children_;
    std::vector<uint64_t> seen_;  // field hashes kept in the layer being chosen
    size_t next_parent_ = 0;
    int depth_ = 0;               // index of the pair the current expansion places
    bool have_leaf_ = false;
    Node best_leaf_;              // the best field of the deepest finished layer
    // After the known pairs every sample restarts from the same layer with other sampled pairs; each
    // sample adds, per first move, the value of its best final field (or of its worst field when that
    // move did not survive): the move with the best total is the most robust to the unknown future.
    std::vector<Node> known_layer_;
    int samples_done_ = 0;
    std::array<int64_t, kPlacementCount> votes_{};
    std::array<Node, kPlacementCount> best_by_move_{};
    uint32_t voted_moves_ = 0;
    Fire best_fire_;
    Placement fallback_;
    int64_t nodes_ = 0;
    Stopwatch watch_;
    bool finished_ = true;
};

}  // namespace gridlab::puyo
