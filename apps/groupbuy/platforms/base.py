"""What every group-buy platform adapter offers (issue 16 §2; docs/decisions/0019-group-buy-platforms.md).

The write-off service talks to Meituan/Dianping, Douyin life services, WeChat Channels and the manual
platform only through these calls. The flow is the same everywhere:

    info = adapter.prepare(account, code)                     # what the code buys; nothing consumed
    done = adapter.consume(account, code, count, request_id)  # the write-off on the platform
    adapter.cancel(account, done)                             # undo it, within the platform's window

and, when a consume's outcome is unknown (`PlatformUnavailable`: a timeout, a 5xx, an unreadable
answer), `adapter.query(account, code, request_id)` says whether it went through before anything is
tried again. Money crosses this line as integer cents (fen). An adapter never touches the database:
it asks, the write-off service decides and records (`Consumed.to_json()` is what it keeps)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, TypedDict
from zoneinfo import ZoneInfo

from django.utils.translation import gettext_lazy

from apps.core.json_types import JsonObject

# The platforms' clock: their epoch seconds and their times without a zone are Beijing's.
BEIJING = ZoneInfo("Asia/Shanghai")


@dataclass(frozen=True)
class PlatformAccount:
    """One platform account (a store's, or the chain's) from settings (GROUPBUY_PLATFORMS). Secrets
    are read from files or the environment, never from the repository."""

    platform: str
    base_url: str = ""
    app_key: str = ""  # Meituan app_key, Douyin client_key, WeChat appid
    app_secret: str = ""  # the matching secret: signs (Meituan) or buys a token (Douyin, WeChat)
    shop_id: str = ""  # the store on the platform: open_shop_uuid, poi_id, shop_id
    session: str = ""  # Meituan: the store's authorisation session token
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def timeout(self) -> float:
        return float(self.extra.get("timeout_seconds") or 8.0)


@dataclass(frozen=True)
class CouponInfo:
    """What a code buys, as the platform reports it before consuming."""

    code: str
    deal_id: str  # the platform's deal (Meituan deal_id, Douyin sku_id, Channels product id); "" for manual
    title: str
    price_cents: int  # what the customer paid per unit
    market_price_cents: int  # the deal's list price per unit (the online-price check compares it)
    count: int  # units the code can still be consumed for
    expires_at: datetime | None = None
    extra: dict[str, str] = field(default_factory=dict)  # platform details (Douyin order id, ...)


class ConsumedJson(TypedDict):
    """A Consumed as a write-off record keeps it (WriteOff.consumed) and its audit detail shows it."""

    platform: str
    code: str
    count: int
    request_id: str
    deal_id: str
    title: str
    price_cents: int
    references: list[str]
    consumed_at: str | None  # ISO time
    settlement_cents: int | None


@dataclass(frozen=True)
class Consumed:
    """A consume the platform accepted: everything `cancel` needs later."""

    platform: str
    code: str
    count: int
    request_id: str
    deal_id: str = ""
    title: str = ""
    price_cents: int = 0
    references: tuple[str, ...] = ()  # the platform's ids of this write-off (verify ids, certificate ids)
    consumed_at: datetime | None = None
    # What the platform pays the store for the write-off, after its commission, where its answer says
    # so (Meituan's consume); None where it settles later, out of this call (Douyin's ledger, an hour on).
    settlement_cents: int | None = None

    def to_json(self) -> ConsumedJson:
        return {
            "platform": self.platform,
            "code": self.code,
            "count": self.count,
            "request_id": self.request_id,
            "deal_id": self.deal_id,
            "title": self.title,
            "price_cents": self.price_cents,
            "references": list(self.references),
            "consumed_at": self.consumed_at.isoformat() if self.consumed_at else None,
            "settlement_cents": self.settlement_cents,
        }

    @classmethod
    def from_json(cls, data: JsonObject) -> Consumed:
        values = dict(data)
        values["references"] = tuple(values.get("references") or ())
        at = values.get("consumed_at")
        values["consumed_at"] = datetime.fromisoformat(at) if at else None
        return cls(**values)


# -- errors ---------------------------------------------------------------------------------------


class PlatformFailure(Exception):
    """Every adapter error. `message` is the platform's own text (shown as it is, beside ours);
    `user_message` is ours, in the user's language; `code` the platform's error code, if any."""

    default_message: Any = gettext_lazy("the group-buy platform refused the code")

    def __init__(self, message: str = "", code: str = "") -> None:
        self.message = message
        self.code = code
        super().__init__(f"{code}: {message}" if code else message or str(self.default_message))

    @property
    def user_message(self) -> str:
        return str(self.default_message)


class CodeInvalid(PlatformFailure):
    """No such code on this platform (mistyped, or another platform's)."""

    default_message = gettext_lazy("the platform does not know this coupon code")


class CodeUsed(PlatformFailure):
    default_message = gettext_lazy("this coupon code has already been used")


class CodeExpired(PlatformFailure):
    default_message = gettext_lazy("this coupon code has expired")


class CodeOtherStore(PlatformFailure):
    """The deal cannot be used at this store (bought for another shop)."""

    default_message = gettext_lazy("this coupon code cannot be used at this store")


class CountUnavailable(PlatformFailure):
    """More units asked than the code has left."""

    default_message = gettext_lazy("the coupon code does not have that many uses left")


class CancelWindowPassed(PlatformFailure):
    default_message = gettext_lazy("the platform no longer allows this write-off to be cancelled")


class PlatformError(PlatformFailure):
    """A definite no from the platform that is none of the above (a bad signature or token of ours,
    a parameter it refuses, a business rule): nothing happened on its side."""

    default_message = gettext_lazy("the group-buy platform refused the request")


class PlatformUnavailable(PlatformFailure):
    """The platform could not be reached, timed out, failed (5xx) or answered something unreadable:
    the outcome is UNKNOWN. After a consume, `query` before trying again.

    `error_page`: it (or a gateway before it) answered a page that is not its JSON, such as an HTML
    "502 Bad Gateway"; `code` is then the HTTP status. Such a page is no message for staff: the
    error carries none, and the page itself is only in the log (apps.groupbuy.platforms.http)."""

    default_message = gettext_lazy("the group-buy platform did not answer: try again in a moment")
    error_page_message = gettext_lazy(
        "the group-buy platform is out of order for the moment (it answered HTTP %(status)s): try again in a moment"
    )

    def __init__(self, message: str = "", code: str = "", timed_out: bool = False, error_page: bool = False) -> None:
        self.timed_out = timed_out
        self.error_page = error_page
        super().__init__(message, code)

    @property
    def user_message(self) -> str:
        if self.error_page:
            return str(self.error_page_message) % {"status": self.code}
        return str(self.default_message)


class PlatformNotConfigured(PlatformFailure):
    default_message = gettext_lazy("this group-buy platform is not set up for the store")


@dataclass(frozen=True)
class FailureCodes:
    """A platform's error codes for the failures the write-off service tells apart."""

    code_invalid: int
    code_used: int
    code_expired: int
    code_other_store: int
    count_unavailable: int
    cancel_window_passed: int

    def failure(self, code: object, message: str) -> PlatformFailure:
        """The failure a code of the platform's answer means: PlatformError for one not listed (or
        not a number), with the platform's message and code."""
        if not isinstance(code, int):
            return PlatformError(message, code=str(code))
        failures: Mapping[int, type[PlatformFailure]] = {
            self.code_invalid: CodeInvalid,
            self.code_used: CodeUsed,
            self.code_expired: CodeExpired,
            self.code_other_store: CodeOtherStore,
            self.count_unavailable: CountUnavailable,
            self.cancel_window_passed: CancelWindowPassed,
        }
        return failures.get(code, PlatformError)(message, code=str(code))


# -- the interface --------------------------------------------------------------------------------


class GroupBuyPlatform(Protocol):
    name: str
    # False for the manual platform: no outside call, the write-off service checks reuse itself.
    remote: bool

    def prepare(self, account: PlatformAccount, code: str) -> CouponInfo:
        """What the code buys; consumes nothing. Raises CodeInvalid, CodeUsed, CodeExpired,
        CodeOtherStore, PlatformError, PlatformUnavailable."""
        ...

    def consume(self, account: PlatformAccount, code: str, count: int, request_id: str) -> Consumed:
        """Write the code off for `count` units. `request_id` is ours, unique per attempt of one
        write-off (the write-off record's id): the platform's idempotency key where it has one.
        Raises what prepare raises and CountUnavailable."""
        ...

    def query(self, account: PlatformAccount, code: str, request_id: str) -> Consumed | None:
        """After a PlatformUnavailable consume: the write-off if the platform has it, else None."""
        ...

    def cancel(self, account: PlatformAccount, consumed: Consumed) -> None:
        """Undo a write-off. Raises CancelWindowPassed, PlatformError, PlatformUnavailable."""
        ...
