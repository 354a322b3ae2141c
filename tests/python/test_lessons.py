"""The Code lesson's harness (gridlab.lesson), natively: the page runs the same functions over the
engines' WebAssembly build (web/code/core.py), and tests/e2e/code.test.mjs expects the same games."""

import pathlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gridlab.lesson

LESSONS = pathlib.Path(__file__).resolve().parents[2] / "python" / "lessons"

# The ten-line evaluate the page plays too (tests/e2e/code.test.mjs).
TEN_LINES = (pathlib.Path(__file__).resolve().parents[1] / "programs" / "puyo_ten_lines.py").read_text()


def test_puyo_ten_lines_plays_the_seeded_games_the_page_expects():
    answer = gridlab.lesson.run("puyo", TEN_LINES, games=2)
    result = answer["result"]
    assert (result["games"], result["mean_score"], result["mean_max_chain"]) == (2, 10770, 2)


def test_every_starter_program_runs():
    for game, options in {"puyo": {"games": 1, "pairs": 10}, "minesweeper": {"games": 2},
                          "gomoku": {"games": 1, "playouts": 20, "opponent": "pure-mcts:playouts=20"}}.items():
        answer = gridlab.lesson.run(game, (LESSONS / f"{game}_lesson.py").read_text(), **options)
        assert "result" in answer, answer


def test_the_starters_play_the_games_the_page_expects():
    # tests/e2e/code.test.mjs: the page's Run with the same games and options.
    minesweeper = gridlab.lesson.run("minesweeper", (LESSONS / "minesweeper_lesson.py").read_text(), games=10)["result"]
    assert {key: minesweeper[key] for key in ("games", "wins", "moves", "guesses")} == \
        {"games": 10, "wins": 0, "moves": 49, "guesses": 49}
    gomoku = gridlab.lesson.run("gomoku", (LESSONS / "gomoku_lesson.py").read_text(), games=2,
                                opponent="pure-mcts:playouts=1000")["result"]
    assert (gomoku["games"], gomoku["wins"], gomoku["losses"]) == (2, 0, 2)
    assert [game["moves"] for game in gomoku["per_game"]] == [20, 15]


def test_errors_name_the_program_line():
    assert gridlab.lesson.run("puyo", "def evaluate(field)\n    return 0\n", games=1)["error"]["line"] == 1
    error = gridlab.lesson.run("puyo", "def evaluate(field):\n    top = field[0]\n    return top[6]\n", games=1)["error"]
    assert (error["line"], error["kind"]) == (3, "IndexError")
    assert error["message"] == "IndexError: list index out of range"
    # A wrong return type is found after evaluate returned: the line of its def.
    error = gridlab.lesson.run("puyo", "\n\ndef evaluate(field):\n    return 'high'\n", games=1)["error"]
    assert (error["line"], error["kind"]) == (3, "TypeError")
    assert "must return a number, got str" in error["message"]
    error = gridlab.lesson.run("puyo", "def evaluate(field):\n    return valeu\n", games=1)["error"]
    assert (error["line"], error["kind"]) == (2, "NameError")
    assert gridlab.lesson.run("puyo", "x = 1\n", games=1)["error"]["message"] == "NameError: the program must define the function evaluate"


def test_exit_is_the_programs_error_not_the_end_of_python():
    for source, line in [("import sys\nsys.exit(0)\n", 2), ("def evaluate(field):\n    exit()\n", 2)]:
        error = gridlab.lesson.run("puyo", source, games=1, pairs=5)["error"]
        assert (error["line"], error["kind"]) == (line, "SystemExit")


# A lesson's games, as short as they go: each example runs a whole program.
SHORT = {"puyo": {"games": 1, "pairs": 5}, "minesweeper": {"games": 1},
         "gomoku": {"games": 1, "playouts": 5, "opponent": "pure-mcts:playouts=5"}}
# What a student's edit or a stray file may put in a program (no loops: every example must end).
SNIPPETS = ["", "return", "return None", "return 'x'", "return 1e309", "return float('nan')", "(", ")", ":", "    ",
            "\t", "1/0", "x = [][0]", "import os", "exit()", "raise SystemExit(2)", "field = None", "del field",
            "def evaluate(*a):", "def infer(a, b, c):", "def choose():", "yield 1", "global x", "\x00", "é", "# ?"]


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(SHORT)), data=st.data())
def test_any_edit_of_a_starter_gets_a_result_or_an_error_with_a_line(game, data):
    """A loaded or edited program, whatever it holds, gets a result, or an error whose line is one of
    the program's (or none): never an exception out of the harness."""
    lines = (LESSONS / f"{game}_lesson.py").read_text().splitlines()
    edits = data.draw(st.lists(st.tuples(st.sampled_from(["drop", "repeat", "insert", "replace"]),
                                         st.integers(0, len(lines) - 1), st.sampled_from(SNIPPETS)), max_size=4))
    for kind, at, snippet in edits:
        at = min(at, len(lines) - 1)
        if kind == "drop" and len(lines) > 1:
            del lines[at]
        elif kind == "repeat":
            lines.insert(at, lines[at])
        elif kind == "insert":
            lines.insert(at, lines[at][:len(lines[at]) - len(lines[at].lstrip())] + snippet)
        else:
            lines[at] = snippet
    source = "\n".join(lines) + "\n"
    answer = gridlab.lesson.run(game, source, **SHORT[game])
    assert list(answer) in (["result"], ["error"]), answer
    if "error" in answer:
        line = answer["error"]["line"]
        assert line is None or 1 <= line <= len(lines) + 1, (line, len(lines))


@settings(max_examples=60, deadline=None, database=None)
@given(game=st.sampled_from(sorted(SHORT)), source=st.text(max_size=200))
def test_any_text_as_a_program_gets_an_error_or_a_result(game, source):
    answer = gridlab.lesson.run(game, source, **SHORT[game])
    assert list(answer) in (["result"], ["error"]), answer
