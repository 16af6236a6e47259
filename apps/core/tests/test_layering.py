"""The floors of docs/architecture.md (after ../shared/design/ARCHITECTURE.md), held by an AST walk.

Every module under apps/ is parsed and every import in it is read: module-level, function-level
(a deferred import is still a dependency, and it is how the rule used to break silently) and those
under `if TYPE_CHECKING:` (a type-only import still ties the lower app's code to the higher app's
names; a lower app that needs a higher shape defines a protocol or a hook instead). Relative imports
are resolved against the module's package, so `from ...booking import x` is caught too. String
references (`apps.get_model("booking", ...)`, migration dependencies, settings) are not imports and
are not read.

The rule: an app imports only apps on lower floors; apps on one floor do not import each other.

Test code (a module in a `tests` package) is held to the same rule with one relaxation: it may import
`org` and `accounts` whatever its floor, because every API test needs a signed-in person acting at a
store, whose fixtures those two apps own. Any other upward import from a test (a core test driving
booking, an org test reusing messaging's page test) is a smell: the test belongs on the floor of the
highest app it drives. A shared helper outside `tests` (`apps/core/testing.py`,
`apps/accounts/testing.py`) has no relaxation: it sits on the floor of what it imports.

Known violations are listed in ALLOWED with why; the test also fails on an entry that no longer
violates, so each move shrinks the list and the list cannot go stale.

Inside an app split into parts (billing, issue 27) the same rule holds between its parts: a part
imports only parts on lower floors of the app, and parts on one floor do not import each other. The
modules at the app's root belong to a part too: its models, choices and errors are the floor under
every part; the modules that wire the parts together (the app config, the routes, the celery tasks,
the demo data, the management commands) sit above them all. The app's own tests drive every part and are not held to the
floors inside it. PART_ALLOWED lists known violations inside, as ALLOWED does between apps.
"""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings

APPS_DIR = Path(settings.BASE_DIR) / "apps"

# app -> floor, as in the table of docs/architecture.md. An app not yet written is simply absent.
FLOORS: dict[str, int] = {
    "core": 1,
    "masterdata": 2,
    "org": 3,
    "accounts": 4,
    "catalog": 5,
    "messaging": 5,
    "approvals": 5,
    "staff": 6,
    "members": 6,
    "inventory": 6,
    "payments": 6,
    "booking": 7,
    "cards": 7,
    "billing": 8,
    "groupbuy": 9,
    "evaluations": 9,
    "commission": 9,
    "settlement": 9,
    "reports": 10,
    "pages": 11,
    "demo": 11,
}

# The identity apps a test may import whatever its own floor (see the module docstring).
TEST_FIXTURE_APPS = frozenset({"org", "accounts"})

# (importing module, imported app): why it is still here and where it goes. The whole-project tests
# live in apps/demo/tests (floor 11, which may import every app), and staff's in apps/staff. Shared
# test helpers outside a `tests` package sit on the floor of what they import (the signed-in client
# in apps/accounts/testing.py), so they are held to the rule with no relaxation.
ALLOWED: dict[tuple[str, str], str] = {}


# app -> part -> floor inside the app (docs/architecture.md, "Billing's parts"). A part is a package
# of the app; the app's root modules name their part in ROOT_MODULES.
PART_FLOORS: dict[str, dict[str, int]] = {
    "billing": {
        "base": 0,
        "ledgers": 1,
        "orders": 2,
        "till": 3,
        "refunds": 4,
        "deposits": 5,
        "closing": 6,
        "owed": 6,
        "wiring": 7,
    },
}

# app -> root module (or package) -> its part. A new root module fails the walk until it is named here.
ROOT_MODULES: dict[str, dict[str, str]] = {
    "billing": {
        "models": "base",
        "choices": "base",
        "errors": "base",
        "apps": "wiring",
        "urls": "wiring",
        "tasks": "wiring",
        "demo": "wiring",
        "pages": "wiring",
        "migrations": "wiring",
        "management": "wiring",
    },
}

