"""gridlab: Minesweeper, Puyo Puyo and Gomoku engines, environments and AIs, at C++ speed.

    import gridlab
    env = gridlab.make("Minesweeper-v0", level="beginner")      # Gymnasium's API
    obs, info = env.reset(seed=1)
    solver = gridlab.make_ai("minesweeper", "probability")
    obs, reward, terminated, truncated, info = env.step(solver.act(env))

make / make_vec: environments (gridlab.envs, gridlab.vector); make_ai: any gridlab AI (gridlab.ai);
load_model: model files and a network's forward pass; gridlab.minesweeper, gridlab.puyo and
gridlab.gomoku: each game's positions and states, for your own search or agent; gridlab.distributed:
evaluation and self-play over a Dask cluster.
"""

from . import gomoku, minesweeper, puyo, spaces
from ._core import ModelError, ParseError, RefusedStep
from .ai import Ai, make_ai
from .envs import GomokuEnv, MinesweeperEnv, PuyoEnv, make
from .models import Model, load_model
from .vector import VecEnv, make_vec

__all__ = [
    "Ai", "GomokuEnv", "MinesweeperEnv", "Model", "ModelError", "ParseError", "PuyoEnv", "RefusedStep", "VecEnv",
    "gomoku", "load_model", "make", "make_ai", "make_vec", "minesweeper", "puyo", "spaces",
]
