"""With Gymnasium installed (it is not in Debian: a user's own), gridlab's envs are registered with it
and pass its environment checker. Skipped when Gymnasium is missing."""

import pytest

gymnasium = pytest.importorskip("gymnasium")

import gridlab  # noqa: E402  (registers the envs)
from gymnasium.utils.env_checker import check_env  # noqa: E402


@pytest.mark.parametrize("env_id, kwargs", [
    ("gridlab/Minesweeper-v0", {}),
    ("gridlab/Minesweeper-v0", {"level": "expert", "observation": "one-hot", "rewards": "seed-004"}),
    ("gridlab/Puyo-v0", {"rules": "tutorial"}),
    ("gridlab/Gomoku-v0", {"size": 9}),
    ("gridlab/Gomoku-v0", {"opponent": "pure-mcts:playouts=20"}),
])
def test_check_env(env_id, kwargs):
    env = gymnasium.make(env_id, **kwargs)
    check_env(env.unwrapped)
    assert isinstance(env.unwrapped, gymnasium.Env)
    obs, info = env.reset(seed=3)
    assert obs in env.observation_space


def test_vector_env_is_a_gymnasium_vector_env():
    envs = gridlab.make_vec("Minesweeper-v0", num_envs=3)
    assert isinstance(envs, gymnasium.vector.VectorEnv)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
