"""Model files from Python: load, save, forward, and the AIs that play them."""

import numpy as np
import pytest

import gridlab
from conftest import run_cli, run_cli_json


@pytest.fixture(scope="module")
def minesweeper_model(tmp_path_factory):
    path = tmp_path_factory.mktemp("models") / "ms.model"
    run_cli("minesweeper", "train", "--level", "beginner", "--episodes", "5", "--seed", "2", "--out", str(path))
    return path


def test_load_forward_save(minesweeper_model, tmp_path):
    model = gridlab.load_model(minesweeper_model)
    assert model.game == "minesweeper" and model.parameter_count > 0
    assert model.architecture[0]["type"] == "conv2d" and model.heads == {}
    assert model.settings["episodes"] >= 5
    boards = np.zeros((2, model.architecture[0]["in"], 9, 9), dtype=np.float32)
    scores = model.forward(boards)
    assert scores.shape == (2, 1, 9, 9) and scores.dtype == np.float32
    assert np.array_equal(scores[0], scores[1])
    copy = tmp_path / "copy.model"
    model.save(copy)
    assert copy.read_bytes() == minesweeper_model.read_bytes() == model.to_bytes()
    assert np.array_equal(gridlab.load_model(copy.read_bytes()).forward(boards), scores)


def test_the_learned_solver_plays_a_model_file(minesweeper_model):
    env = gridlab.make("Minesweeper-v0", level="beginner")
    env.reset(seed=1)
    decision = gridlab.make_ai("minesweeper", f"learned:model={minesweeper_model}").decide(env)
    assert decision["guess"] and 0 <= decision["action"] < 81
    assert np.nanmax(decision["probabilities"]) <= 1


def test_bad_models_raise_model_error(minesweeper_model, tmp_path):
    data = minesweeper_model.read_bytes()
    for bad in (b"", b"GLNN", data[:-1], data[:40] + b"x" + data[41:], b"hello world" * 10):
        with pytest.raises(gridlab.ModelError):
            gridlab.load_model(bad)
    with pytest.raises(gridlab.ModelError, match="not puyo"):
        gridlab.load_model(minesweeper_model, game="puyo")
    with pytest.raises(FileNotFoundError):
        gridlab.load_model(tmp_path / "missing.model")
    assert issubclass(gridlab.ModelError, ValueError)


def test_forward_refuses_bad_inputs(minesweeper_model):
    model = gridlab.load_model(minesweeper_model)
    planes = model.architecture[0]["in"]
    for bad in (np.zeros((2, 3, 9, 9)), np.zeros((9, 9)), np.zeros((0, planes, 9, 9)), np.zeros((2, planes, 9))):
        with pytest.raises(ValueError):
            model.forward(bad)
    with pytest.raises(TypeError):
        model.forward(np.array([["a"]]))
    with pytest.raises(ValueError, match="split"):
        model.forward(np.empty((100, planes, 64, 64), dtype=np.float32))
    assert model.forward(np.full((1, planes, 9, 9), np.nan)).shape == (1, 1, 9, 9)


def test_learned_puyo_and_az_gomoku_play_as_on_the_command_line(tmp_path):
    puyo_model = tmp_path / "puyo.model"
    run_cli("puyo", "train", "--rules", "tutorial", "--games", "20", "--pairs", "20", "--seed", "3", "--out", str(puyo_model))
    cli = run_cli_json("puyo", "eval", "--ai", "learned", "--model", str(puyo_model), "--rules", "tutorial", "--games", "2",
                       "--pairs", "20", "--seed", "4", "--per-game")
    python = gridlab.puyo.play(f"learned:model={puyo_model}", games=2, pairs=20, seed=4, rules="tutorial")
    assert python["scores"] == [game["score"] for game in cli["per_game"]]
    with pytest.raises(ValueError, match="rules"):
        gridlab.make_ai("puyo", f"learned:model={puyo_model}").decide(gridlab.puyo.State(seed=1, rules="tsu"))

    az_model = tmp_path / "az.model"
    run_cli("gomoku", "train", "--size", "6", "--win", "4", "--games", "2", "--playouts", "10", "--channels", "4",
            "--layers", "1", "--eval-every", "0", "--seed", "1", "--out", str(az_model))
    board = "......\n......\n..X...\n...O..\n......\n......\n"
    spec = f"az:model={az_model},playouts=60"
    cli_move = run_cli_json("gomoku", "move", "--ai", spec, "--win-length", "4", "--seed", "2", stdin=board)
    decision = gridlab.make_ai("gomoku", spec, seed=2).decide(gridlab.gomoku.State.parse(board, win=4))
    assert list(decision["move"]) == cli_move["move"]
    outputs = gridlab.load_model(az_model).forward(np.zeros((3, 4, 6, 6), dtype=np.float32))
    assert set(outputs) == {"policy", "value"} and outputs["value"].shape == (3, 1)
    with pytest.raises(gridlab.ModelError, match="6x6"):
        gridlab.make("Gomoku-v0", size=8, opponent=spec)
