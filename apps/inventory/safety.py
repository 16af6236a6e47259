"""Safety stock (/safetyStock, KCGL-0013): the least a store should hold of a product, set per store
and product (SafetyStock) or the product's default; and the task in the task centre when a product
falls below it.

A task is raised on the crossing only: when a move takes a product from at or above its safety stock
to below it (services.record_moves reports the crossings it sees in the balances it already holds
locked), or when a safety stock is set above what the store holds. One alert stays open per store
and product until the stock is back at or above its safety stock, so a product sold on while below
raises no second task."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext

from apps.catalog.models import Product
from apps.core.audit import Actor, audit_record
from apps.core.bounds import STOCK_UNITS, shown
from apps.core.errors import InvalidInput
from apps.core.json_types import JsonObject
from apps.core.transactions import use_case_atomic
from apps.inventory.balances import locked_balances
from apps.inventory.choices import AuditAction
from apps.inventory.models import ZERO, SafetyAlert, SafetyStock
from apps.messaging.choices import TaskType
from apps.messaging.services import task_raise
from apps.messaging.system_texts import SystemText
from apps.org.models import OrgUnit

# The task raised when a product falls below its safety stock (apps.messaging.system_texts).
BELOW_SAFETY_TEXT = "inventory.below_safety"
# One save sets at most this many products (the page sends one page of rows at most).
MAX_SAFETY_ITEMS = 500
# Safety stock in stock units, 3 decimals: a realistic count of stock (apps.core.bounds).
SAFETY_MAX = STOCK_UNITS.high


@dataclass(frozen=True)
class Crossing:
    """A product whose stock crossed its safety stock in one call of record_moves."""

    product_id: int
    below: bool  # True: fell below; False: back at or above


def safety_level(safety: Decimal | None, default: int, use_per_unit: Decimal) -> Decimal:
    """The safety stock in use units (what the ledger counts): the store's own, else the default."""
    return (safety if safety is not None else Decimal(default)) * use_per_unit


def is_below(stock: Decimal, level: Decimal) -> bool:
    """Below safety: a safety stock above 0 (use units) and less than it in stock. Without a safety
    stock a product is never below it, whatever it holds."""
    return level > 0 and stock < level


def crossing(product_id: int, before: Decimal, after: Decimal, level: Decimal) -> Crossing | None:
    """The crossing of `level` between the stock before and after, if any."""
    was, now = is_below(before, level), is_below(after, level)
    return Crossing(product_id, now) if was != now else None


def on_crossings(*, actor: Actor, store_id: int, crossings: Sequence[Crossing]) -> None:
    """Raise a task for each product that fell below (unless one is open) and close the alerts of
    those back above. Runs inside the caller's transaction, under the balances' row locks, so two
    moves of a product never raise two tasks."""
    fell = [c.product_id for c in crossings if c.below]
    rose = [c.product_id for c in crossings if not c.below]
    if rose:
        SafetyAlert.objects.filter(store_id=store_id, product_id__in=rose, closed_at__isnull=True).update(
            closed_at=timezone.now()
        )
    if fell:
        _raise(actor, store_id, fell)


def below_safety_text(params: JsonObject) -> SystemText:
    """The task's words in the reader's language: {code, name, store} of the product and the store."""
    return SystemText(
        title=gettext("%(name)s is below its safety stock") % {"name": str(params["name"])[:60]},
        content=gettext(
            "The live stock of %(code)s %(name)s in %(store)s is below its safety stock. "
            "See /safetyStock and order goods."
        )
        % params,
    )


