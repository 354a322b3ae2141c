"""gridlab's environments with Gymnasium's API: Minesweeper-v0, Puyo-v0 and Gomoku-v0.

    env = gridlab.make("Minesweeper-v0", level="beginner")
    obs, info = env.reset(seed=42)
    obs, reward, terminated, truncated, info = env.step(action)

The rules, rewards and observations are the C++ engines' (core/env.h), the same the command line and
the web app play: the same seed gives the same episode. With Gymnasium installed, the environments
are ``gymnasium.Env``\\ s with Gymnasium's spaces and are registered as ``gridlab/<id>``.
"""

from __future__ import annotations

import secrets

import numpy as np

from . import _core

try:
    import gymnasium
    from gymnasium import spaces
except ImportError:  # Gymnasium is not in Debian; gridlab's own spaces follow its semantics
    gymnasium = None
    from . import spaces


def fresh_seed() -> int:
    """A seed from the operating system, for a reset without one."""
    return secrets.randbits(64)


def check_seed(seed):
    """A reset's seed: None, or a whole number in 0..2**64 - 1 (the engines' seeds)."""
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"a seed must be an integer, got {type(seed).__name__}")
    if not 0 <= int(seed) < 2**64:
        raise ValueError(f"a seed must be a whole number in 0..{2**64 - 1}, got {seed}")


def _box(array) -> spaces.Box:
    return spaces.Box(low=int(array["low"]), high=int(array["high"]), shape=tuple(array["shape"]), dtype=np.int8)


def observation_space(spec) -> spaces.Space:
    """The observation space of an EnvSpec: a Box, or a Dict of Boxes (Puyo)."""
    observation = spec.observation
    if "shape" in observation:
        return _box(observation)
    return spaces.Dict({key: _box(array) for key, array in observation.items()})


class ContextManaged:
    """close(), and `with` closing: what Gymnasium's environments and vectors have."""

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


class _LocalEnvBase(ContextManaged):
    """What gymnasium.Env gives an environment, for when Gymnasium is not installed."""

    metadata: dict = {}
    render_mode = None
    spec = None
    _np_random = None
    _np_random_seed = None

    @property
    def np_random(self) -> np.random.Generator:
        """A numpy generator for the caller's own randomness, seeded by the last reset's seed (made
        when first asked for: most resets never need one)."""
        if self._np_random is None:
            self._np_random = np.random.default_rng(self._np_random_seed)
        return self._np_random

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._np_random, self._np_random_seed = None, seed

    @property
    def unwrapped(self):
        return self

    def __str__(self):
        return f"<{type(self).__name__} instance>"


_EnvBase = gymnasium.Env if gymnasium is not None else _LocalEnvBase


class GridlabEnv(_EnvBase):
    """The Gymnasium face every game's environment shares; the subclasses only name their options."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}
    _seeded = False  # a reset without a seed then goes on with the last seed's stream

    def __init__(self, env_spec, render_mode: str | None = "ansi"):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        self._core = _core.Env(env_spec)
        # The calls of every step go straight to C++ (the methods below say what they do).
        self.step = self._core.step
        self.action_masks = self._core.action_masks
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(env_spec.action_count)
        self.observation_space = observation_space(env_spec)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new episode -> (obs, info). A seed gives that seed's episode; without one, the next
        episode of the stream the last seed started (a fresh seed from the system the first time)."""
        if options:
            raise ValueError(f"{type(self).__name__} takes no reset options, got {sorted(options)}")
        if seed is not None:
            check_seed(seed)
            super().reset(seed=seed)
            self._seeded = True
        elif not self._seeded:
            seed = fresh_seed()
            self._seeded = True
        return self._core.reset(seed)

    def step(self, action):
        """-> (obs, reward, terminated, truncated, info). An action the mask forbids raises
        gridlab.RefusedStep and changes nothing."""
        return self._core.step(action)

    def action_masks(self) -> np.ndarray:
        """A bool per action, True where step() accepts it (the name sb3-contrib's MaskablePPO calls)."""
        return self._core.action_masks()

    def render(self):
        """The board as text (render_mode 'ansi'), or None with render_mode None."""
        if self.render_mode is None:
            return None
        return self._core.render()

    @property
    def episode_seed(self) -> int | None:
        """The seed of the episode being played (the command line's --seed for it)."""
        return self._core.episode_seed


