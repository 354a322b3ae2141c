"""N environments stepped in one C++ call (Gymnasium's vector API).

    envs = gridlab.make_vec("Minesweeper-v0", num_envs=256, level="beginner")
    obs, info = envs.reset(seed=7)          # obs: (256, 9, 9)
    obs, rewards, terminated, truncated, info = envs.step(actions)   # actions: 256 integers

The C++ side steps every environment with the GIL released, on `threads` threads, and writes into
arrays kept from call to call; with copy=True (the default) each call returns new arrays the caller owns. Autoreset is
Gymnasium's "next step" mode: the step after an episode ends resets that environment, ignores its
action and returns its first observation with reward 0. Environment i's episodes are seeded from
stream i of the seed given to reset(): the same seed gives the same episodes in every environment.
"""

from __future__ import annotations

import numpy as np

from . import _core
from .envs import ContextManaged, check_seed, env_class, fresh_seed, gymnasium, observation_space, spaces

if gymnasium is not None:
    from gymnasium.vector import AutoresetMode, VectorEnv as _VectorBase

    _NEXT_STEP = AutoresetMode.NEXT_STEP
else:

    class _VectorBase(ContextManaged):
        metadata: dict = {}

    _NEXT_STEP = "next_step"


def _batched(space, n: int):
    """The space of n observations of `space` stacked along a first axis."""
    if isinstance(space, spaces.Dict):
        return spaces.Dict({key: _batched(sub, n) for key, sub in space.spaces.items()})
    low = np.broadcast_to(space.low, (n, *space.shape))
    high = np.broadcast_to(space.high, (n, *space.shape))
    return spaces.Box(low=low, high=high, dtype=space.dtype)


class VecEnv(_VectorBase):
    """num_envs environments of one id and options, stepped together."""

    metadata = {"autoreset_mode": _NEXT_STEP}

    def __init__(self, env_id: str, num_envs: int, copy: bool = True, threads: int = 1, **kwargs):
        env_spec = env_class(env_id).env_spec(**kwargs)
        self._core = _core.VecEnv(env_spec, num_envs, copy, threads)
        self.num_envs = num_envs
        self.render_mode = None
        self.single_action_space = spaces.Discrete(env_spec.action_count)
        self.single_observation_space = observation_space(env_spec)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, env_spec.action_count))
        self.observation_space = _batched(self.single_observation_space, num_envs)
        self.closed = False

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Resets every environment -> (obs, info). With a seed, env i plays the episodes of stream i of
        it; without, each plays its next episode."""
        if options:
            raise ValueError(f"VecEnv takes no reset options, got {sorted(options)}")
        check_seed(seed)  # one integer: env i plays the episodes of its stream i
        if seed is None and not hasattr(self, "_started"):
            seed = fresh_seed()
        self._started = True
        return self._core.reset(seed)

    def step(self, actions):
        """actions: one integer per environment -> (obs, rewards, terminated, truncated, info).
        If any action is forbidden by its mask, gridlab.RefusedStep is raised and nothing moves."""
        return self._core.step(actions)

    def action_masks(self) -> np.ndarray:
        """(num_envs, actions) bools, True where step() accepts the action."""
        return self._core.action_masks()

    def random_actions(self) -> np.ndarray:
        """One uniformly random allowed action per environment, from a generator that reset()'s seed
        seeds: exploration without a Python loop over the masks."""
        return self._core.random_actions()

    def close(self, **kwargs):
        self.closed = True


def make_vec(env_id: str, num_envs: int = 1, copy: bool = True, threads: int = 1, **kwargs) -> VecEnv:
    """num_envs environments of env_id with the options of make() (e.g. level="beginner"), stepped
    on `threads` threads (the same results for any number; more pay off when a step is long, as
    with an AI opponent, or there are many envs and free cores)."""
    return VecEnv(env_id, num_envs, copy=copy, threads=threads, **kwargs)