def _raise(actor: Actor, store_id: int, product_ids: list[int]) -> None:
    already = set(
        SafetyAlert.objects.filter(store_id=store_id, product_id__in=product_ids, closed_at__isnull=True).values_list(
            "product_id", flat=True
        )
    )
    wanted = [pk for pk in product_ids if pk not in already]
    if not wanted:
        return
    store = OrgUnit.objects.get(pk=store_id)
    products = Product.objects.in_bulk(wanted)
    alerts = []
    for pk in wanted:
        product = products[pk]
        task = task_raise(
            actor=actor,
            store=store,
            task_type=TaskType.SAFETY_STOCK,
            text_code=BELOW_SAFETY_TEXT,
            text_params={"code": product.code, "name": product.name, "store": store.name},
        )
        alerts.append(SafetyAlert(store_id=store_id, product_id=pk, task_id=task.pk))
    SafetyAlert.objects.bulk_create(alerts)


@dataclass(frozen=True)
class SafetyInput:
    """One product's safety stock as a person sets it, in stock units; None: back to the default."""

    product_id: int
    quantity: Decimal | None


def _checked(items: Sequence[SafetyInput]) -> None:
    if not items:
        raise InvalidInput(gettext("choose at least one product"), field="items")
    if len(items) > MAX_SAFETY_ITEMS:
        raise InvalidInput(gettext("at most %(count)d products at once") % {"count": MAX_SAFETY_ITEMS}, field="items")
    if len({item.product_id for item in items}) != len(items):
        raise InvalidInput(gettext("a product is listed twice"), field="items")
    for item in items:
        if item.quantity is not None and not ZERO <= item.quantity <= SAFETY_MAX:
            raise InvalidInput(
                gettext("a safety stock is from 0 to %(most)s") % {"most": shown(SAFETY_MAX)}, field="quantity"
            )


def safety_stock_set(*, actor: Actor, store: OrgUnit, items: Sequence[SafetyInput]) -> int:
    """Sets the safety stock of products in a store (None: the product's default again), each change
    in the system log, in one transaction; then raises a task for each product the new level puts
    the stock below (one open task per product) and closes the alerts of those now at or above it.
    Answers how many changed."""
    _checked(items)
    product_ids = sorted(item.product_id for item in items)
    with use_case_atomic():
        products = Product.objects.in_bulk(product_ids)
        if len(products) != len(product_ids):
            raise InvalidInput(gettext("unknown product"), field="productId")
        # The balances' locks serialise this with the moves of these products (the alert check).
        balances = locked_balances(store.pk, product_ids)
        current = {
            row.product_id: row
            # `of` and an ordering of its own: the model's default ordering joins the store and the
            # product, whose rows a plain FOR UPDATE would lock too (apps.core.locks).
            for row in SafetyStock.objects.select_for_update(of=("self",))
            .filter(store=store, product_id__in=product_ids)
            .order_by("product_id")
        }
        changed = 0
        crossings: list[Crossing] = []
        for item in sorted(items, key=lambda i: i.product_id):
            product = products[item.product_id]
            row = current.get(item.product_id)
            before = row.quantity if row is not None else None
            if before == item.quantity:
                continue
            if item.quantity is None:
                assert row is not None
                row.delete()
            elif row is None:
                row = SafetyStock.objects.create(store=store, product=product, quantity=item.quantity)
            else:
                row.quantity = item.quantity
                row.save(update_fields=["quantity", "updated_at"])
            changed += 1
            audit_record(
                actor=actor,
                action=AuditAction.SAFETY_STOCK_SET,
                target=product,
                detail={
                    "storeId": store.pk,
                    "productId": product.pk,
                    "before": str(before) if before is not None else None,
                    "after": str(item.quantity) if item.quantity is not None else None,
                    "default": product.default_safety_stock,
                },
            )
            stock = balances[product.pk].quantity
            was = is_below(stock, safety_level(before, product.default_safety_stock, product.use_per_unit))
            now = is_below(stock, safety_level(item.quantity, product.default_safety_stock, product.use_per_unit))
            if was != now:
                crossings.append(Crossing(product.pk, now))
        if crossings:
            on_crossings(actor=actor, store_id=store.pk, crossings=crossings)
    return changed
