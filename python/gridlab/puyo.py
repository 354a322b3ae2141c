"""Puyo games, for your own AI (seed 002) and gridlab's (gridlab.make_ai("puyo", ...)).

    state = gridlab.puyo.State(seed=1, rules="tutorial")
    for after in state.afterstates():        # every legal placement played out
        after["action"], after["score"], after["field"]
    state.apply(action)

Seed 002's lesson: you write how good a field is, gridlab tries every placement and plays:

    def evaluate(field):                     # rows top first, 6 numbers each (0 empty, 1-5 colours)
        return -max_height(field)
    gridlab.puyo.play(evaluate, games=20, pairs=50)   # {"mean_score": ..., "mean_max_chain": ...}
"""

from __future__ import annotations

import math
import numbers

from . import _core
from ._core import PuyoState as State
from ._core import stream_seed

__all__ = ["State", "choose", "play"]


def _rows(field) -> list:
    """A field as seed 002 prints it: a list of rows, top row first, each a list of 6 ints."""
    return field.tolist() if hasattr(field, "tolist") else [list(row) for row in field]


def choose(state: State, evaluate) -> int:
    """The placement of the pair in hand with the best points scored + evaluate(field after it)
    (its chains resolved); a placement that ends the game only when all do."""
    best_action, best_value = None, -math.inf
    for after in state.afterstates():
        if after["game_over"]:
            value = -math.inf
        else:
            value = evaluate(_rows(after["field"]))
            if not isinstance(value, numbers.Real) or isinstance(value, bool):
                raise TypeError(f"evaluate(field) must return a number, got {type(value).__name__}")
            value = after["score"] + float(value)
        if best_action is None or value > best_value:
            best_action, best_value = after["action"], value
    return best_action


def play(agent, games: int = 20, pairs: int = 50, seed: int = 1, rules: str = "tutorial", colors: int = 4,
         on_move=None) -> dict:
    """Plays `games` seeded games of `pairs` pairs (game i is `gridlab puyo eval`'s game i of the same
    seed) with `agent`: your evaluate(field) function, or a gridlab AI spec ("greedy", "beam").
    on_move, if given, is called after every placement with {"game", "seed" (the game's), "action",
    "score", "chain", "max_chain"} (to watch the games). Returns games, mean_score, mean_max_chain and each
    game's score and max_chain."""
    if games < 1 or pairs < 1:
        raise ValueError("games and pairs must be positive")
    scores, chains = [], []
    for game in range(games):
        game_seed = stream_seed(seed, game)
        state = State(seed=game_seed, rules=rules, colors=colors, pairs=pairs)
        # A spec's AI is seeded as the command line seeds game i's AI.
        ai = _core.PuyoAi(agent, stream_seed(~seed & (2**64 - 1), game)) if isinstance(agent, str) else None
        while not state.terminal:
            action = ai.decide(state)["action"] if ai is not None else choose(state, agent)
            move = state.apply(action)
            if on_move is not None:
                on_move({"game": game, "seed": game_seed, "action": action, "score": state.score, "chain": move["chains"],
                         "max_chain": state.max_chain})
        scores.append(state.score)
        chains.append(state.max_chain)
    return {"games": games, "mean_score": sum(scores) / games, "mean_max_chain": sum(chains) / games,
            "scores": scores, "max_chains": chains}
