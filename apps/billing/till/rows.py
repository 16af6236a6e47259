"""The rows the till's selectors build, one TypedDict per output serializer (named after it, with
`Row` for the serializers whose name does not say it), and the receipt's template context. Money is
wire text, as the serializers declare it."""

from __future__ import annotations

from datetime import datetime
from typing import NotRequired, TypedDict

from apps.billing.models import Order
from apps.billing.till.receipt_extras import ReceiptExtra
from apps.core.lazy_text import StrOrPromise
from apps.org.models import OrgUnit


class PaymentTenderRow(TypedDict):
    """As PaymentTenderOutputSerializer writes it; a provider tender (QR, terminal, box) also says
    what the provider is doing with it."""

    tenderId: int
    method: str
    amount: str
    status: str
    message: NotRequired[str]
    terminalId: NotRequired[str]
    mode: NotRequired[str]
    codeUrl: NotRequired[str]
    qrImage: NotRequired[str]
    expiresAt: NotRequired[datetime | None]


class PaymentRow(TypedDict):
    """As PaymentOutputSerializer writes it: the order's payment as it stands."""

    orderId: int
    status: str
    paid: str
    pending: str
    due: str
    change: str
    tenders: list[PaymentTenderRow]


class TenderStatusRow(TypedDict):
    """As TenderStatusOutputSerializer writes it: a pending provider tender and its order."""

    tender: PaymentTenderRow
    order: PaymentRow


class DrawnSessionRow(TypedDict):
    """As DrawnSessionOutputSerializer writes it: package sessions an order used."""

    cardId: int
    cardNo: str
    projectId: int | None
    projectName: str
    sessions: int
    sessionsLeft: int | None
    storeId: int
    operatorName: str
    createdAt: datetime


class ReceiptLine(TypedDict):
    """A line as the receipt prints it."""

    name: str
    qty: int
    type: StrOrPromise
    unit_price: str
    discount: str
    amount: str


class ReceiptTender(TypedDict):
    """A succeeded tender as the receipt prints it."""

    method: StrOrPromise
    amount: str
    card_no: str | None
    points: int | None
    received: str
    change: str


class ReceiptContext(TypedDict):
    """What templates/billing/receipt.html prints (80 mm)."""

    with_amounts: bool
    store: OrgUnit
    order: Order
    status: StrOrPromise
    printed_at: datetime
    paid_at: datetime | None
    member_name: str
    phone: str
    lines: list[ReceiptLine]
    total: str
    discount: str
    sessions_value: str
    payable: str
    paid: str
    due: str
    tenders: list[ReceiptTender]
    sessions: list[DrawnSessionRow]
    operator: str
    signed: bool
    # The view adds them: the stylesheet's absolute address, for a receipt printed from a blob, and
    # the blocks apps above billing print at its foot (apps.billing.till.receipt_extras).
    stylesheet: NotRequired[str]
    extras: NotRequired[list[ReceiptExtra]]
