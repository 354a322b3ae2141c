// Tree search whose leaves are valued by a function instead of played out: the Code lesson's Gomoku
// (seed 003), where a student writes evaluate(board, player) and gridlab's MCTS does the rest.
//
// The tree is Mcts's (mcts.h): selection by Q + c * P * sqrt(N) / (1 + n), one child per candidate
// move when a leaf is reached, results backed up to the root. Candidates are the empty cells within
// two lines of a stone (the centre on an empty board), all with the same prior. Where pure-mcts plays
// a random game to the end, this search asks the value function how good the leaf is for black
// (-1 lost .. 1 won) and backs that up; a leaf where the game is over scores itself (a win is 1).
#pragma once

#include <functional>
#include <memory>

#include "gomoku/mcts.h"

namespace gridlab::gomoku {

// How good an ongoing position is for black, -1..1 (values outside are clamped). It may throw: the
// search stops and the exception reaches whoever asked for the move.
using LeafValue = std::function<double(const State&)>;

class ValuePolicy : public Policy {
public:
    explicit ValuePolicy(LeafValue value) : value_(std::move(value)) {}
    void propose(const State& state, std::vector<Proposal>& out) override;
    Stone rollout(State& state, Rng& rng) override { return Stone::Empty; }  // the value stands for the result
    double draw_value(const State& leaf) override;

private:
    LeafValue value_;
};

constexpr double kValueMctsExploration = 5.0;  // pure-mcts's constant: the priors are uniform too

std::unique_ptr<Mcts> make_value_mcts(LeafValue value, const Budget& budget, uint64_t seed);

}  // namespace gridlab::gomoku
