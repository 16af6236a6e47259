"""Stocktakes (盘点): freeze a snapshot of a store's live stock, count it (typed or scanned), submit,
and the owner approves (the differences become stock moves) or sends it back.

The rule of approval: a line's difference is counted − snapshot (in use units), and it is applied as
a move of kind `stocktake` on top of the live stock as it is at approval. What moved between the
freeze and the approval (a sale during the count) therefore still counts: the count corrects the
snapshot, not the moves made since. All of a stocktake's moves are one `record_moves` call in the
approval's transaction, under the stocktake's row lock, so two approvals at once make one set of
moves. Where the store forbids negative stock, a difference that takes the live stock to 0 or
above is never refused; one that would take it below 0 (goods left during the count beyond what
was counted) is refused with STOCK-40901 and nothing is written.

A person's submission also files a request of kind "stocktake" in the approval centre. Its hooks
(stocktake_request_approved / _rejected) are the one place a submitted stocktake is approved or sent
back: the centre's decision runs them, and so do the stocktake's own approve and send-back calls,
which decide the waiting request. Every path locks the request, then the stocktake."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, connection
from django.db.models import F
from django.db.models.functions import Abs
from django.utils import timezone
from django.utils.translation import gettext

from apps.approvals.choices import ApprovalStatus
from apps.approvals.errors import RequestDecided
from apps.approvals.models import ApprovalRequest
from apps.approvals.services import close_waiting, decide, request_approval
from apps.catalog.models import Category, Product
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import money_to_wire
from apps.core.transactions import use_case_atomic
from apps.inventory.choices import (
    STOCKTAKE_APPROVAL_KIND,
    STOCKTAKE_SUBJECT,
    AuditAction,
    MoveKind,
    StocktakeScope,
    StocktakeStatus,
)
from apps.inventory.errors import StocktakeOpen, StocktakeState
from apps.inventory.models import STOCKTAKE_OPEN, ZERO, StockBalance, Stocktake, StocktakeLine
from apps.inventory.services import MoveLine, record_moves
from apps.inventory.stocktake_selectors import stocktake_sums, value_totals
from apps.org.models import OrgUnit

# The moves of an approved stocktake carry this document kind and the stocktake's id.
STOCKTAKE_MOVES = "stocktake"
STOCKTAKE_PREFIX = "PD"
COUNTABLE = (StocktakeStatus.COUNTING, StocktakeStatus.REJECTED)
MAX_COUNT = Decimal("1000000000")
CENT = Decimal("0.01")
THOUSANDTH = Decimal("0.001")
# How many of the biggest differences the approval centre shows.
BIGGEST = 3


def stocktake_number(stocktake: Stocktake) -> str:
    return f"{STOCKTAKE_PREFIX}{timezone.localdate():%Y%m%d}{stocktake.pk:08d}"


def _freeze(stocktake: Stocktake, category_ids: Sequence[int], product_ids: Sequence[int]) -> int:
    """Writes the snapshot lines in ONE statement (INSERT … SELECT from the balances), so the
    snapshot is the live stock at one instant. A whole-store or category count takes every product
    the store holds (a balance other than 0); chosen products are taken even with none."""
    line = StocktakeLine._meta.db_table
    balance = StockBalance._meta.db_table
    product = Product._meta.db_table
    where = "b.quantity <> 0"
    parameters: list[Any] = [stocktake.pk, stocktake.store_id]
    if stocktake.scope == StocktakeScope.CATEGORIES:
        where += " AND p.category_id = ANY(%s)"
        parameters.append(list(category_ids))
    elif stocktake.scope == StocktakeScope.PRODUCTS:
        where = "p.id = ANY(%s)"
        parameters.append(list(product_ids))
    join = "LEFT JOIN" if stocktake.scope == StocktakeScope.PRODUCTS else "JOIN"
    sql = (
        f'INSERT INTO "{line}" (stocktake_id, product_id, snapshot, use_per_unit, unit_cost, '
        "difference_value, added) "
        f'SELECT %s, p.id, COALESCE(b.quantity, 0), p.use_per_unit, p.cost, 0, false FROM "{product}" p '
        f'{join} "{balance}" b ON b.product_id = p.id AND b.store_id = %s WHERE {where} ORDER BY p.code'
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, parameters)
        return cursor.rowcount


def stocktake_create(
    *,
    actor: Actor,
    store: OrgUnit,
    scope: StocktakeScope = StocktakeScope.STORE,
    category_ids: Sequence[int] = (),
    product_ids: Sequence[int] = (),
    remark: str = "",
) -> Stocktake:
    """Starts a stocktake of `store`: the stocktake and its snapshot lines in one transaction. A
    store with an open stocktake (counting, submitted or sent back) gets STOCK-40902, also when two
    start at once (the database's partial unique index)."""
    scope_names = ""
    if scope == StocktakeScope.CATEGORIES:
        names = list(Category.objects.filter(pk__in=category_ids).values_list("name", flat=True))
        if not category_ids or len(names) != len(set(category_ids)):
            raise InvalidInput(gettext("choose the categories to count"), field="categoryIds")
        scope_names = "、".join(names)
    elif scope == StocktakeScope.PRODUCTS:
        names = list(Product.objects.filter(pk__in=product_ids).values_list("name", flat=True))
        if not product_ids or len(names) != len(set(product_ids)):
            raise InvalidInput(gettext("choose the products to count"), field="productIds")
        scope_names = "、".join(names)
    with use_case_atomic():
        if Stocktake.objects.filter(store=store, status__in=STOCKTAKE_OPEN).exists():
            raise StocktakeOpen()
        try:
            with use_case_atomic():
                stocktake = Stocktake.objects.create(
                    store=store,
                    scope=scope,
                    scope_names=scope_names[:200],
                    remark=remark[:200],
                    created_by_id=actor.user_id,
                    created_by_name=actor.login_name[:40],
                )
        except IntegrityError as clash:  # another start won the race for the store's open stocktake
            raise StocktakeOpen() from clash
        stocktake.number = stocktake_number(stocktake)
        Stocktake.objects.filter(pk=stocktake.pk).update(number=stocktake.number)
        _freeze(stocktake, category_ids, product_ids)
    return stocktake


def _locked(store: OrgUnit, stocktake_id: int) -> Stocktake:
    stocktake = Stocktake.objects.select_for_update().filter(store=store, pk=stocktake_id).first()
    if stocktake is None:
        raise NotFound()
    return stocktake


def _countable(stocktake: Stocktake) -> None:
    if stocktake.status not in COUNTABLE:
        raise StocktakeState(gettext("only a stocktake being counted can be counted"))


def _difference(line: StocktakeLine, counted: Decimal) -> tuple[Decimal, Decimal]:
    """The difference in use units and its value: (counted − snapshot) at the frozen cost per stock unit."""
    difference = (counted * line.use_per_unit).quantize(THOUSANDTH) - line.snapshot
    value = (difference / line.use_per_unit * line.unit_cost).quantize(CENT)
    return difference, value


def _checked(counted: Decimal, field: str = "counted") -> Decimal:
    if counted < 0 or counted >= MAX_COUNT or counted != counted.quantize(THOUSANDTH):
        raise InvalidInput(gettext("a count is 0 or more, to three decimal places"), field=field)
    return counted


def _write_counts(lines: list[StocktakeLine]) -> None:
    """The lines' counts, differences and values in one UPDATE … FROM (VALUES …), not bulk_update's
    CASE of one branch per row (seconds of Python for 2,000 lines)."""
    fields = ["counted", "difference", "difference_value", "counted_at"]
    if len(lines) < 2:
        StocktakeLine.objects.bulk_update(lines, fields, batch_size=500)
        return
    table = StocktakeLine._meta.db_table
    rows = ", ".join(["(%s::bigint, %s::numeric, %s::numeric, %s::numeric, %s::timestamptz)"] * len(lines))
    parameters: list[Any] = []
    for line in lines:
        parameters += [line.pk, line.counted, line.difference, line.difference_value, line.counted_at]
    with connection.cursor() as cursor:
        cursor.execute(
            f'UPDATE "{table}" AS l SET counted = v.counted, difference = v.difference, '
            "difference_value = v.difference_value, counted_at = v.counted_at "
            f"FROM (VALUES {rows}) AS v(id, counted, difference, difference_value, counted_at) WHERE l.id = v.id",
            parameters,
        )


@dataclass(frozen=True)
class CountInput:
    """A typed count of a line's product, in stock units (2 bottles); None clears it."""

    product_id: int
    counted: Decimal | None


def stocktake_count(*, actor: Actor, store: OrgUnit, stocktake_id: int, counts: Sequence[CountInput]) -> int:
    """Sets the typed counts of products of the stocktake (each must be one of its lines)."""
    if not counts:
        raise InvalidInput(gettext("nothing to count"), field="lines")
    for item in counts:
        if item.counted is not None:
            _checked(item.counted)
    with use_case_atomic():
        stocktake = _locked(store, stocktake_id)
        _countable(stocktake)
        wanted = {item.product_id: item.counted for item in counts}
        lines = list(stocktake.lines.filter(product_id__in=wanted))
        if len(lines) != len(wanted):
            raise InvalidInput(gettext("the product is not on this stocktake; scan it to add it"), field="productId")
        now = timezone.now()
        for line in lines:
            counted = wanted[line.product_id]
            line.counted = counted
            if counted is None:
                line.difference, line.difference_value, line.counted_at = None, ZERO, None
            else:
                line.difference, line.difference_value = _difference(line, counted)
                line.counted_at = now
        _write_counts(lines)
        Stocktake.objects.filter(pk=stocktake.pk).update(counted_by_name=actor.login_name[:40])
    return len(lines)


def stocktake_scan(
    *, actor: Actor, store: OrgUnit, stocktake_id: int, code: str, quantity: Decimal | None = None
) -> StocktakeLine:
    """A scanned barcode (or a product code typed in the scan field) adds one stock unit, or
    `quantity`, to its line; a product not in the snapshot is added with snapshot 0."""
    added = _checked(quantity if quantity is not None else Decimal("1"), "quantity")
    if added == 0:
        raise InvalidInput(gettext("a quantity must be above 0"), field="quantity")
    code = code.strip()
    # A barcode first; a product code typed into the scan field too.
    product = (
        (Product.objects.filter(barcode=code).first() or Product.objects.filter(code=code).first()) if code else None
    )
    if product is None:
        raise InvalidInput(gettext("no product has this barcode"), field="barcode")
    with use_case_atomic():
        stocktake = _locked(store, stocktake_id)
        _countable(stocktake)
        line = stocktake.lines.filter(product=product).first()
        if line is None:
            line = StocktakeLine.objects.create(
                stocktake=stocktake,
                product=product,
                snapshot=ZERO,
                use_per_unit=product.use_per_unit,
                unit_cost=product.cost,
                added=True,
            )
        counted = _checked((line.counted or ZERO) + added, "quantity")
        line.counted = counted
        line.difference, line.difference_value = _difference(line, counted)
        line.counted_at = timezone.now()
        line.save(update_fields=["counted", "difference", "difference_value", "counted_at"])
        Stocktake.objects.filter(pk=stocktake.pk).update(counted_by_name=actor.login_name[:40])
    return line


def _net_value(stocktake: Stocktake) -> Decimal:
    return value_totals(stocktake_sums([stocktake.pk]).get(stocktake.pk))[2]


def stocktake_submit(*, actor: Actor, store: OrgUnit, stocktake_id: int) -> Stocktake:
    """Hands the count to the owner. A line not counted is counted as 0 (the count is the truth:
    what was not found is not there). A person's submission also files a request of kind
    "stocktake" in the approval centre, in this transaction (amount: the net value difference's
    absolute value); a submission by the system (the demo seed) files none and waits on the
    stocktake's own page only."""
    with use_case_atomic():
        stocktake = _locked(store, stocktake_id)
        _countable(stocktake)
        stocktake.lines.filter(counted__isnull=True).update(
            counted=ZERO,
            difference=-F("snapshot"),
            # The column keeps cents (numeric(16, 2) rounds on write).
            difference_value=-F("snapshot") / F("use_per_unit") * F("unit_cost"),
            counted_at=timezone.now(),
        )
        stocktake.status = StocktakeStatus.SUBMITTED
        stocktake.submitted_by_name = actor.login_name[:40]
        stocktake.submitted_at = timezone.now()
        stocktake.save(update_fields=["status", "submitted_by_name", "submitted_at"])
        if actor.user_id is not None:
            request_approval(
                actor=actor,
                kind=STOCKTAKE_APPROVAL_KIND,
                store_id=store.pk,
                subject_type=STOCKTAKE_SUBJECT,
                subject_id=stocktake.pk,
                subject=f"{stocktake.number or stocktake.pk} {stocktake.remark}".strip(),
                amount=abs(_net_value(stocktake)),
                payload={"number": stocktake.number or ""},
            )
    return stocktake


def _waiting_request(stocktake: Stocktake) -> ApprovalRequest | None:
    return ApprovalRequest.objects.filter(
        kind=STOCKTAKE_APPROVAL_KIND,
        subject_type=STOCKTAKE_SUBJECT,
        subject_id=str(stocktake.pk),
        status=ApprovalStatus.PENDING,
    ).first()


def _in_store(store: OrgUnit, stocktake_id: int) -> Stocktake:
    stocktake = Stocktake.objects.filter(store=store, pk=stocktake_id).first()
    if stocktake is None:
        raise NotFound()
    return stocktake


def _through_request(actor: Actor, stocktake: Stocktake, *, approve: bool, remark: str, refusal: str) -> bool:
    """Decides the stocktake's waiting request, whose hook does the work (one source of truth: the
    request and the stocktake change in one transaction, request row locked first, then the
    stocktake). The caller's codes and store were checked by its endpoint, so the decision is a
    trusted one (an owner may approve a count they submitted, as before the approval centre).
    False when nothing waits (a stocktake submitted by the system)."""
    waiting = _waiting_request(stocktake)
    if waiting is None:
        return False
    try:
        decide(actor=actor, request_id=waiting.pk, approve=approve, remark=remark, codes=None, store_ids=None)
    except RequestDecided as decided:  # decided meanwhile (in the approval centre, or a second click)
        raise StocktakeState(refusal) from decided
    return True


def _approved(actor: Actor, stocktake: Stocktake) -> None:
    """Every line's difference other than 0 becomes one move (kind stocktake) in ONE record_moves
    call, on top of the live stock (see the module); the stocktake is locked and submitted."""
    differences = list(
        stocktake.lines.exclude(difference=0).exclude(difference__isnull=True).values_list("product_id", "difference")
    )
    if differences:
        record_moves(
            actor=actor,
            store=stocktake.store,
            kind=MoveKind.STOCKTAKE,
            document_kind=STOCKTAKE_MOVES,
            document_id=stocktake.pk,
            lines=[
                MoveLine(product_id, difference, remark=stocktake.number or "")
                for product_id, difference in differences
            ],
        )
    stocktake.status = StocktakeStatus.APPROVED
    stocktake.decided_by_name = actor.login_name[:40]
    stocktake.decided_at = timezone.now()
    stocktake.save(update_fields=["status", "decided_by_name", "decided_at"])
    audit_record(
        actor=actor, action=AuditAction.STOCKTAKE_APPROVED, target=stocktake, detail={"moves": len(differences)}
    )


def _sent_back(actor: Actor, stocktake: Stocktake, reason: str) -> None:
    stocktake.status = StocktakeStatus.REJECTED
    stocktake.reject_reason = reason[:200]
    stocktake.decided_by_name = actor.login_name[:40]
    stocktake.decided_at = timezone.now()
    stocktake.save(update_fields=["status", "reject_reason", "decided_by_name", "decided_at"])
    audit_record(actor=actor, action=AuditAction.STOCKTAKE_REJECTED, target=stocktake, detail={"reason": reason})


def _approve_refused() -> str:
    return gettext("only a submitted stocktake can be approved")


def _send_back_refused() -> str:
    return gettext("only a submitted stocktake can be sent back")


def stocktake_approve(*, actor: Actor, store: OrgUnit, stocktake_id: int) -> Stocktake:
    """The owner approves a submitted stocktake on its own page: its waiting request is approved,
    whose hook applies the differences (stocktake_request_approved); a stocktake with no request
    (submitted by the system) is approved here the same way."""
    stocktake = _in_store(store, stocktake_id)
    if _through_request(actor, stocktake, approve=True, remark="", refusal=_approve_refused()):
        return Stocktake.objects.get(pk=stocktake.pk)
    with use_case_atomic():
        stocktake = _locked(store, stocktake_id)
        if stocktake.status != StocktakeStatus.SUBMITTED:
            raise StocktakeState(_approve_refused())
        filed_since = _waiting_request(stocktake) is not None  # a person submitted it since the look above
        if not filed_since:
            _approved(actor, stocktake)
    if filed_since and not _through_request(actor, stocktake, approve=True, remark="", refusal=_approve_refused()):
        raise StocktakeState(_approve_refused())
    return Stocktake.objects.get(pk=stocktake.pk)


def stocktake_reject(*, actor: Actor, store: OrgUnit, stocktake_id: int, reason: str) -> Stocktake:
    """The owner sends a submitted stocktake back to be counted again, with the reason (its waiting
    request is rejected with the reason as the remark, like stocktake_approve)."""
    reason = reason.strip()
    if not reason:
        raise InvalidInput(gettext("say why the stocktake is sent back"), field="reason")
    stocktake = _in_store(store, stocktake_id)
    if _through_request(actor, stocktake, approve=False, remark=reason, refusal=_send_back_refused()):
        return Stocktake.objects.get(pk=stocktake.pk)
    with use_case_atomic():
        stocktake = _locked(store, stocktake_id)
        if stocktake.status != StocktakeStatus.SUBMITTED:
            raise StocktakeState(_send_back_refused())
        filed_since = _waiting_request(stocktake) is not None
        if not filed_since:
            _sent_back(actor, stocktake, reason)
    if filed_since and not _through_request(
        actor, stocktake, approve=False, remark=reason, refusal=_send_back_refused()
    ):
        raise StocktakeState(_send_back_refused())
    return Stocktake.objects.get(pk=stocktake.pk)


def _for_decision(request: ApprovalRequest) -> Stocktake:
    stocktake = (
        Stocktake.objects.select_for_update(of=("self",))
        .select_related("store")
        .filter(pk=int(request.subject_id))
        .first()
    )
    if stocktake is None:
        raise NotFound()
    return stocktake


def stocktake_request_approved(request: ApprovalRequest, actor: Actor) -> None:
    """The approval kind's on_approved hook (in the decision's transaction, request locked): the
    stocktake's differences are applied; a stocktake no longer submitted refuses (STOCK-40903) and
    the decision is undone; a stock shortfall refuses with STOCK-40901 likewise."""
    stocktake = _for_decision(request)
    if stocktake.status != StocktakeStatus.SUBMITTED:
        raise StocktakeState(_approve_refused())
    _approved(actor, stocktake)


def stocktake_request_rejected(request: ApprovalRequest, actor: Actor) -> None:
    """The kind's on_rejected hook: a rejection sends the stocktake back with the remark as its
    reason; the submitter withdrawing the request takes the count back to counting."""
    stocktake = _for_decision(request)
    if stocktake.status != StocktakeStatus.SUBMITTED:
        raise StocktakeState(_send_back_refused())
    if request.status == ApprovalStatus.WITHDRAWN:
        stocktake.status = StocktakeStatus.COUNTING
        stocktake.save(update_fields=["status"])
        audit_record(actor=actor, action=AuditAction.STOCKTAKE_WITHDRAWN, target=stocktake, detail={})
        return
    _sent_back(actor, stocktake, request.remark or gettext("sent back in the approval centre"))


def stocktake_described(request: ApprovalRequest) -> list[tuple[str, str]]:
    """What the approval centre's detail shows of a stocktake: its counts, the value difference (the
    stocktake's own totals, as its list and page show them) and its biggest differences by value."""
    stocktake = Stocktake.objects.filter(pk=int(request.subject_id)).first()
    if stocktake is None:
        return []
    sums = stocktake_sums([stocktake.pk]).get(stocktake.pk) or {}
    gain, loss, net = value_totals(sums)
    described = [
        (gettext("Lines counted"), str(sums.get("counted", 0))),
        (gettext("Lines with a difference"), str(sums.get("differing", 0))),
        (gettext("Value gained"), money_to_wire(gain)),
        (gettext("Value lost"), money_to_wire(loss)),
        (gettext("Value difference"), money_to_wire(net)),
    ]
    differing = stocktake.lines.exclude(difference=0).exclude(difference__isnull=True)
    biggest = differing.select_related("product").order_by(Abs("difference_value").desc(), "product__code")[:BIGGEST]
    for line in biggest:
        product = line.product
        units = f"{(line.difference / line.use_per_unit).quantize(THOUSANDTH).normalize() + 0:f}"
        described.append(
            (f"{product.code} {product.name}", f"{units} {product.unit} ({money_to_wire(line.difference_value)})")
        )
    return described


def stocktake_cancel(*, actor: Actor, store: OrgUnit, stocktake_id: int) -> Stocktake:
    """Cancels an open stocktake (its count is dropped; no stock moves)."""
    found = _in_store(store, stocktake_id)
    with use_case_atomic():
        # The waiting request is locked before the stocktake, in the order a decision locks them.
        waiting = _waiting_request(found)
        if waiting is not None:
            ApprovalRequest.objects.select_for_update().filter(pk=waiting.pk).first()
        stocktake = _locked(store, stocktake_id)
        if stocktake.status not in STOCKTAKE_OPEN:
            raise StocktakeState(gettext("only an open stocktake can be cancelled"))
        close_waiting(
            actor=actor,
            kind=STOCKTAKE_APPROVAL_KIND,
            subject_type=STOCKTAKE_SUBJECT,
            subject_id=stocktake.pk,
            remark=gettext("the stocktake was cancelled"),
        )
        stocktake.status = StocktakeStatus.CANCELLED
        stocktake.decided_by_name = actor.login_name[:40]
        stocktake.decided_at = timezone.now()
        stocktake.save(update_fields=["status", "decided_by_name", "decided_at"])
    return stocktake
