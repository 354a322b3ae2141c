"""Nothing a Python caller does crashes the interpreter: property tests of the module's entry points
(Hypothesis, Debian's python3-hypothesis) and calls from several threads at once.

Each entry point may only return or raise one of the errors a user can act on (ValueError and its
subclasses RefusedStep and ModelError, TypeError, RuntimeError for a call before reset, OSError)."""

import threading

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gridlab

EXPECTED = (ValueError, TypeError, RuntimeError, OSError, OverflowError)
FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

anything = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-2, max_value=600), st.floats(allow_nan=True),
    st.text(max_size=12), st.binary(max_size=12), st.lists(st.integers(min_value=-3, max_value=90), max_size=4),
)
small_text = st.text(alphabet=".F012345678XOxo\n RGBYP*/:,=", max_size=300)


def attempt(call, *args, **kwargs):
    try:
        return call(*args, **kwargs)
    except EXPECTED:
        return None


ENV_OPTIONS = {
    "Minesweeper-v0": st.fixed_dictionaries({}, optional={
        "level": st.sampled_from(["beginner", "expert", "nope", ""]), "rows": anything, "cols": anything,
        "mines": anything, "first_click": st.sampled_from(["safe", "zero", "none", "random-start", "x"]),
        "observation": st.sampled_from(["player-view", "two-channel", "one-hot", "?"]),
        "rewards": st.sampled_from(["seed-000", "seed-004", "seed-999"]), "max_steps": anything}),
    "Puyo-v0": st.fixed_dictionaries({}, optional={
        "rules": st.sampled_from(["tsu", "tutorial", "go"]), "colors": anything, "pairs": anything}),
    "Gomoku-v0": st.fixed_dictionaries({}, optional={
        "size": anything, "win": anything, "rule": st.sampled_from(["freestyle", "standard", "renju", "chess"]),
        "opponent": st.sampled_from([None, "pure-mcts:playouts=5", "ab:playouts=50", "mcts:x=1", "az"]),
        "play_as": st.sampled_from(["black", "white", "red"])}),
}


@FUZZ
@given(env_id=st.sampled_from(sorted(ENV_OPTIONS)), data=st.data())
def test_any_options_and_any_calls(env_id, data):
    options = data.draw(ENV_OPTIONS[env_id])
    env = attempt(gridlab.make, env_id, **options)
    if env is None:
        return
    for call in data.draw(st.lists(st.sampled_from(["reset", "step", "legal", "masks", "render"]), max_size=25)):
        if call == "reset":
            attempt(env.reset, seed=data.draw(anything))
        elif call == "step":
            attempt(env.step, data.draw(anything))
        elif call == "legal":
            legal = attempt(env.action_masks)
            if legal is not None and legal.any():
                attempt(env.step, int(np.flatnonzero(legal)[0]))
        elif call == "masks":
            attempt(env.action_masks)
        else:
            attempt(env.render)


@FUZZ
@given(env_id=st.sampled_from(["Minesweeper-v0", "Puyo-v0", "Gomoku-v0"]), num_envs=st.integers(1, 6),
       actions=st.lists(st.one_of(st.lists(st.integers(-5, 100), min_size=0, max_size=7), anything), max_size=8),
       seed=anything)
def test_vector_envs_take_any_actions(env_id, num_envs, actions, seed):
    envs = gridlab.make_vec(env_id, num_envs=num_envs)
    attempt(envs.reset, seed=seed)
    for batch in actions:
        attempt(envs.step, batch)
        masks = attempt(envs.action_masks)
        if masks is not None:
            attempt(envs.step, masks.argmax(axis=1))


@FUZZ
@given(text=small_text, mines=anything, solver=st.sampled_from(["kb", "elimination", "probability"]))
def test_minesweeper_positions_from_any_text(text, mines, solver):
    position = attempt(gridlab.minesweeper.Position.parse, text, mines)
    if position is not None:
        attempt(gridlab.make_ai("minesweeper", solver).decide, position)


