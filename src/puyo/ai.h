// The AIs' common interface, and the two simple ones: `random` and `greedy`.
//
// Every AI is anytime (core/anytime.h) so the web app never freezes; its result() is a Plan: the
// placement to play now and what the AI intends, for the UI to show.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/anytime.h"
#include "core/rng.h"
#include "puyo/rules.h"

namespace gridlab::puyo {

struct Plan {
    Placement placement;          // what to play now
    std::vector<Placement> path;  // the planned placements for the current pair and the previews
    bool firing = false;          // the path sets off a chain on purpose
    int expected_chain = 0;       // the chain being fired, or the chain being built
    int64_t expected_score = 0;   // what that chain would score
    int trigger_column = -1;      // built chain: where a few added puyos would set it off (-1: none)
    Puyo trigger_color = Puyo::None;
    int64_t nodes = 0;            // positions evaluated so far
};

class Ai : public AnytimeAi<State, Plan> {
public:
    virtual std::string name() const = 0;
};

// Plays a uniformly random legal placement: the baseline every other AI must beat.
class RandomAi : public Ai {
public:
    explicit RandomAi(uint64_t seed) : rng_(seed) {}
    std::string name() const override { return "random"; }
    void begin(const State& state) override;
    void think(double) override {}
    bool finished() const override { return true; }
    Plan result() const override { return plan_; }

private:
    Rng rng_;
    Plan plan_;
};

// The seed-level baseline: the placement with the best immediate score; among equals, the one that
// leaves the lowest stack (so it survives), then the first in action order.
class GreedyAi : public Ai {
public:
    std::string name() const override { return "greedy"; }
    void begin(const State& state) override;
    void think(double) override {}
    bool finished() const override { return true; }
    Plan result() const override { return plan_; }

private:
    Plan plan_;
};

struct BeamOptions;
// "random", "greedy" or "beam"; throws std::invalid_argument for another name. `seed` drives the
// random AI and the beam's sampled future pairs.
std::unique_ptr<Ai> make_ai(const std::string& name, uint64_t seed, const BeamOptions& beam_options);

}  // namespace gridlab::puyo
