"""The benchmarks under bench/ are run by hand, not by the suite: this keeps them importable, so a
model or module that moves (as the staff app did) breaks here and not on the next measuring day."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import bench

MODULES = sorted(module.name for module in pkgutil.iter_modules(bench.__path__) if module.name != "__main__")


@pytest.mark.parametrize("name", MODULES)
def test_the_benchmark_module_imports(name):
    importlib.import_module(f"bench.{name}")


def test_every_benchmark_is_offered_on_the_command_line():
    source = bench.__path__[0] + "/__main__.py"
    with open(source, encoding="utf-8") as main:
        text = main.read()
    measured = {name for name in MODULES if hasattr(importlib.import_module(f"bench.{name}"), "run")}
    assert measured and all(f'"{name.replace("_", "-")}": {name}' in text for name in measured)
