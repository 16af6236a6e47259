"""What every payment provider adapter offers (issue 14 §1).

The payments app talks to WeChat Pay, Alipay and the card terminal only through these calls; each
adapter turns them into its provider's protocol with the provider's own SDK (wechatpayv3,
python-alipay-sdk) or, for the terminal, our own small HTTP protocol a vendor's SDK can sit behind.
Amounts cross this line as integer cents (fen), which is what every provider speaks; out-trade and
out-refund numbers are ours and unique in the database.

An adapter never touches the database: it asks, the payments services decide and record."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from typing import Protocol


class ProviderState(StrEnum):
    """A payment as the provider reports it, reduced to what our state machine needs."""

    PENDING = "pending"  # created, or the customer is still confirming ("user paying")
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # declined, wrong code, insufficient funds: final, nothing taken
    CLOSED = "closed"  # closed or cancelled before money moved: final
    REFUNDED = "refunded"  # the provider reports it refunded (in part or whole)
    UNKNOWN = "unknown"  # the provider does not know the trade (yet)


class RefundState(StrEnum):
    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class ProviderError(Exception):
    """The provider could not be reached or answered something we cannot read: the outcome is
    unknown, so the caller keeps the intent pending and the poller asks again."""


class ProviderRefused(Exception):
    """The provider answered a definite no to a request (bad signature of ours, parameter error,
    a refund above what was paid): nothing happened on its side."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class ForgedNotification(Exception):
    """A notification whose signature, certificate or payload does not verify."""


@dataclass(frozen=True)
class ProviderAccount:
    """One merchant account of one provider, from settings (PAYMENT_PROVIDERS): one per store, or
    one for the whole chain. Keys are PEM text read from files or the environment, never from the
    repository."""

    provider: str
    base_url: str
    merchant_id: str
    app_id: str = ""
    private_key: str = ""  # ours: signs requests
    public_key: str = ""  # the provider's: verifies answers and notifications
    serial_no: str = ""  # our certificate's serial (WeChat Pay)
    api_v3_key: str = ""  # WeChat Pay: decrypts notification resources
    notify_url: str = ""
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PayRequest:
    out_trade_no: str
    amount_cents: int
    description: str
    auth_code: str = ""  # the customer's payment code, for pay_by_code
    terminal_id: str = ""  # the card terminal that takes the card (pay_by_code of the card terminal)
    store_code: str = ""
    expires_at: datetime | None = None


@dataclass(frozen=True)
class PayResult:
    """A payment as the provider reported it. For a success, the payments services compare what it
    names (amount, currency, merchant, application, terminal) with what was asked: an adapter hands
    on what the provider said, "" where its answer names nothing of the kind, and the protocol's
    default currency where the provider may leave it out."""

    out_trade_no: str
    state: ProviderState
    amount_cents: int = 0
    provider_trade_no: str = ""
    code_url: str = ""  # pay_by_qr: what the QR on the screen encodes
    paid_at: datetime | None = None
    message: str = ""  # the provider's reason, for a decline
    currency: str = "CNY"
    merchant_id: str = ""  # WeChat Pay mchid, Alipay seller_id, the gateway's merchant_id
    app_id: str = ""  # WeChat Pay appid, Alipay app_id
    terminal_id: str = ""  # the card terminal or payment box that took it


@dataclass(frozen=True)
class RefundRequest:
    out_trade_no: str
    out_refund_no: str
    amount_cents: int
    total_cents: int
    reason: str = ""


@dataclass(frozen=True)
class RefundResult:
    out_refund_no: str
    state: RefundState
    amount_cents: int = 0
    provider_refund_no: str = ""
    message: str = ""


@dataclass(frozen=True)
class Notification:
    """A verified asynchronous notification: a payment's or a refund's new state."""

    kind: str  # "payment" or "refund"
    out_trade_no: str
    out_refund_no: str = ""
    state: str = ""  # a ProviderState or a RefundState value
    amount_cents: int = 0
    provider_trade_no: str = ""
    message: str = ""  # the provider's reason of a decline (or, for the payment box, the wallet paid with)
    # What a payment's notification names, as PayResult's (compared with what was asked).
    currency: str = "CNY"
    merchant_id: str = ""
    app_id: str = ""
    terminal_id: str = ""


@dataclass(frozen=True)
class NotificationAnswer:
    """What the provider expects back so it stops resending."""

    status: int
    content_type: str
    body: bytes


@dataclass(frozen=True)
class BillRow:
    """One line of the provider's bill for a day."""

    out_trade_no: str
    out_refund_no: str
    amount_cents: int  # a refund's amount is negative
    provider_trade_no: str = ""


class PaymentProvider(Protocol):
    name: str

    def pay_by_code(self, account: ProviderAccount, request: PayRequest) -> PayResult:
        """The cashier scanned the customer's payment code (micropay / barcode pay). May answer
        PENDING while the customer confirms on the phone."""
        ...

    def pay_by_qr(self, account: ProviderAccount, request: PayRequest) -> PayResult:
        """A QR for the customer to scan (native / precreate): PENDING with `code_url`."""
        ...

    def query(self, account: ProviderAccount, out_trade_no: str) -> PayResult: ...

    def close(self, account: ProviderAccount, out_trade_no: str) -> None:
        """Close (or cancel) an unpaid trade so it can no longer be paid."""
        ...

    def refund(self, account: ProviderAccount, request: RefundRequest) -> RefundResult: ...

    def query_refund(self, account: ProviderAccount, out_trade_no: str, out_refund_no: str) -> RefundResult: ...

    def parse_notification(self, account: ProviderAccount, headers: dict[str, str], body: bytes) -> Notification:
        """Verify and read a notification; raises ForgedNotification."""
        ...

    def notification_answer(self, accepted: bool) -> NotificationAnswer: ...

    def bill(self, account: ProviderAccount, day: date) -> list[BillRow]: ...
