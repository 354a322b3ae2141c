"""Model files (the networks the Learn screen and `gridlab ... train` make): load, save, forward.

    model = gridlab.load_model("agent.model")          # gridlab.ModelError if it is not one
    model.game, model.settings, model.architecture
    scores = model.forward(batch)                      # numpy in, numpy out (a dict with heads)
"""

from __future__ import annotations

import os

from ._core import Model


def load_model(source, game: str = "") -> Model:
    """A model from a file path or from bytes; with `game` ("minesweeper", "puyo", "gomoku") a model
    of another game is refused. Raises gridlab.ModelError for anything that is not a sound model."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return Model.from_bytes(bytes(source), game)
    return Model.load(os.fspath(source), game)
