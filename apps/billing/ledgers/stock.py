"""Billing meets the stock ledger (issue 15; docs/decisions/0018-stock-at-the-till.md).

- A paid order's products leave the store's stock with it: one `sale` move per product of the order
  (product lines, and product packages by their package lines × quantity), written by
  apps.inventory.services.record_moves in the payment's transaction. Where the store does not allow
  negative stock the payment is refused with 409 STOCK-40901 and nothing (no money) moves; the
  pricing preview and the commit check the same (without locks) so the cashier learns it early.
  A provider tender that settles later (the money is already taken) records the sale anyway.
- A line marked "take later" (欠货) moves no stock when paid: it owes its goods (OwedGoods), and each
  taking is an `owed_pickup` move naming the owed row (document_kind "owed"; apps.billing.owed.services).
- A paid order's projects (sold, or paid by package sessions) use up their `ProjectConsumable`s ×
  sessions (`service_use` moves). A service is never refused for its consumables: they are recorded
  even below 0 (a system log entry says so), for the stocktake to find.
- A refund of goods puts them back (`sale_return`, document_kind "refund"); a take-later line's
  untaken goods are owed less instead (they never left). Goods that came back damaged are written
  off at once (`return_damaged`, the reason as the move's remark), so the sale is undone and the
  loss is a figure of its own, and the shelf holds what it held (issue 28). A refunded service
  does not give back what it used."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from apps.billing.choices import AuditAction, LineType
from apps.billing.models import Order, OrderLine, OwedGoods, Refund
from apps.catalog.models import Product, ProductPackageLine, ProjectConsumable
from apps.core.audit import Actor, audit_record
from apps.inventory.choices import MoveKind
from apps.inventory.sale_selectors import stock_check
from apps.inventory.services import MoveLine, record_moves
from apps.org.models import OrgUnit

GOODS = (LineType.PRODUCT, LineType.PRODUCT_PACKAGE)
ORDER_DOCUMENT = "order"
REFUND_DOCUMENT = "refund"


@dataclass(frozen=True)
class Goods:
    """A product a line hands over, in stock units (a package line: each of its products), and the
    product's use units per stock unit."""

    line_key: int
    product_id: int
    units: int
    per_unit: Decimal


def goods_of(lines: Iterable[tuple[int, str, int, int, Decimal | None]]) -> list[Goods]:
    """(key, type, item id, qty, the product's use_per_unit) of goods lines → the products they hand
    over; one statement when a product package is among them (its contents with their use units),
    none otherwise."""
    lines = list(lines)
    package_ids = {item_id for _key, kind, item_id, _qty, _per in lines if kind == LineType.PRODUCT_PACKAGE}
    contents: dict[int, list[tuple[int, int, Decimal]]] = defaultdict(list)
    if package_ids:
        rows = ProductPackageLine.objects.filter(package_id__in=package_ids).order_by("id")
        for package_id, product_id, quantity, per_unit in rows.values_list(
            "package_id", "product_id", "quantity", "product__use_per_unit"
        ):
            contents[package_id].append((product_id, quantity, per_unit))
    goods = []
    for key, kind, item_id, qty, line_per_unit in lines:
        if kind == LineType.PRODUCT:
            assert line_per_unit is not None, "a product line comes with its product's use units"
            goods.append(Goods(key, item_id, qty, line_per_unit))
        elif kind == LineType.PRODUCT_PACKAGE:
            goods.extend(Goods(key, pk, quantity * qty, per) for pk, quantity, per in contents[item_id])
    return goods


def _in_use_units(goods: Sequence[Goods]) -> dict[int, Decimal]:
    """The goods summed by product in use units (what the ledger moves)."""
    total: dict[int, Decimal] = defaultdict(Decimal)
    for item in goods:
        total[item.product_id] += item.units * item.per_unit
    return dict(total)


def goods_stock_check(
    store: OrgUnit,
    lines: Iterable[tuple[int, str, int, int, Decimal | None]],
    held_read: Callable[[Sequence[int]], dict[int, Decimal] | None] | None = None,
) -> None:
    """409 STOCK-40901 when the store does not allow negative stock and holds less than these goods
    lines hand over (as `goods_of` reads them). No statement for no lines or in a store that allows
    negative stock, nor when `held_read` answers what the store holds of each product (read with
    the draft: apps.billing.orders.draft_reads)."""
    if store.negative_stock_allowed:
        return
    lines = list(lines)
    if lines:
        wanted = _in_use_units(goods_of(lines))
        stock_check(store, wanted, held=held_read(sorted(wanted)) if held_read is not None else None)


def stock_touched(lines: Sequence[OrderLine]) -> bool:
    """Does paying these lines move stock or owe goods (`consumes` and `use_per_unit`: annotated by
    apps.billing.orders.paid_lines.order_lines)."""
    return any(line.type in GOODS or (line.type == LineType.PROJECT and line.consumes) for line in lines)  # type: ignore[attr-defined]


