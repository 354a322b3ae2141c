"""Seed 003's lesson in plain Python: Monte Carlo tree search for Gomoku, played against gridlab's AIs.

The tree search is the student's (UCT: select by the upper confidence bound, expand one move, play
the rest of the game at random, back the result up); gridlab supplies the rules (gridlab.gomoku.State)
and the opponent (gridlab.make_ai("gomoku", SPEC)). gridlab's `ab` (the default) and `mcts` know
threats and win every game against plain UCT, which is the next lesson: what they know that random
playouts do not; `--opponent pure-mcts:playouts=400`, the same plain UCT in C++, is an even match.

    .venv/bin/python python/examples/gomoku_mcts.py [--games 2] [--playouts 400] [--opponent ab:playouts=2000|mcts|pure-mcts:playouts=400]
"""

import argparse
import math
import random

import gridlab


class Node:
    def __init__(self, state, move=None, parent=None):
        self.state, self.move, self.parent = state, move, parent
        self.children, self.untried = [], state.legal_actions()
        self.visits, self.wins = 0, 0.0  # wins for the player who made `move`

    def best_child(self, c=1.4):
        return max(self.children, key=lambda n: n.wins / n.visits + c * math.sqrt(math.log(self.visits) / n.visits))


def rollout(state, rng):
    """Random moves to the end; the winner (-1 black, 1 white, 0 draw)."""
    state = state.copy()
    while not state.terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state.winner


def mcts_move(state, playouts, rng):
    root = Node(state.copy())
    for _ in range(playouts):
        node = root
        while not node.untried and node.children:  # select
            node = node.best_child()
        if node.untried:  # expand
            move = node.untried.pop(rng.randrange(len(node.untried)))
            child_state = node.state.copy()
            child_state.apply(move)
            node.children.append(Node(child_state, move, node))
            node = node.children[-1]
        winner = rollout(node.state, rng)  # simulate
        while node is not None:  # back up: a win for the side that moved into the node
            node.visits += 1
            if node.parent is not None:
                mover = node.parent.state.to_move
                node.wins += 1.0 if winner == mover else 0.5 if winner == 0 else 0.0
            node = node.parent
    return max(root.children, key=lambda n: n.visits).move


def play(games, playouts, opponent, size, win, seed):
    """Games with colours alternated; returns the Python MCTS's wins, draws and losses."""
    rng = random.Random(seed)
    ai = gridlab.make_ai("gomoku", opponent, seed=seed)
    results = {"wins": 0, "draws": 0, "losses": 0}
    for game in range(games):
        mcts_side = -1 if game % 2 == 0 else 1
        state = gridlab.gomoku.State(size=size, win=win)
        while not state.terminal:
            move = mcts_move(state, playouts, rng) if state.to_move == mcts_side else ai.act(state)
            state.apply(move)
        outcome = "draw" if state.winner == 0 else "win" if state.winner == mcts_side else "loss"
        results[{"draw": "draws", "win": "wins", "loss": "losses"}[outcome]] += 1
        print(f"game {game + 1}: Python MCTS as {'black' if mcts_side == -1 else 'white'}: {outcome} in {state.num_moves} moves")
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=400, help="the Python MCTS's playouts per move")
    parser.add_argument("--opponent", default="ab:playouts=2000", help="a gridlab Gomoku AI spec")
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--win", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(play(args.games, args.playouts, args.opponent, args.size, args.win, args.seed))


if __name__ == "__main__":
    main()
