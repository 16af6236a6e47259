"""Issue 25 §2 and §3 as a class: every import of an uploaded workbook, sent every hostile file
(apps.core.tests.workbooks), refuses it in its own documented way within a couple of seconds, and
never answers 500. IMPORTS lists every import; a module that starts reading uploaded workbooks
without being listed here fails the last test."""

from __future__ import annotations

import ast
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from apps.accounts.models import User
from apps.accounts.testing import api_client
from apps.catalog.models import Product, Project
from apps.catalog.services import PRODUCT_COLUMNS, PROJECT_COLUMNS
from apps.core.testing import assert_envelope
from apps.core.tests import workbooks
from apps.members.models import MoveIn
from apps.members.move_in_import import COLUMNS as MOVE_IN_COLUMNS

APPS = Path(settings.BASE_DIR) / "apps"
MOVE_IN_PAGES = ["ERP-HYQR-PAG-0001-0000", "ERP-HYQR-PAG-0001-0001"]
# A guard against minutes, not a benchmark: the CPU seconds of the thread that serves the request,
# so a CI machine busy with the suite's other workers does not count against the import.
SECONDS = 2


@dataclass(frozen=True)
class Import:
    reads_in: str  # the module that reads its file
    headers: tuple[str, ...]
    written: Callable[[], bool]


IMPORTS: dict[str, Import] = {
    "POST /rest/storerelocationupload/import": Import(
        "members/move_in_import.py", tuple(column.key for column in MOVE_IN_COLUMNS), MoveIn.objects.exists
    ),
    "admin: products, Import from Excel": Import("catalog/services.py", PRODUCT_COLUMNS, Product.objects.exists),
    "admin: projects, Import from Excel": Import("catalog/services.py", PROJECT_COLUMNS, Project.objects.exists),
}
HOSTILE = [
    "claiming a full sheet",
    "malformed sheet XML",
    "a zip that is not a workbook",
    "100,000 real rows",
    "a zip bomb",
    "one row of half a million cells",
    "600,000 shared strings",
    "entity expansion",
    "plain text",
]


@pytest.fixture
def send(chain, make_entry) -> Callable[[str, bytes], float]:
    """send(import, content) -> seconds: posts the file as a person allowed to import would, checks
    the refusal the import documents (400 MEM-40010 with the file's own error, row 0, for the
    move-in API; the admin page's error table with a row-0 line for the catalogue) and answers the
    CPU time the request took (the test client serves it on this thread)."""
    mover = api_client(entry=make_entry(chain["store"], codes=MOVE_IN_PAGES))
    admin = Client()
    admin.force_login(User.objects.create_superuser("SY09997", "Admin@12345", nickname="HQ admin"))
    # A run's first requests load the URL conf, the views and the templates: not what is measured.
    mover.post("/rest/storerelocationupload/import", {"file": SimpleUploadedFile("warm-up.xlsx", b"x")})
    admin.post(reverse("admin:catalog_product_import"), {"file": SimpleUploadedFile("warm-up.xlsx", b"x")})

    def post(name: str, content: bytes) -> float:
        upload = SimpleUploadedFile("import.xlsx", content)
        started = time.thread_time()
        if name.startswith("POST "):
            answer = mover.post(name.removeprefix("POST "), {"file": upload})
            seconds = time.thread_time() - started
            assert_envelope(answer, status=400, errcode="MEM-40010")
            assert answer.json()["data"]["errors"][0]["row"] == 0
            return seconds
        model = "product" if "products" in name else "project"
        page = admin.post(reverse(f"admin:catalog_{model}_import"), {"file": upload})
        seconds = time.thread_time() - started
        assert page.status_code == 200
        assert 'id="import-errors"' in page.content.decode() and "<tr><td>0</td><td></td>" in page.content.decode()
        return seconds

    return post


@pytest.mark.parametrize("hostile", HOSTILE)
@pytest.mark.parametrize("name", list(IMPORTS))
def test_every_import_refuses_every_hostile_workbook_quickly_and_never_with_a_500(send, name, hostile):
    seconds = send(name, workbooks.hostile(IMPORTS[name].headers)[hostile])
    assert seconds < SECONDS, f"{name} took {seconds:.1f} s of a worker on {hostile}"
    assert not IMPORTS[name].written()


def test_the_hostile_files_listed_are_all_there_are():
    assert set(HOSTILE) == set(workbooks.hostile(("code",)))


def _reads_workbooks(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return any(
        isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) == "read_workbook" or getattr(node.func, "attr", None) == "read_workbook")
        for node in ast.walk(tree)
    )


def test_every_module_that_reads_an_uploaded_workbook_has_its_imports_listed_here():
    readers = {
        str(path.relative_to(APPS))
        for path in APPS.rglob("*.py")
        if "tests" not in path.parts and path != APPS / "core" / "excel.py" and _reads_workbooks(path)
    }
    assert readers == {one.reads_in for one in IMPORTS.values()}
