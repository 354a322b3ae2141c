"""gridlab in the page (the Code lesson): the games' lesson functions, over the engines' WebAssembly
build. The full package (environments, vector envs, models) needs numpy and runs on a desktop:
python/gridlab/__init__.py. A lesson's program runs unchanged in both."""

from . import gomoku, minesweeper, puyo
from ._core import ModelError, ParseError, RefusedStep

__all__ = ["ModelError", "ParseError", "RefusedStep", "gomoku", "minesweeper", "puyo"]
