"""Shared by the Python tests: where the command line is, and running it."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = pathlib.Path(os.environ.get("GRIDLAB_CLI", ROOT / "build" / "native" / "gridlab"))


def run_cli(*args, stdin: str = "") -> str:
    """The native command line's output (it must have been built: scripts/test.sh builds it first)."""
    if not CLI.exists():
        pytest.fail(f"{CLI} is missing: build the native preset first")
    result = subprocess.run([str(CLI), *args], input=stdin, capture_output=True, text=True, check=True)
    return result.stdout


def run_cli_json(*args, stdin: str = ""):
    return json.loads(run_cli(*args, stdin=stdin))
