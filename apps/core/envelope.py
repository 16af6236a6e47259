"""The /rest/ envelope of the API contract §2: {"errcode": "0", "errmsg": "", "data": ...}.

Success bodies are wrapped by EnvelopeRenderer; every error, ours or DRF's or an unexpected
exception, is turned into an envelope by envelope_exception_handler. Nothing else builds one.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any, TypedDict

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import Http404, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.utils import encoders

from apps.core.errors import DomainError, InvalidInput, RequestsCrossed
from apps.core.lazy_text import StrOrPromise
from apps.core.locks import is_deadlock

logger = logging.getLogger(__name__)

SUCCESS = "0"
UNEXPECTED_ERRCODE = "SYS-50000"


class PayloadTooLarge(exceptions.APIException):
    """Django refused to read a body above DATA_UPLOAD_MAX_MEMORY_SIZE (RequestDataTooBig)."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "the request body is too large"
    default_code = "payload_too_large"


class Envelope(TypedDict):
    errcode: str
    errmsg: str
    data: Any


def envelope(errcode: str, errmsg: str, data: Any = None) -> Envelope:
    return {"errcode": errcode, "errmsg": errmsg, "data": data}


class EnvelopeResponse(Response):
    """A success answer. Commands pass a short message ("saved"); queries leave it empty (§2)."""

    def __init__(self, data: Any = None, message: str = "", status: int = status.HTTP_200_OK, **kwargs: Any) -> None:
        super().__init__(data, status=status, **kwargs)
        self.message = str(message)


class EnvelopedResponse(Response):
    """An answer whose body is already the envelope (errors, the health report): rendered as it is."""

    enveloped = True


class LocalTimeJSONEncoder(encoders.JSONEncoder):
    """Times leave in the server's zone (Asia/Shanghai) with their offset, as contract §2 asks."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Read once an answer: the current zone sits in asgiref's context-local storage, which costs
        # more to reach than the conversion (a board of 400 reservations has 1,600 times).
        self.zone = timezone.get_current_timezone()

    def default(self, obj: Any) -> Any:
        if isinstance(obj, datetime) and timezone.is_aware(obj):
            return obj.astimezone(self.zone).isoformat()
        return super().default(obj)


class EnvelopeRenderer(JSONRenderer):
    encoder_class = LocalTimeJSONEncoder

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Mapping[str, Any] | None = None
    ) -> bytes:
        response = (renderer_context or {}).get("response")
        if response is not None and not getattr(response, "enveloped", False):
            data = envelope(SUCCESS, getattr(response, "message", ""), data)
        return super().render(data, accepted_media_type, renderer_context)


def _error_response(
    http_status: int, errcode: str, errmsg: StrOrPromise, data: Any = None, headers: dict[str, str] | None = None
) -> Response:
    return EnvelopedResponse(envelope(errcode, str(errmsg), data), status=http_status, headers=headers)


def _flatten(detail: Any) -> list[str]:
    if isinstance(detail, dict):
        return [message for value in detail.values() for message in _flatten(value)]
    if isinstance(detail, list):
        return [message for value in detail for message in _flatten(value)]
    return [str(detail)]


def _field_paths(path: str, detail: Any) -> Iterator[tuple[str, list[str]]]:
    """A nested serializer's errors by the path of the field they belong to, as the services name
    them (`lines[0].quantity`): the form can put the message beside the line's field."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            yield from _field_paths(f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}", value)
    elif isinstance(detail, list) and any(isinstance(item, dict | list) for item in detail):
        # A many=True serializer's errors: one entry per item, empty for an item without errors.
        for index, item in enumerate(detail):
            if item:
                yield from _field_paths(f"{path}[{index}]", item)
    else:
        yield path, _flatten(detail)


def _validation_fields(detail: Any) -> dict[str, list[str]]:
    if isinstance(detail, dict):
        return {
            where: messages for field, value in detail.items() for where, messages in _field_paths(str(field), value)
        }
    return {"non_field_errors": _flatten(detail)}


def validation_failed(fields: dict[str, list[str]]) -> Response:
    first = next((messages[0] for messages in fields.values() if messages), _("invalid input"))
    return _error_response(status.HTTP_400_BAD_REQUEST, InvalidInput.errcode, first, {"fields": fields})


_API_EXCEPTION_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.NotAuthenticated: "SECURES-LOGIN-ON-401",
    exceptions.AuthenticationFailed: "SECURES-LOGIN-ON-401",
    exceptions.PermissionDenied: "AUTH-40300",
    exceptions.NotFound: "SYS-40400",
    exceptions.ParseError: "SYS-40001",
    PayloadTooLarge: "SYS-41300",
    exceptions.MethodNotAllowed: "SYS-40500",
    exceptions.NotAcceptable: "SYS-40600",
    exceptions.UnsupportedMediaType: "SYS-41500",
    exceptions.Throttled: "SYS-42900",
}

_DEFAULT_MESSAGES = {
    "SECURES-LOGIN-ON-401": lambda: _("please log in"),
    "AUTH-40300": lambda: _("no permission"),
    "SYS-40400": lambda: _("not found"),
    "SYS-41300": lambda: _("the request body is too large"),
}


def _api_exception_response(exc: exceptions.APIException) -> Response:
    headers = {}
    auth_header = getattr(exc, "auth_header", None)
    if auth_header:
        headers["WWW-Authenticate"] = auth_header
    wait = getattr(exc, "wait", None)
    if wait:
        headers["Retry-After"] = str(int(wait))
    errcode = getattr(exc, "errcode", None) or next(
        (code for kind, code in _API_EXCEPTION_CODES.items() if isinstance(exc, kind)),
        f"SYS-{exc.status_code}00",
    )
    message = exc.detail if isinstance(exc.detail, str) else " ".join(_flatten(exc.detail))
    # DRF's own stock sentences are replaced by ours where we have one, so both languages match the spec.
    if errcode in _DEFAULT_MESSAGES and message == str(type(exc).default_detail):
        message = _DEFAULT_MESSAGES[errcode]()
    return _error_response(exc.status_code, errcode, message, None, headers)


def envelope_exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response:
    from apps.core.business_days import closed_day_error  # the models are loaded by the first request

    exc = closed_day_error(exc) or exc  # a closed-day trigger's refusal is DAY-40901
    if is_deadlock(exc):  # one that happened again after ErpApi's retry
        exc = RequestsCrossed()
    if isinstance(exc, DomainError):
        if isinstance(exc, InvalidInput):
            return validation_failed(exc.fields)
        return _error_response(exc.status, exc.errcode, exc.message, exc.data)
    if isinstance(exc, exceptions.ValidationError):
        return validation_failed(_validation_fields(exc.detail))
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge()
    elif isinstance(exc, (TooManyFieldsSent, TooManyFilesSent)):
        exc = exceptions.ParseError(_("the request body has too many fields"))
    if isinstance(exc, exceptions.APIException):
        return _api_exception_response(exc)
    view = context.get("view")
    logger.exception("unexpected error in %s", type(view).__name__ if view else "an API view", exc_info=exc)
    return _error_response(
        status.HTTP_500_INTERNAL_SERVER_ERROR, UNEXPECTED_ERRCODE, _("sorry, your request has encountered an error")
    )


def json_not_found() -> JsonResponse:
    return JsonResponse(envelope("SYS-40400", _("not found")), status=404)


def json_server_error() -> JsonResponse:
    return JsonResponse(envelope(UNEXPECTED_ERRCODE, _("sorry, your request has encountered an error")), status=500)
