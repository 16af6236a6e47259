"""Views are thin (docs/architecture.md, "Inside an app"), held by an AST walk of every app's views.

A view parses the request, calls a service (writes) or a selector (reads) and answers. So a view
module imports no model (not its own app's, not another's) and runs no query: no manager
(`.objects`), no `get_object_or_404`, no DRF `queryset =` attribute, and no queryset method called
on what a selector returned (`.filter(...)`, `.get(pk=...)`, `.count()`...). The base querysets a
view hands to apps.core.scoping come from a selector (`stores()`, `employees()`), and the type a view
names a row by is the one its selector module names.

View modules are `views.py`, `*_views.py`, and every module of an `api` package but its serializers,
URL lists and `__init__`. The test only parses files, so it sits in core and reads every app.

Modules not yet thin are listed in ALLOWED with why; the test also fails on an entry that is thin
now (or gone), so each move shrinks the list and the list cannot go stale.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings

APPS_DIR = Path(settings.BASE_DIR) / "apps"

# Called on a queryset and on nothing else a view holds.
QUERYSET_METHODS = frozenset(
    {
        "aggregate",
        "annotate",
        "bulk_create",
        "bulk_update",
        "defer",
        "distinct",
        "exclude",
        "filter",
        "get_or_create",
        "in_bulk",
        "only",
        "order_by",
        "prefetch_related",
        "select_for_update",
        "select_related",
        "update_or_create",
        "values_list",
    }
)
# Queryset methods whose names other objects share; without arguments they are the queryset's.
QUERYSET_METHODS_WITHOUT_ARGUMENTS = frozenset({"count", "exists", "first", "last"})
SHORTCUTS = frozenset({"get_object_or_404", "get_list_or_404"})

# view module (a path under apps/) -> why it still runs queries and where they go.
BILLING_VIEWS = "billing's views still read through querysets; they move into its parts' selectors next"
ALLOWED: dict[str, str] = {
    "billing/closing/api/views.py": BILLING_VIEWS,
    "billing/deposits/api/views.py": BILLING_VIEWS,
    "billing/orders/api/views.py": BILLING_VIEWS,
    "billing/owed/api/views.py": BILLING_VIEWS,
    "billing/refunds/api/views.py": BILLING_VIEWS,
    "billing/till/api/views.py": BILLING_VIEWS,
}


def _is_view_module(relative: Path) -> bool:
    parts = relative.parts
    if "tests" in parts or "migrations" in parts:
        return False
    name = relative.name
    if name == "views.py" or name.endswith("_views.py"):
        return True
    if "api" not in parts[:-1] or name == "__init__.py":
        return False
    stem = relative.stem
    return not (stem in ("serializers", "urls") or stem.endswith(("_serializers", "_urls")))


def view_modules() -> list[Path]:
    return sorted(
        path.relative_to(APPS_DIR) for path in APPS_DIR.rglob("*.py") if _is_view_module(path.relative_to(APPS_DIR))
    )


def _package_of(relative: Path) -> list[str]:
    return ["apps", *relative.parts[:-1]]


def _imported_modules(node: ast.Import | ast.ImportFrom, relative: Path) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    if node.level:
        package = _package_of(relative)
        base = ".".join(package[: len(package) - node.level + 1])
        module = f"{base}.{node.module}" if node.module else base
    else:
        module = node.module or ""
    yield module
    # `from apps.booking import models` imports the models module too.
    yield from (f"{module}.{alias.name}" for alias in node.names)


def _is_models_module(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "apps" and "models" in parts[2:]


def _is_query_call(node: ast.Call) -> bool:
    if not isinstance(node.func, ast.Attribute):
        return False
    method = node.func.attr
    if method in QUERYSET_METHODS:
        return True
    if method in QUERYSET_METHODS_WITHOUT_ARGUMENTS:
        return not node.args and not node.keywords
    # A dict's get takes its key by position; a queryset's takes lookups by keyword.
    return method == "get" and bool(node.keywords) and not node.args


def offences(relative: Path) -> list[str]:
    tree = ast.parse((APPS_DIR / relative).read_text(encoding="utf-8"), filename=str(relative))
    found: list[str] = []
    for node in ast.walk(tree):
        where = f"line {getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import | ast.ImportFrom):
            models = sorted({m for m in _imported_modules(node, relative) if _is_models_module(m)})
            found.extend(f"{where}: imports {module}" for module in models[:1])
        elif isinstance(node, ast.Attribute) and node.attr == "objects":
            found.append(f"{where}: uses a manager ({ast.unparse(node)})")
        elif isinstance(node, ast.Name) and node.id in SHORTCUTS:
            found.append(f"{where}: uses {node.id}")
        elif isinstance(node, ast.ClassDef):
            for statement in node.body:
                targets = statement.targets if isinstance(statement, ast.Assign) else []
                if isinstance(statement, ast.AnnAssign):
                    targets = [statement.target]
                if any(isinstance(t, ast.Name) and t.id == "queryset" for t in targets):
                    found.append(f"line {statement.lineno}: {node.name} declares a queryset")
        elif isinstance(node, ast.Call) and _is_query_call(node):
            found.append(f"{where}: runs a query ({ast.unparse(node)[:80]})")
    return found


def test_the_walk_finds_the_views():
    modules = {str(path) for path in view_modules()}
    assert {"members/api/views.py", "inventory/api/goods_order_views.py", "core/api/lists.py"} <= modules
    assert not any("serializers" in module or module.endswith("urls.py") for module in modules)


def test_no_view_imports_a_model_or_runs_a_query():
    thick = {}
    for relative in view_modules():
        found = offences(relative)
        if found and str(relative) not in ALLOWED:
            thick[str(relative)] = found
    assert not thick, (
        f"views call a selector (reads) or a service (writes) instead of importing models or running queries: {thick}"
    )


def test_every_allowed_view_module_still_needs_its_entry():
    modules = {str(path): path for path in view_modules()}
    stale = sorted(module for module in ALLOWED if module not in modules or not offences(modules[module]))
    assert not stale, f"thin now (or gone): remove from ALLOWED: {stale}"


def test_the_walk_catches_each_kind_of_query(tmp_path, monkeypatch):
    thick = tmp_path / "shop" / "api" / "views.py"
    thick.parent.mkdir(parents=True)
    thick.write_text(
        "from apps.shop.models import Order\n"
        "from ..models import Line\n"
        "from apps.shop import models\n"
        "from django.shortcuts import get_object_or_404\n"
        "class OrderListApi:\n"
        "    queryset = None\n"
        "def view(rows, d):\n"
        "    Order.objects.all()\n"
        "    rows.filter(pk=1)\n"
        "    rows.get(pk=1)\n"
        "    rows.count()\n"
        "    d.get('key')\n"
        "    'text'.count('t')\n"
        "    get_object_or_404(Order, pk=1)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(f"{__name__}.APPS_DIR", tmp_path)
    found = offences(Path("shop/api/views.py"))
    assert [line.split(":")[0] for line in found].count("line 1") == 1
    assert len(found) == 9, found
