"""Every file the API answers with instead of the envelope (an uploaded attachment or photo, a
signature, an export) goes out through `file_response`, and nothing else sets Content-Disposition
(apps/core/tests/test_files.py holds this; apps/demo/tests/test_file_responses.py checks the headers
of every such endpoint).

Files come from our origin, so a browser that renders one runs it with the origin's cookies: a PDF's
script or an HTML file sniffed from an image could act as the signed-in person. Hence, on every file:

- `Content-Disposition: attachment`: the browser saves it instead of opening it. Only a raster
  image of a known type may be `inline` (a photo shown in a page); never SVG, PDF or HTML.
- `X-Content-Type-Options: nosniff`: the declared type is the only one the browser may assume.
- `Content-Security-Policy: sandbox; default-src 'none'`: whatever is opened anyway (a download
  opened from the address bar, an image viewed alone) runs no script, in an opaque origin of its own.
- `Cache-Control: private, no-store`: members' files stay out of shared caches.
"""

from __future__ import annotations

from typing import IO, overload

from django.http import FileResponse, HttpResponse
from django.utils.http import content_disposition_header

# Images a page shows with <img>: they carry no script of their own.
INLINE_IMAGE_TYPES = frozenset({"image/jpeg", "image/png", "image/webp"})
# An image viewed alone still needs its own bytes; nothing else may load or run.
FILE_POLICY = "sandbox; default-src 'none'; img-src 'self'; frame-ancestors 'none'"


@overload
def file_response(content: bytes, *, content_type: str, name: str, inline: bool = False) -> HttpResponse: ...
@overload
def file_response(content: IO[bytes], *, content_type: str, name: str, inline: bool = False) -> FileResponse: ...
def file_response(
    content: bytes | IO[bytes], *, content_type: str, name: str, inline: bool = False
) -> HttpResponse | FileResponse:
    """`content` as a download named `name` (bytes, or an open file streamed and closed when sent),
    or inline when asked for and `content_type` is one of INLINE_IMAGE_TYPES."""
    shown = inline and content_type in INLINE_IMAGE_TYPES
    response: HttpResponse | FileResponse = (
        HttpResponse(content, content_type=content_type)
        if isinstance(content, bytes)
        else FileResponse(content, content_type=content_type)
    )
    # The name quoted, with filename*=UTF-8'' for any non-ASCII (None only for an inline file without one).
    response["Content-Disposition"] = content_disposition_header(not shown, name) or "inline"
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = FILE_POLICY
    response["Cache-Control"] = "private, no-store"
    return response
