"""Puyo games, for your own AI (seed 002) and gridlab's (gridlab.make_ai("puyo", ...)).

    state = gridlab.puyo.State(seed=1, rules="tutorial")
    for after in state.afterstates():        # every legal placement played out
        after["action"], after["score"], after["field"]
    state.apply(action)
"""

from ._core import PuyoState as State

__all__ = ["State"]
