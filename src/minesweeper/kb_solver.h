// Seed 001's knowledge-base agent. Every open number becomes a sentence "these hidden neighbours
// hold this many mines"; a sentence with count 0 makes its cells safe, one with as many mines as
// cells makes them mines; known cells are removed from every sentence; and when one sentence's
// cells are a subset of another's, their difference is a new sentence:
//     {A,B,C,D,E} = 2 and {A,B,C} = 1 give {D,E} = 1.
// All of this repeats until nothing new is learnt. The agent plays a known safe cell, else a random
// unknown cell. It ignores the total mine count, as in the seed.
#pragma once

#include "minesweeper/solver.h"

namespace gridlab::minesweeper {

struct KnowledgeBase {
    std::vector<Sentence> sentences;
    std::vector<int> safe;   // known safe hidden cells, ascending
    std::vector<int> mines;  // known mines among hidden unflagged cells, ascending
};

// Adds one sentence per open number (row by row) and infers to a fixed point.
KnowledgeBase infer(const Position& position);

// The inference loop alone, from any starting sentences: marks what single sentences prove and
// adds subset differences until nothing changes. Returns the known safe and mine cells in `kb`.
void infer_to_fixed_point(KnowledgeBase& kb);

class KbSolver : public InstantSolver {
public:
    explicit KbSolver(Rng rng = Rng(0)) : rng_(rng) {}
    std::string_view name() const override { return "kb"; }

protected:
    Decision decide_now(const Position& position) override;

private:
    Rng rng_;
};

}  // namespace gridlab::minesweeper
