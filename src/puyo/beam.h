// The `beam` AI: builds a big chain by beam search over sampled futures, and fires it when nothing
// better can be expected.
//
// How it thinks, in three ideas:
//  1. Chain forms. evaluate() judges a field that has not fired: the best chain a few added puyos
//     would set off (how long, how many puyos it needs, how high its trigger sits and how much room
//     beside it is left to extend it, how well what remains afterwards is connected, and in a nearly
//     full field how many points it scores), the shape of the stack (close to a gentle slope, no
//     wells, no bumps), how many same-coloured puyos touch, and in the opening how well the bottom
//     left matches the GTR form (see the README).
//  2. Beam search over futures. The current pair and the two previews are known; the pairs after
//     them are not, so the search plays them out on a few stand-in futures: by default the fixed
//     cycles of cycle_pair() (ama's idea: every colour comes back within two pairs, no pair repeats
//     a colour, and the set treats all colours alike) until the search sees the game's last pair,
//     then (or always, with Futures::Random) `samples` futures drawn from the AI's own seed (near the
//     end, with a half-full field, as many of the shorter futures as `samples` full ones cost). On
//     each future it tries every placement of every pair, keeps the `width` best distinct fields by
//     evaluate(), and goes `depth` pairs deep. A field that sets off a real chain is not searched
//     further: its score is credited to the first placement it descends from. A field still building
//     at the last pair searched, with pairs left in the game after it, is credited `held_percent` of
//     the chain it holds (it can still fire it later: without this the search would see only what
//     fires within its horizon, and fire too soon). A first placement is worth the best chain fired
//     (or held) below it, summed over the futures (its expected best chain); ties go to the one
//     whose fields evaluate best.
//  3. Firing follows from 2: placing the pair so that the chain goes off now is worth that chain;
//     building on is worth what the futures still promise within the pairs left. So the AI fires
//     when the chain in hand is worth more than it can expect to build, when building would die
//     (a dead future promises nothing more) and when the pair limit leaves no time to build more.
// The search runs one parent field at a time, so the web app can give it a few milliseconds a frame.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/time_budget.h"
#include "puyo/ai.h"

