"""The one way a file leaves the API (apps.core.files.file_response): a download unless it is a
raster image shown inline, never sniffed, always sandboxed; and no module outside it builds a file
answer or its Content-Disposition on its own. apps/demo/tests/test_file_responses.py calls every
endpoint that answers a file and checks the headers."""

from __future__ import annotations

import ast
from io import BytesIO
from pathlib import Path

import pytest

from apps.core.files import file_response

APPS = Path(__file__).resolve().parents[2]
THE_HELPER = APPS / "core" / "files.py"
# What a view would reach for to answer a file by itself.
FILE_ANSWER_NAMES = {"FileResponse", "StreamingHttpResponse", "content_disposition_header"}


@pytest.mark.parametrize(
    ("kind", "inline", "disposition"),
    [
        ("application/pdf", False, "attachment"),
        ("application/pdf", True, "attachment"),  # a PDF runs script: never opened from our origin
        ("image/svg+xml", True, "attachment"),  # so does an SVG
        ("text/html", True, "attachment"),
        ("application/octet-stream", True, "attachment"),
        ("image/png", False, "attachment"),
        ("image/png", True, "inline"),
        ("image/jpeg", True, "inline"),
        ("image/webp", True, "inline"),
    ],
)
def test_only_a_raster_image_may_be_inline_and_every_file_is_sandboxed_and_never_sniffed(kind, inline, disposition):
    for content in (b"x", BytesIO(b"x")):
        response = file_response(content, content_type=kind, name="合同 1.pdf", inline=inline)
        assert response["Content-Type"] == kind
        assert response["Content-Disposition"].split(";")[0] == disposition
        assert "%E5%90%88%E5%90%8C%201.pdf" in response["Content-Disposition"]
        assert response["X-Content-Type-Options"] == "nosniff"
        policy = [part.strip() for part in response["Content-Security-Policy"].split(";")]
        assert "sandbox" in policy and "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
        assert response["Cache-Control"] == "private, no-store"


def _answers_a_file_by_itself(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in FILE_ANSWER_NAMES:
                return True
        if isinstance(node, ast.alias) and node.name.rsplit(".", 1)[-1] in FILE_ANSWER_NAMES:
            return True
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and "content-disposition" in node.value.lower()
        ):
            return True
    return False


def test_no_module_outside_the_helper_answers_a_file_by_itself():
    offenders = [
        str(path.relative_to(APPS))
        for path in APPS.rglob("*.py")
        if path != THE_HELPER and "tests" not in path.parts and _answers_a_file_by_itself(path)
    ]
    assert offenders == [], "answer files through apps.core.files.file_response"
    assert _answers_a_file_by_itself(THE_HELPER)
