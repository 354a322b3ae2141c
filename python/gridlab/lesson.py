"""The Code lesson's harness: runs a student's program for one game's lesson, as the page does
(web/code/worker.js) and as a desktop can, and says what went wrong in words a beginner can follow.

    result = gridlab.lesson.run("puyo", open("puyo_lesson.py").read(), games=20)
    result["result"]            # what gridlab.puyo.play returned, or
    result["error"]             # {"line", "message", "kind"}: the line of the program to look at

The lessons (python/lessons/*_lesson.py are their starter programs, runnable on their own):
  puyo         evaluate(field)                         -> gridlab.puyo.play
  minesweeper  infer(number, hidden, mines), choose(board, safe, mines) (optional) -> gridlab.minesweeper.play
  gomoku       evaluate(board, player)                 -> gridlab.gomoku.play
"""

from __future__ import annotations

import traceback

from . import gomoku, minesweeper, puyo

FILENAME = "lesson.py"  # the program's name in tracebacks: its lines are the ones to mark

# What each lesson's program defines (the first is required) and the options of a run.
LESSONS = {
    "puyo": {"functions": ["evaluate"], "options": {"games": 20, "pairs": 50, "seed": 1, "rules": "tutorial", "colors": 4}},
    "minesweeper": {"functions": ["infer", "choose"], "options": {"games": 20, "level": "beginner", "seed": 1}},
    "gomoku": {"functions": ["evaluate"],
               "options": {"games": 4, "opponent": "pure-mcts:playouts=1000", "playouts": 200, "size": 8, "seed": 1}},
}

# gridlab's own AIs on the same games, beside the student's result.
BUILT_IN = {
    "puyo": ["greedy", "beam:width=8,depth=2"],
    "minesweeper": ["kb", "probability"],
    "gomoku": ["pure-mcts:playouts=200", "mcts:playouts=1000"],
}

_PLAY = {"puyo": puyo.play, "minesweeper": minesweeper.play, "gomoku": gomoku.play}


def options_of(game: str, **options) -> dict:
    """The lesson's options with `options` over them (unknown keys refused)."""
    if game not in LESSONS:
        raise ValueError(f"there is no lesson {game!r} (expected {', '.join(LESSONS)})")
    known = LESSONS[game]["options"]
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"the {game} lesson has no option {unknown[0]!r} (expected {', '.join(known)})")
    return {**known, **options}


def error_of(error: BaseException, functions: dict) -> dict:
    """{"line", "message", "kind"} for an exception from a student's program: the line is the
    program's last line in the traceback, else (the error came after a function returned, as a
    wrong return type) the line of the lesson's function that was being called."""
    message = "".join(traceback.format_exception_only(type(error), error)).strip()
    if isinstance(error, SyntaxError) and error.filename == FILENAME:
        return {"line": error.lineno, "message": message, "kind": type(error).__name__}
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == FILENAME]
    if not lines:
        defined = [f.__code__.co_firstlineno for f in functions.values() if getattr(f, "__code__", None)
                   and f.__code__.co_filename == FILENAME]
        lines = defined[:1]
    return {"line": lines[-1] if lines else None, "message": message, "kind": type(error).__name__}


def load(game: str, source: str) -> dict:
    """The lesson's functions the program defines (run as a module named "lesson", so its
    `if __name__ == "__main__":` part, which a desktop runs, does not run here)."""
    namespace = {"__name__": "lesson"}
    exec(compile(source, FILENAME, "exec"), namespace)
    required, *optional = LESSONS[game]["functions"]
    if not callable(namespace.get(required)):
        raise NameError(f"the program must define the function {required}")
    return {name: namespace[name] for name in [required, *optional] if callable(namespace.get(name))}


def run(game: str, source: str, on_move=None, **options) -> dict:
    """Runs the program `source` for `game`'s lesson: {"result": ...} or {"error": ...}."""
    options = options_of(game, **options)
    functions = {}
    try:
        functions = load(game, source)
        return {"result": _PLAY[game](*functions.values(), on_move=on_move, **options)}
    # The student's mistake, reported with its line; exit() too (a program written to run on its own
    # may call it), which would otherwise end the page's Python or the caller. Not Ctrl+C.
    except (Exception, SystemExit) as error:
        return {"error": error_of(error, functions)}


def built_in(game: str, on_move=None, **options) -> list:
    """gridlab's own AIs on the lesson's games: [{"ai": spec, "result": ...}]."""
    options = options_of(game, **options)
    return [{"ai": spec, "result": _PLAY[game](spec, on_move=on_move, **options)} for spec in BUILT_IN[game]]
