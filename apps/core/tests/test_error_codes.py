"""Every errcode the API can answer is declared once and listed in docs/api.md's error table.

Each app declares its domain errors in its own `errors.py`. The walk imports every module under
apps/ (tests and migrations aside) so that no DomainError subclass escapes, then reads:
- the errcode each DomainError subclass defines (a subclass that keeps its parent's errcode shares
  it deliberately: an AccountTaken is a Conflict; two classes that each write the same code are not);
- the codes of the sign-in failures (zero-argument functions of an `errors` module answering a DRF
  AuthenticationFailed with an errcode, apps.accounts.errors);
- the codes the envelope gives DRF's own exceptions and unexpected faults.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections import defaultdict
from pathlib import Path

from django.conf import settings
from rest_framework.exceptions import AuthenticationFailed

import apps as apps_package
from apps.core import envelope
from apps.core.errors import DomainError

API_DOC = Path(settings.BASE_DIR) / "docs" / "api.md"
# Codes answered outside any exception class: the health report's 503 (apps.core.api.views).
OTHER_CODES = {"SYS-50300"}
# Domain errors still declared outside their app's errors.py, each with where it goes. The test
# fails on an entry that is gone, so the list only shrinks.
KNOWN_ELSEWHERE: dict[str, str] = {}


def _import_every_module() -> list[str]:
    names = []
    for module in pkgutil.walk_packages(apps_package.__path__, "apps."):
        parts = module.name.split(".")
        if "tests" in parts or "migrations" in parts:
            continue
        importlib.import_module(module.name)
        names.append(module.name)
    return names


def _domain_errors() -> list[type[DomainError]]:
    _import_every_module()
    found, stack = [], [DomainError]
    while stack:
        cls = stack.pop()
        found.append(cls)
        stack.extend(cls.__subclasses__())
    return [cls for cls in found if ".tests." not in cls.__module__]


def _sign_in_codes() -> set[str]:
    codes = set()
    for name in _import_every_module():
        if name.rsplit(".", 1)[-1] != "errors":
            continue
        for function in vars(importlib.import_module(name)).values():
            if inspect.isfunction(function) and function.__module__ == name:
                if any(p.default is p.empty for p in inspect.signature(function).parameters.values()):
                    continue
                failure = function()
                errcode = getattr(failure, "errcode", None)
                if isinstance(failure, AuthenticationFailed) and isinstance(errcode, str):
                    codes.add(errcode)
    return codes


def _documented_codes() -> set[str]:
    return set(re.findall(r"^\| `([^`]+)` \|", API_DOC.read_text(encoding="utf-8"), re.MULTILINE))


def test_each_domain_error_is_declared_in_its_apps_errors_module():
    misplaced = {
        f"{cls.__module__}.{cls.__qualname__}"
        for cls in _domain_errors()
        if cls.__module__.rsplit(".", 1)[-1] != "errors"
    }
    assert misplaced - set(KNOWN_ELSEWHERE) == set(), "declare these in the app's errors.py"
    assert set(KNOWN_ELSEWHERE) - misplaced == set(), "moved: drop them from KNOWN_ELSEWHERE"


def test_no_two_errors_write_the_same_code():
    writers: dict[str, list[str]] = defaultdict(list)
    for cls in _domain_errors():
        if "errcode" in vars(cls):
            writers[cls.errcode].append(f"{cls.__module__}.{cls.__qualname__}")
    assert {code: names for code, names in writers.items() if len(names) > 1} == {}
    assert _sign_in_codes().isdisjoint(code for code in writers), "a sign-in failure reuses a domain error's code"


def test_every_code_is_in_the_error_table_of_the_api_notes():
    codes = {cls.errcode for cls in _domain_errors()}
    codes |= _sign_in_codes()
    codes |= set(envelope._API_EXCEPTION_CODES.values()) | {envelope.UNEXPECTED_ERRCODE} | OTHER_CODES
    assert codes - _documented_codes() == set(), "add these to the errcode table of docs/api.md"
