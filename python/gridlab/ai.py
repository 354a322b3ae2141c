"""gridlab's AIs from Python: any game's AI from its spec, deciding on an environment's position.

    ai = gridlab.make_ai("gomoku", "ab:ms=200")     # or "mcts:playouts=20000", "az:model=FILE"
    decision = ai.decide(env)                        # a dict: the action and what the AI knows
    obs, reward, terminated, truncated, info = env.step(ai.act(env))

Specs, as the command line names them ("NAME[:key=value,...]"):
  Minesweeper: kb, elimination, probability, learned:model=FILE
  Puyo:        random, greedy, beam[:width=W,depth=D,ms=M,nodes=N], learned:model=FILE[,lookahead=1]
  Gomoku:      pure-mcts, mcts, ab, az:model=FILE, with playouts=N, ms=M (and nodes, c, depth)
"""

from __future__ import annotations

from . import _core
from .envs import GomokuEnv, GridlabEnv, MinesweeperEnv, PuyoEnv, env_class

_GAMES = {"minesweeper": MinesweeperEnv, "puyo": PuyoEnv, "gomoku": GomokuEnv}


class Ai:
    """An AI of one game. decide() returns a dict whose "action" is the env's action to take."""

    def __init__(self, game: str, engine, position_of):
        self.game = game
        self._engine = engine
        self._position_of = position_of

    @property
    def name(self) -> str:
        return self._engine.name

    def decide(self, position) -> dict:
        """The AI's decision for an environment of its game (the position it shows now) or for a
        position or state of the game (gridlab.minesweeper.Position, gridlab.puyo.State, ...)."""
        return self._engine.decide(self._position_of(position))

    def act(self, position) -> int:
        """Just the action of decide()."""
        return self.decide(position)["action"]

    def __repr__(self):
        return f"<gridlab {self.game} AI {self.name!r}>"


def _position_reader(game: str, env_type, position_type, reader):
    def position_of(position):
        if isinstance(position, GridlabEnv):
            if not isinstance(position, env_type):
                raise TypeError(f"a {game} AI decides on a {game} environment, not a {type(position).__name__}")
            return reader(position)
        if isinstance(position, position_type):
            return position
        raise TypeError(f"a {game} AI decides on a {game} environment or a {position_type.__name__}, "
                        f"not a {type(position).__name__}")

    return position_of


def make_ai(game: str, spec: str, seed: int = 1) -> Ai:
    """The AI of `spec` for `game` ("minesweeper", "puyo", "gomoku", or an environment id). The seed
    fixes its random choices: the same seed, the same decisions."""
    name = game.lower() if game.lower() in _GAMES else env_class(game).__name__[: -len("Env")].lower()
    if name == "minesweeper":
        return Ai(name, _core.MinesweeperSolver(spec, seed),
                  _position_reader(name, MinesweeperEnv, _core.MinesweeperPosition, _core.MinesweeperPosition.of_env))
    if name == "puyo":
        return Ai(name, _core.PuyoAi(spec, seed), _position_reader(name, PuyoEnv, _core.PuyoState, _core.PuyoState.of_env))
    return Ai(name, _core.GomokuAi(spec, seed), _position_reader(name, GomokuEnv, _core.GomokuState, _core.GomokuState.of_env))
