"""Gomoku games, for your own search (seed 003) and gridlab's AIs (gridlab.make_ai("gomoku", ...)).

    state = gridlab.gomoku.State(size=8, win=5)
    state.apply(state.legal_actions()[0])
    state.terminal, state.winner, state.to_move       # -1 black, 1 white, 0 none
    copy = state.copy()
"""

from ._core import GomokuState as State

__all__ = ["State"]