class MinesweeperEnv(GridlabEnv):
    """Minesweeper (seeds 000 and 004). An action is row * cols + col and reveals that cell.

    level: "beginner" (9x9, 10 mines), "intermediate" (16x16, 40) or "expert" (16x30, 99), or give
    rows, cols and mines. first_click: "safe" (the first cell opened is never a mine), "zero" (it
    opens a zero), "none", or "random-start" (seed 000: a random safe cell is opened at reset).
    rewards: "seed-000" (-10 a mine, +1 a cell, +10 the win) or "seed-004" (1 a cell the elimination
    rule knew safe, 1.5 another, +-10 the end). observation: "player-view" (rows x cols: 9 hidden, -1
    the exploded mine, 0-8 numbers), "two-channel" (2 x rows x cols: numbers, open mask) or "one-hot"
    (10 x rows x cols). Episodes are truncated after max_steps steps (seed 004's 200).
    info: won, steps, revealed (cells the step opened), seed.
    """

    def __init__(self, level=None, rows=None, cols=None, mines=None, first_click="safe", rewards="seed-000",
                 observation="player-view", max_steps=200, render_mode="ansi"):
        super().__init__(self.env_spec(level, rows, cols, mines, first_click, rewards, observation, max_steps), render_mode)

    @staticmethod
    def env_spec(level=None, rows=None, cols=None, mines=None, first_click="safe", rewards="seed-000",
                 observation="player-view", max_steps=200):
        if level is None and rows is None and cols is None and mines is None:
            level = "beginner"
        return _core.minesweeper_spec(level or "", rows or 0, cols or 0, mines or 0, first_click, rewards, observation,
                                      max_steps)


class PuyoEnv(GridlabEnv):
    """Puyo Puyo (seed 002). An action 0..21 places the pair in hand (column and rotation, in the
    seed's create_action_list order); the reward is the score it gained.

    rules: "tsu" (Puyo Puyo Tsu, 13 rows with the hidden one) or "tutorial" (seed 002's 12 rows and
    classroom scoring). colors: 3..5. pairs: the episode is truncated after that many (0: never).
    Observation: {"field": rows x 6 Puyo codes top row first (0 empty, 1-5 colours, 6 garbage),
    "pairs": 3 x 2 colours of the pair in hand and the two previews}.
    info: score (the game's), chain (the step's), max_chain, pairs (placed), all_clear, seed.
    """

    def __init__(self, rules="tsu", colors=4, pairs=0, render_mode="ansi"):
        super().__init__(self.env_spec(rules, colors, pairs), render_mode)

    @staticmethod
    def env_spec(rules="tsu", colors=4, pairs=0):
        return _core.puyo_spec(rules, colors, pairs)


class GomokuEnv(GridlabEnv):
    """Gomoku (seed 003). An action is row * size + col; black moves first.

    size: 5..20 lines, win: stones in a row that win, rule: "freestyle", "standard" or "renju".
    Without an opponent both sides are stepped by the caller and the reward is that of the player
    who moved (+1 the winning move, 0 otherwise). With opponent="<AI spec>" (e.g. "mcts:ms=200",
    "ab:playouts=20000", "az:model=FILE") each step is your move and the AI's reply, the reward is
    yours (+1 a win, -1 a loss), and play_as says your colour. The observation is size x size: -1
    black, +1 white, 0 empty. info: to_move (-1 black, 1 white, 0 over), winner (-1, 1, 0), moves,
    with an opponent opponent_action (its last move, -1 none), seed.
    """

    def __init__(self, size=8, win=5, rule="freestyle", opponent=None, play_as="black", render_mode="ansi"):
        super().__init__(self.env_spec(size, win, rule, opponent, play_as), render_mode)

    @staticmethod
    def env_spec(size=8, win=5, rule="freestyle", opponent=None, play_as="black"):
        return _core.gomoku_spec(size, win, rule, opponent or "", play_as)


ENVS = {"Minesweeper-v0": MinesweeperEnv, "Puyo-v0": PuyoEnv, "Gomoku-v0": GomokuEnv}


def env_class(env_id: str):
    """The class of an environment id ("Minesweeper-v0", or "gridlab/Minesweeper-v0")."""
    name = env_id.split("/", 1)[1] if env_id.startswith("gridlab/") else env_id
    if name not in ENVS:
        raise ValueError(f"unknown environment {env_id!r} (expected one of {', '.join(ENVS)})")
    return ENVS[name]


def make(env_id: str, **kwargs) -> GridlabEnv:
    """A new environment: make("Minesweeper-v0", level="expert"), make("Gomoku-v0", opponent="ab")."""
    return env_class(env_id)(**kwargs)


def register_with_gymnasium():
    """Makes gymnasium.make("gridlab/Minesweeper-v0", ...) work (done on import when Gymnasium is there)."""
    for env_id, cls in ENVS.items():
        full_id = "gridlab/" + env_id
        if full_id not in gymnasium.registry:
            gymnasium.register(id=full_id, entry_point=f"{cls.__module__}:{cls.__name__}")


if gymnasium is not None:
    register_with_gymnasium()
