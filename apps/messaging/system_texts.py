"""Texts the system writes for people (issue 28 §9): a task the system raises is kept as a code and
its parameters, and read in the reader's language, so the English page does not show a Chinese
title. The title and content are also stored once, in the chain's language, for the admin and for a
reader of a code no app registers any more.

The app that raises the task knows its words (the payment mismatch's parts are billing's, the
write-off's group-buy's): it registers how its code reads in its AppConfig.ready(), and messaging, on
a lower floor, renders through the registry without importing it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext

from apps.core.hooks import Registry
from apps.core.json_types import JsonObject


@dataclass(frozen=True)
class SystemText:
    title: str
    content: str


# The text of a code in the active language, from the parameters it was raised with.
TextRenderer = Callable[[JsonObject], SystemText]

_renderers: Registry[TextRenderer] = Registry("system text", unique=True)
register_system_text = _renderers.register


def system_text(code: str, params: JsonObject) -> SystemText | None:
    """The text of `code` in the active language; None for no code, or one nobody registers."""
    renderer = _renderers.get(code) if code else None
    return renderer(params) if renderer is not None else None


def is_registered(code: str) -> bool:
    return code in _renderers


# Messaging's own: the reminder to pay for goods ordered from head office, by a day ({due}).
GOODS_PAYMENT_DUE_TEXT = "messaging.goods_payment_due"


def goods_payment_due_text(params: JsonObject) -> SystemText:
    return SystemText(
        title=gettext("Payment for goods ordered is due"),
        content=gettext("Please pay for this month's goods orders by %(due)s.") % params,
    )
