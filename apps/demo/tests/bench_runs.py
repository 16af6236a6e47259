"""What the benchmarks' tiny runs in the suite share."""

from __future__ import annotations

import argparse
import importlib
import json
from types import ModuleType

import pytest

# bench/ is outside mypy's files (mypy.ini): imported by name, as test_bench_modules does.
_ENVIRONMENT = importlib.import_module("bench.__main__").ENVIRONMENT


def searches_unthrottled(monkeypatch: pytest.MonkeyPatch, settings, bench: str) -> None:
    """As bench/__main__.py's environment for `bench`: the searches measured, not the per-user limit of
    phone-fragment searches (gunicorn reads the environment; this process's in-process calls, whose
    throttle reads the settings on each call, the settings)."""
    rate = _ENVIRONMENT[bench]["PHONE_FRAGMENT_SEARCH_RATE"]
    monkeypatch.setenv("PHONE_FRAGMENT_SEARCH_RATE", rate)
    settings.PHONE_FRAGMENT_SEARCH_RATE = rate


def printed_lines(module: ModuleType, capsys: pytest.CaptureFixture[str], *given: str) -> list[dict]:
    """Runs the bench `module` with the command-line arguments `given` and answers the JSON lines it
    printed."""
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    module.run(parser.parse_args(list(given)))
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]


def printed_figures(module: ModuleType, capsys: pytest.CaptureFixture[str], *given: str) -> dict[str, dict]:
    """printed_lines by their `benchmark` name."""
    return {line["benchmark"]: line for line in printed_lines(module, capsys, *given)}