# (importing module, imported part): why it is still here and where it goes. Empty, as ALLOWED.
PART_ALLOWED: dict[tuple[str, str], str] = {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(APPS_DIR.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_test_code(module: str) -> bool:
    return ".tests." in f"{module}."


def _imported_modules(path: Path, module: str) -> list[str]:
    """Every absolute module name that `path` imports, anywhere in the file."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            # `from apps import booking` names the app in the alias, not in the module; `from
            # apps.billing import orders` names the part.
            if prefix == "apps" or prefix.removeprefix("apps.") in PART_FLOORS:
                found.extend(f"{prefix}.{alias.name}" for alias in node.names)
            else:
                found.append(prefix)
    return found


def _violations() -> set[tuple[str, str]]:
    violations: set[tuple[str, str]] = set()
    for path in sorted(APPS_DIR.rglob("*.py")):
        module = _module_name(path)
        parts = module.split(".")
        if len(parts) < 2 or parts[1] not in FLOORS:
            continue
        app = parts[1]
        for imported in _imported_modules(path, module):
            target = imported.split(".")
            if len(target) < 2 or target[0] != "apps" or target[1] == app:
                continue
            other = target[1]
            assert other in FLOORS, f"{module} imports {imported}: app {other!r} has no floor"
            if _is_test_code(module) and other in TEST_FIXTURE_APPS:
                continue
            if FLOORS[other] >= FLOORS[app]:
                violations.add((module, other))
    return violations


def _part_of(module: str) -> str | None:
    """The part of a split app that `module` belongs to; None for the app's package itself."""
    parts = module.split(".")
    if len(parts) < 3:
        return None
    app, name = parts[1], parts[2]
    if name in ROOT_MODULES[app]:
        return ROOT_MODULES[app][name]
    assert name in PART_FLOORS[app], f"{module}: apps.{app}.{name} belongs to no part of {app} (test_layering.py)"
    return name


def _part_violations() -> set[tuple[str, str]]:
    violations: set[tuple[str, str]] = set()
    for app, floors in PART_FLOORS.items():
        for path in sorted((APPS_DIR / app).rglob("*.py")):
            module = _module_name(path)
            if _is_test_code(module):
                continue
            part = _part_of(module)
            if part is None:
                continue
            for imported in _imported_modules(path, module):
                if not imported.startswith(f"apps.{app}."):
                    continue
                other = _part_of(imported)
                if other is not None and other != part and floors[other] >= floors[part]:
                    violations.add((module, other))
    return violations


def test_every_app_has_a_floor():
    on_disk = {p.parent.name for p in APPS_DIR.glob("*/apps.py")}
    assert on_disk - FLOORS.keys() == set()


def test_no_app_imports_an_app_on_its_own_floor_or_above():
    new = sorted(_violations() - ALLOWED.keys())
    assert new == [], (
        "imports against the floors of docs/architecture.md (move the code down, or add a hook):\n"
        + "\n".join(f"  {module} -> apps.{app}" for module, app in new)
    )


def test_the_allow_list_names_only_imports_that_still_break_the_rule():
    stale = sorted(ALLOWED.keys() - _violations())
    assert stale == [], "these no longer violate; remove them from ALLOWED:\n" + "\n".join(
        f"  {module} -> apps.{app}" for module, app in stale
    )


def test_no_part_imports_a_part_on_its_own_floor_or_above():
    new = sorted(_part_violations() - PART_ALLOWED.keys())
    assert new == [], (
        "imports against the floors inside an app (docs/architecture.md; move the code down, or pass a hook):\n"
        + "\n".join(f"  {module} -> {part}" for module, part in new)
    )


def test_the_part_allow_list_names_only_imports_that_still_break_the_rule():
    stale = sorted(PART_ALLOWED.keys() - _part_violations())
    assert stale == [], "these no longer violate; remove them from PART_ALLOWED:\n" + "\n".join(
        f"  {module} -> {part}" for module, part in stale
    )


def test_the_walk_sees_function_level_and_relative_imports(tmp_path):
    source = tmp_path / "mod.py"
    source.write_text(
        "def f():\n    from apps.booking.selectors import x\nfrom ...catalog import models\nfrom apps import members\n",
        encoding="utf-8",
    )
    assert sorted(_imported_modules(source, "apps.org.api.mod")) == [
        "apps.booking.selectors",
        "apps.catalog",
        "apps.members",
    ]


def test_the_walk_sees_a_part_named_in_the_alias_or_relatively(tmp_path):
    source = tmp_path / "mod.py"
    source.write_text("def f():\n    from apps.billing import till\nfrom ...refunds import api\n", encoding="utf-8")
    imported = sorted(_imported_modules(source, "apps.billing.orders.api.mod"))
    assert imported == ["apps.billing.refunds", "apps.billing.till"]
    assert [_part_of(name) for name in imported] == ["refunds", "till"]
    assert (_part_of("apps.billing.models"), _part_of("apps.billing")) == ("base", None)