namespace gridlab::puyo {

// A chain that adding a few puyos of one colour on one column would set off.
struct Potential {
    int chains = 0;
    int64_t score = 0;
    int added = 0;  // puyos added (1 to 3)
    int column = -1;
    Puyo color = Puyo::None;
};
// The best such chain (most chains, then score, then fewest puyos), trying 1 to 3 puyos of each
// colour on each column the pair can reach.
Potential find_potential(const Field& field);

// The weights of evaluate(): ama's "build" values where a term matches, set by hand otherwise; a seeded
// `puyo tune` run (tuning.h) found none worth changing (src/puyo/README.md, "Tuning the weights").
struct EvalWeights {
    int chain = 1000;         // per chain of the best trigger's chain
    int chain_score = 40;     // per 1000 points that chain scores, once the field holds 60 puyos
    int trigger_height = 250; // per row of the trigger's column: a trigger high up leaves room below
    int key = -200;           // per puyo the trigger needs
    int room = 200;           // per free column beside the trigger where the chain can grow
    int link2 = 150;          // per pair of touching same-coloured puyos (not part of a three)
    int link3 = 250;          // per puyo touching two of its colour
    int shape = -100;         // per row away from the ideal slope
    int well = -100;          // per row of a column below both its neighbours
    int bump = -100;          // per row of a column above both its neighbours
    int form = 60;            // per puyo matching the GTR form in the opening
    int danger = -4000;       // per row the spawn column stands above 10 (Tsu; 9 in the tutorial's 12 rows)
    int tear = -250;          // per pair split over columns of different heights
    int waste = -250;         // per puyo popped by a small chain while building
};

// Every term of evaluate(), for tests and the README's worked example.
struct Evaluation {
    Potential trigger;  // the trigger whose chain scored best (its terms below)
    int trigger_height = 0;
    int room = 0;
    int remaining_link2 = 0, remaining_link3 = 0;  // connections left after that chain
    int link2 = 0, link3 = 0;
    int shape = 0, well = 0, bump = 0, form = 0, danger = 0;
    int64_t value = 0;
};
Evaluation evaluate(const Field& field, const EvalWeights& weights = {});

// The stand-in futures: the fixed cycles, or random pairs from the AI's seed.
enum class Futures { Cycles, Random };

// The cycles for `colors` colours: one per pair of two colours {a, b}, which comes first; the
// other colours follow in order, and the pairs are read off that order, round and round. With 4
// colours: RG BY RG BY..., RB GY RB GY..., and so on, 6 cycles.
int cycle_count(int colors);
Pair cycle_pair(int colors, int cycle, int index);

constexpr int kMaxSamples = 64;

struct BeamOptions {
    int width = 80;           // fields kept per pair
    int depth = 12;           // pairs searched: the current one, the 2 previews, then sampled ones
    Futures futures = Futures::Cycles;  // cycles: every one of cycle_count(colors) futures, until the search sees the last pair
    int samples = 4;          // random futures after the previews (near the end more, for the same work)
    double max_ms = 0;        // stop a decision after this long (0: no limit; not reproducible)
    int64_t max_nodes = 0;    // stop a decision after this many positions (0: no limit; reproducible)
    int64_t fire_score = 0;   // fire any known chain worth this much at once (0: as the search says)
    int held_percent = 60;    // a line that ends unfired with pairs left is credited this % of the chain it holds
    int64_t goal_score = 100'000;  // a chain worth this much counts half of it more (0: no goal); see beam.cpp
    EvalWeights weights;
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
        int64_t value = 0;   // evaluate(field) plus the costs of the placements on the way
        int64_t action = 0;  // those costs: tears and wasted puyos
        Moves moves{};
        Potential potential;
    };
    // What one first placement has earned.
    struct Candidate {
        int64_t fired_total = 0;  // summed over finished futures: the best chain fired below it
        int64_t fired = 0;        // the same in the future being searched
        int64_t leaf_total = 0;   // summed over futures: the value of its best field at the end
        int64_t leaf = 0;
        bool has_leaf = false;
        Moves best_line{{-1, -1, -1}};  // the known-pair placements of its best chain, or of its best field
        int64_t best_line_fired = -1;
        int64_t best_line_value = 0;
        int immediate_chains = 0;  // the chain this placement sets off by itself
        int64_t immediate_score = 0;
        Potential potential;       // the chain its field holds, for the plan
    };

    void expand(const Node& parent);
    void finish_layer();
    void finish_sample();
    void sample_future(int sample);
    int64_t goal_value(int64_t chain_score) const;  // what a fired chain is worth to the search
    void credit(const Node& node, int64_t fired);
    bool sees_the_end() const;   // the search reaches the game's last pair
    bool plays_cycles() const;   // the futures are the cycles (else random)
    int future_count() const;    // the futures searched in this decision
    bool out_of_budget() const;
    int chosen_move() const;

    BeamOptions options_;
    uint64_t seed_;
    std::vector<Pair> pairs_;  // one per depth: the known pairs, then the current sample's
    int horizon_ = 0;          // pairs searched (fewer than depth when the game ends sooner)
    int pairs_placed_ = 0;
    int colors_ = 4;
    bool chain_at_stake_ = false;  // the field is half full or more: its chain can still be lost
    int pairs_left_ = -1;
    std::vector<Node> layer_;
    std::vector<Node> children_;
    std::vector<std::pair<int64_t, int>> order_;  // (value, index) of the children, to sort
    std::vector<uint64_t> seen_;  // field hashes kept in the layer being chosen
    size_t next_parent_ = 0;
    int depth_ = 0;               // index of the pair the current expansion places
    // The known pairs are the same in every future: their layers are searched once and kept.
    std::vector<Node> known_layer_;
    std::array<int64_t, kPlacementCount> known_fired_{};
    bool known_done_ = false;
    int samples_done_ = 0;
    std::array<Candidate, kPlacementCount> candidates_{};
    uint32_t legal_ = 0;
    Placement fallback_;
    int64_t nodes_ = 0;
    Stopwatch watch_;
    bool finished_ = true;
};

}  // namespace gridlab::puyo
