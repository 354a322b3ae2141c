"""Gomoku games, for your own search (seed 003) and gridlab's AIs (gridlab.make_ai("gomoku", ...)).

    state = gridlab.gomoku.State(size=8, win=5)
    state.apply(state.legal_actions()[0])
    state.terminal, state.winner, state.to_move       # -1 black, 1 white, 0 none
    copy = state.copy()

Seed 003's lesson: you write how good a board is, gridlab's tree search plays with it:

    def evaluate(board, player):             # rows of -1 black, 1 white, 0 empty; player -1 or 1
        return 0.0                           # -1 (player is losing) .. 1 (player is winning)
    gridlab.gomoku.play(evaluate, games=4, opponent="pure-mcts:playouts=1000")   # {"wins": ..., ...}
"""

from __future__ import annotations

import numbers

from . import _core
from ._core import GomokuState as State
from ._core import stream_seed

__all__ = ["State", "play"]

BLACK, WHITE = -1, 1


def _black_value(evaluate):
    """The search's leaf value from a student's evaluate(board, player): black's view, checked."""
    def value(board) -> float:
        result = evaluate(board, BLACK)
        if not isinstance(result, numbers.Real) or isinstance(result, bool):
            raise TypeError(f"evaluate(board, player) must return a number, got {type(result).__name__}")
        return float(result)

    return value


def play(agent, games: int = 4, opponent: str = "pure-mcts:playouts=1000", playouts: int = 200, size: int = 8,
         win: int = 5, rule: str = "freestyle", seed: int = 1, on_move=None) -> dict:
    """Plays `games` games of `agent` against the gridlab AI `opponent` (a spec: "pure-mcts", "mcts",
    "ab", with playouts=N), colours alternating (black in even games). `agent` is your
    evaluate(board, player) -> -1..1 (how good the board is for player; values outside are
    clamped), with which gridlab's tree search chooses each move after `playouts` positions, or
    another gridlab AI spec. Seeded: the same arguments play the same games.
    on_move, if given, is called after every move with {"game", "action", "you"}.
    Returns games, wins, draws, losses, win_rate and each game's colour, result and moves."""
    if games < 1:
        raise ValueError("games must be positive")
    totals = {"wins": 0, "draws": 0, "losses": 0}
    per_game = []
    for index in range(games):
        you = BLACK if index % 2 == 0 else WHITE
        agent_seed = stream_seed(seed, index)
        opponent_ai = _core.GomokuAi(opponent, stream_seed(~seed & (2**64 - 1), index))
        if isinstance(agent, str):
            agent_ai = _core.GomokuAi(agent, agent_seed)
            agent_move = lambda state: agent_ai.decide(state)["action"]  # noqa: E731
        else:
            search = _core.GomokuValueSearch(_black_value(agent), playouts, agent_seed)
            agent_move = search.move
        state = State(size=size, win=win, rule=rule)
        while not state.terminal:
            move = agent_move(state) if state.to_move == you else opponent_ai.decide(state)["action"]
            state.apply(move)
            if on_move is not None:
                on_move({"game": index, "action": move, "you": you})
        result = "draw" if state.winner == 0 else "win" if state.winner == you else "loss"
        totals[{"win": "wins", "draw": "draws", "loss": "losses"}[result]] += 1
        per_game.append({"you": "black" if you == BLACK else "white", "result": result, "moves": state.num_moves})
    return {"games": games, **totals, "win_rate": totals["wins"] / games, "per_game": per_game}