def order_stock_settled(actor: Actor, order: Order, lines: Sequence[OrderLine], *, money_taken: bool = False) -> None:
    """The paid order's goods leave stock (or are owed) and its services use their products, in the
    caller's transaction. `money_taken`: a provider already took the money, so the sale is recorded
    even below 0. Adds no statement to an order without goods or consuming projects."""
    if not stock_touched(lines):
        return
    goods = goods_of(
        (line.pk, line.type, line.item_id, line.qty, line.use_per_unit)  # type: ignore[attr-defined]
        for line in lines
        if line.type in GOODS
    )
    later = {line.pk for line in lines if line.take_later}
    sold = [item for item in goods if item.line_key not in later]
    owed = [item for item in goods if item.line_key in later]
    if sold:
        record_moves(
            actor=actor,
            store=order.store,
            kind=MoveKind.SALE,
            document_kind=ORDER_DOCUMENT,
            document_id=order.pk,
            lines=[MoveLine(pk, -quantity) for pk, quantity in sorted(_in_use_units(sold).items())],
            allow_negative=money_taken,
        )
    if owed:
        OwedGoods.objects.bulk_create(
            OwedGoods(
                store_id=order.store_id,
                order_id=order.pk,
                order_line_id=item.line_key,
                member_id=order.member_id,
                product_id=item.product_id,
                quantity=item.units,
            )
            for item in owed
        )
    _services_used(actor, order, [line for line in lines if line.type == LineType.PROJECT and line.consumes])  # type: ignore[attr-defined]


def _services_used(actor: Actor, order: Order, served: list[OrderLine]) -> None:
    if not served:
        return
    sessions: dict[int, int] = defaultdict(int)
    for line in served:
        sessions[line.item_id] += line.qty
    used: dict[int, Decimal] = defaultdict(Decimal)
    rows = ProjectConsumable.objects.filter(project_id__in=sessions).values_list("project_id", "product_id", "quantity")
    for project_id, product_id, quantity in rows:
        used[product_id] += quantity * sessions[project_id]
    if not used:
        return
    moves = record_moves(
        actor=actor,
        store=order.store,
        kind=MoveKind.SERVICE_USE,
        document_kind=ORDER_DOCUMENT,
        document_id=order.pk,
        lines=[MoveLine(pk, -quantity) for pk, quantity in sorted(used.items())],
        allow_negative=True,
    )
    below = [move for move in moves if move.quantity_after < 0]
    if below and not order.store.negative_stock_allowed:
        audit_record(
            actor=actor,
            action=AuditAction.SERVICE_USE_BELOW_ZERO,
            target=order,
            detail={
                "orderNo": order.order_no,
                "products": [
                    {"productId": move.product_id, "used": str(-move.quantity), "after": str(move.quantity_after)}
                    for move in below
                ],
            },
        )


@dataclass(frozen=True)
class GoodsBack:
    """A refund line's units given back (of an order line, by the caller's plan); `damage_reason`:
    they came back damaged and are written off, for that reason (empty: back on the shelf)."""

    line: OrderLine
    qty: int
    damage_reason: str = ""


def refund_stock_back(actor: Actor, refund: Refund, order: Order, back: Sequence[GoodsBack]) -> None:
    """The refunded units of goods lines go back to stock (`sale_return`), but a take-later line's
    untaken goods are owed less first (under the owed rows' locks); the damaged ones that came back
    are then written off (`return_damaged`). No statement without goods."""
    back = [item for item in back if item.qty > 0 and item.line.type in GOODS]
    if not back:
        return
    per_unit = dict(
        Product.objects.filter(pk__in={i.line.item_id for i in back if i.line.type == LineType.PRODUCT}).values_list(
            "pk", "use_per_unit"
        )
    )
    goods = goods_of(
        (item.line.pk, item.line.type, item.line.item_id, item.qty, per_unit.get(item.line.item_id)) for item in back
    )
    later = {item.line.pk for item in back if item.line.take_later}
    owed_rows = {}
    if later:
        rows = OwedGoods.objects.select_for_update().filter(order_line_id__in=later).order_by("id")
        owed_rows = {(row.order_line_id, row.product_id): row for row in rows}
    returned = []
    for item in goods:
        row = owed_rows.get((item.line_key, item.product_id))
        units = item.units
        if row is not None:
            less = min(row.left, units)
            row.refunded += less
            units -= less
        if units:
            returned.append(Goods(item.line_key, item.product_id, units, item.per_unit))
    changed = [row for row in owed_rows.values()]
    if changed:
        OwedGoods.objects.bulk_update(changed, ["refunded", "updated_at"])
    if returned:
        record_moves(
            actor=actor,
            store=order.store,
            kind=MoveKind.SALE_RETURN,
            document_kind=REFUND_DOCUMENT,
            document_id=refund.pk,
            lines=[MoveLine(pk, quantity) for pk, quantity in sorted(_in_use_units(returned).items())],
        )
        _damaged_written_off(actor, refund, order, back, returned)


def _damaged_written_off(
    actor: Actor, refund: Refund, order: Order, back: Sequence[GoodsBack], returned: Sequence[Goods]
) -> None:
    """The returned goods of damaged lines leave stock again as a write-off, one move per product
    and reason (the move's remark), right after their return: the balance is as it was before."""
    reasons = {item.line.pk: item.damage_reason for item in back if item.damage_reason}
    by_reason: dict[str, list[Goods]] = defaultdict(list)
    for item in returned:
        if item.line_key in reasons:
            by_reason[reasons[item.line_key]].append(item)
    for reason, goods in sorted(by_reason.items()):
        record_moves(
            actor=actor,
            store=order.store,
            kind=MoveKind.RETURN_DAMAGED,
            document_kind=REFUND_DOCUMENT,
            document_id=refund.pk,
            lines=[MoveLine(pk, -quantity, remark=reason) for pk, quantity in sorted(_in_use_units(goods).items())],
            # It takes out only what its return just put in: a balance a service took below 0 stays where it was.
            allow_negative=True,
        )