@FUZZ
@given(rows=st.integers(0, 70), cols=st.integers(1, 6), data=st.data(), mines=st.integers(0, 40),
       dtype=st.sampled_from([np.int8, np.int64, np.float32, np.uint8]))
def test_minesweeper_positions_from_any_view(rows, cols, data, mines, dtype):
    cells = data.draw(st.lists(st.integers(-3, 12), min_size=rows * cols, max_size=rows * cols))
    view = np.array(cells, dtype=np.int64).reshape(rows, cols).astype(dtype)
    position = attempt(gridlab.minesweeper.Position.from_view, view, mines)
    if position is not None:
        attempt(gridlab.make_ai("minesweeper", "probability").decide, position)


@FUZZ
@given(text=small_text, win=anything, spec=st.sampled_from(["ab:playouts=100", "pure-mcts:playouts=20", "mcts:playouts=50"]))
def test_gomoku_states_from_any_text(text, win, spec):
    state = attempt(gridlab.gomoku.State.parse, text, win)
    if state is not None:
        attempt(gridlab.make_ai("gomoku", spec).decide, state)
        attempt(state.apply, 0)


@FUZZ
@given(field=small_text, pairs=small_text, colors=anything)
def test_puyo_states_from_any_text(field, pairs, colors):
    for state in (attempt(gridlab.puyo.State, 1, "tutorial", colors, field), attempt(gridlab.puyo.State.with_pairs, pairs)):
        if state is not None:
            attempt(gridlab.make_ai("puyo", "greedy").decide, state)
            attempt(state.afterstates)


@FUZZ
@given(data=st.binary(max_size=400), prefix=st.sampled_from([b"", b"GLNN", b"GLNN\x01\x00\x00\x00"]))
def test_model_bytes(data, prefix):
    model = attempt(gridlab.load_model, prefix + data)
    assert model is None  # random bytes never pass the checksum


@FUZZ
@given(shape=st.lists(st.integers(0, 12), min_size=0, max_size=5),
       dtype=st.sampled_from([np.float32, np.float64, np.int8, np.bool_, np.complex64, object]))
def test_forward_any_array(shape, dtype):
    model = MODEL
    attempt(model.forward, np.zeros(shape, dtype=dtype))


def _tiny_model():
    """A model made by the engine: the AlphaZero trainer's untrained-network file for 5x5."""
    import os
    import subprocess
    import tempfile
    from conftest import CLI
    path = os.path.join(tempfile.mkdtemp(), "tiny.model")
    subprocess.run([str(CLI), "gomoku", "train", "--size", "5", "--win", "4", "--games", "1", "--playouts", "2",
                    "--channels", "4", "--layers", "1", "--eval-every", "0", "--seed", "1", "--out", path], check=True, capture_output=True)
    return gridlab.load_model(path)


MODEL = _tiny_model()


def test_threads_share_objects_without_crashing():
    """Several threads call one env, one vector env, one AI and one model at once; the engines' locks
    keep each object whole (which thread wins a race is not defined, so only errors are allowed)."""
    env = gridlab.make("Gomoku-v0", size=7, win=4, opponent="pure-mcts:playouts=40")
    env.reset(seed=1)
    envs = gridlab.make_vec("Minesweeper-v0", num_envs=16, first_click="random-start")
    envs.reset(seed=1)
    ai = gridlab.make_ai("gomoku", "mcts:playouts=300")
    state = gridlab.gomoku.State(size=7, win=4)
    failures = []

    def worker(index):
        rng = np.random.default_rng(index)
        try:
            for _ in range(60):
                masks = attempt(env.action_masks)
                if masks is not None and masks.any():
                    attempt(env.step, int(rng.choice(np.flatnonzero(masks))))
                else:
                    attempt(env.reset, seed=int(rng.integers(100)))
                vector_masks = envs.action_masks()
                attempt(envs.step, (rng.random(vector_masks.shape) * vector_masks).argmax(axis=1))
                ai.decide(state)
                MODEL.forward(np.zeros((1, 4, 5, 5), dtype=np.float32))
        except Exception as error:  # noqa: BLE001 - any error fails the test below
            failures.append(repr(error))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
