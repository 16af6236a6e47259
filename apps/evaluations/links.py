"""The member's signed link to rate a visit (issue 29 §4): `/evaluate/<token>`, the token Django's
TimestampSigner signature of the order id. Nothing is stored for a link: the signature proves we
made it, and it expires EVALUATION_LINK_DAYS after it was made and after the visit was paid (a
receipt printed again later makes a new token, which still ends with the visit's days)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import OrderStatus
from apps.billing.models import Order
from apps.billing.till.receipt_extras import ReceiptExtra
from apps.billing.till.selectors import qr_image
from apps.evaluations.errors import LinkExpired, LinkInvalid
from apps.evaluations.models import Evaluation

# A salt of its own: no other signature the project makes with SECRET_KEY is a valid token here.
_SALT = "apps.evaluations.link"
PAGE_PREFIX = "/evaluate/"


def _signer() -> signing.TimestampSigner:
    return signing.TimestampSigner(salt=_SALT)


def link_lifetime() -> timedelta:
    return timedelta(days=settings.EVALUATION_LINK_DAYS)


def token_for(order_id: int) -> str:
    return _signer().sign(str(order_id))


def link_path(order_id: int) -> str:
    return f"{PAGE_PREFIX}{token_for(order_id)}"


def order_id_of(token: str) -> int:
    """The order a token names; LinkExpired past its lifetime, LinkInvalid when we did not sign it."""
    try:
        value = _signer().unsign(token, max_age=link_lifetime())
    except signing.SignatureExpired:
        raise LinkExpired() from None
    except signing.BadSignature:
        raise LinkInvalid() from None
    if not value.isdigit():
        raise LinkInvalid()
    return int(value)


def link_expires_at(order: Order) -> datetime | None:
    return order.paid_at + link_lifetime() if order.paid_at else None


def check_not_expired(order: Order) -> None:
    """The visit's own end: a token made later (a reprinted receipt) does not lengthen it."""
    expires_at = link_expires_at(order)
    if expires_at is not None and expires_at <= timezone.now():
        raise LinkExpired()


def link_for_order(order: Order, absolute_url: Callable[[str], str]) -> ReceiptExtra | None:
    """The receipt's block for a paid order still within its days: the address and its QR code."""
    expires_at = link_expires_at(order)
    if order.status != OrderStatus.PAID or expires_at is None or expires_at <= timezone.now():
        return None
    url = absolute_url(link_path(order.pk))
    return {
        "title": _("Rate your visit"),
        "text": _("Scan the code or open the address within %(days)s days") % {"days": settings.EVALUATION_LINK_DAYS},
        "url": url,
        "qr_image": qr_image(url),
    }


def receipt_evaluation_link(order: Order, absolute_url: Callable[[str], str]) -> ReceiptExtra | None:
    if Evaluation.objects.filter(order_id=order.pk).exists():
        return None
    return link_for_order(order, absolute_url)
