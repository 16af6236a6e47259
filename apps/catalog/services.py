"""Writes of the catalogue (issue 4 §4). Head office owns the items; a store switches an item on or
off and, where head office allows it, sets its own price. Every price change, head office's or a
store's, writes a PriceChange row (who, when, old, new) and the system log, in the write's own
transaction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import time
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Model
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from apps.catalog.choices import CATALOG_IMPORT_MAX_ROWS, AuditAction, CardKind, ItemType
from apps.catalog.models import CardType, CatalogItem, Category, PriceChange, ProjectPackage, StoreItem, TimePeriod
from apps.catalog.selectors import ITEM_MODELS
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound
from apps.core.excel import Column, Kind, SheetCells, WorkbookRefused, cell_text, header_aliases, read_workbook
from apps.core.money import money_or_none_to_wire
from apps.core.transactions import use_case_atomic
from apps.org.models import Store

_SENTINEL: Any = object()


def _price_change(*, actor: Actor, item: Any, store: Store | None, old: Decimal | None, new: Decimal | None) -> None:
    PriceChange.objects.create(
        item_type=item.item_type,
        item_id=item.pk,
        item_code=item.code,
        item_name=item.name,
        store=store,
        old_price=old,
        new_price=new,
        changed_by_id=actor.user_id,
        changed_by_name=actor.login_name,
    )
    audit_record(
        actor=actor,
        action=AuditAction.PRICE_CHANGED,
        target=item,
        detail={
            "itemType": item.item_type,
            "storeId": store.pk if store else None,
            "oldPrice": money_or_none_to_wire(old),
            "newPrice": money_or_none_to_wire(new),
        },
    )


def catalog_item_save(*, actor: Actor, item: Any) -> Any:
    """Head office saves an item (admin, import). A changed price of an existing item is logged."""
    with transaction.atomic():
        old_price = None
        created = item.pk is None
        if not created:
            old_price = (
                type(item).objects.select_for_update().filter(pk=item.pk).values_list("price", flat=True).first()
            )
        item.save()
        audit_record(actor=actor, action=AuditAction.ITEM_SAVED, target=item, detail={"created": created})
        if not created and old_price is not None and item.price is not None and Decimal(item.price) != old_price:
            _price_change(actor=actor, item=item, store=None, old=old_price, new=Decimal(item.price))
    return item


def catalog_record_save(*, actor: Actor, record: Model) -> Model:
    """Head office saves a record without a price of its own (category, coupon, promotion)."""
    with transaction.atomic():
        created = record.pk is None
        record.save()
        audit_record(actor=actor, action=AuditAction.ITEM_SAVED, target=record, detail={"created": created})
    return record


def catalog_record_delete(*, actor: Actor, record: Model) -> None:
    with transaction.atomic():
        audit_record(actor=actor, action=AuditAction.ITEM_DELETED, target=record)
        record.delete()


def _package_card_type(package_id: int) -> CardType | None:
    return (
        CardType.objects.filter(kind=CardKind.PACKAGE, project_package_id=package_id)
        .select_related("project_package")
        .order_by("id")
        .first()
    )


def package_card_type(*, actor: Actor, package_id: int) -> CardType:
    """The card a project package's sessions are held on (docs/decisions/0038-packages-are-banked.md):
    its package card type, the oldest where head office made several, made by the package's first
    sale where it has none yet (named and coded as the package). Two first sales at once take turns
    on the package's row, so the package gets one card type."""
    found = _package_card_type(package_id)
    if found is not None:
        return found
    with use_case_atomic():
        package = ProjectPackage.objects.select_for_update(no_key=True).filter(pk=package_id).first()
        if package is None:
            raise NotFound()
        found = _package_card_type(package_id)
        if found is not None:
            return found
        taken = CardType.objects.filter(code=package.code).exists()
        card_type = CardType(
            code=f"{package.code[:20]}-{package.pk}" if taken else package.code,
            name=package.name,
            kind=CardKind.PACKAGE,
            price=package.price,
            face_value=Decimal("0"),
            project_package=package,
            validity_days=package.validity_days,
            enabled=package.enabled,
        )
        return catalog_item_save(actor=actor, item=card_type)


def store_item_save(
    *, actor: Actor, store: Store, item_type: str, item_id: int, enabled: bool, store_price: Any = _SENTINEL
) -> StoreItem:
    """A store switches an item on or off and, where head office allows it, sets its own price
    (`store_price` None clears it: the head office price applies again). Omitting `store_price`
    keeps the store's current price."""
    model = ITEM_MODELS[ItemType(item_type)]
    item = model._default_manager.filter(pk=item_id).first()
    if item is None:
        raise NotFound()
    price_given = store_price is not _SENTINEL
    if price_given and store_price is not None:
        if not item.store_price_allowed:
            raise InvalidInput(
                _("head office sets this item's price: a store cannot set its own price for it"), field="storePrice"
            )
        if store_price < 0:
            raise InvalidInput(_("the store price cannot be negative"), field="storePrice")
    fk_name = StoreItem.ITEM_FIELDS[ItemType(item_type)]
    with transaction.atomic():
        # Its own ordering: the model's orders by the store, whose row a join would lock too (apps.core.locks).
        rows = StoreItem.objects.select_for_update(of=("self",)).filter(store=store, **{fk_name: item})
        row = rows.order_by("pk").first()
        old_price = row.store_price if row else None
        if row is None:
            row = StoreItem(store=store, item_type=item_type, **{fk_name: item})
        row.enabled = enabled
        if price_given:
            row.store_price = store_price
        row.updated_by_id = actor.user_id
        row.save()
        audit_record(
            actor=actor,
            action=AuditAction.STORE_ITEM_SAVED,
            target=item,
            detail={"storeId": store.pk, "enabled": enabled, "storePrice": money_or_none_to_wire(row.store_price)},
        )
        if price_given and old_price != row.store_price:
            _price_change(actor=actor, item=item, store=store, old=old_price, new=row.store_price)
    setattr(row, fk_name, item)  # cached, so the caller reads row.item without another query
    return row


# -- time periods --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PeriodInput:
    weekday: int | None
    start: time
    end: time
    capacity: int


def _overlaps(a: PeriodInput, b: PeriodInput) -> bool:
    same_day = a.weekday is None or b.weekday is None or a.weekday == b.weekday
    return same_day and a.start < b.end and b.start < a.end


def time_periods_save(*, actor: Actor, store: Store, periods: list[PeriodInput]) -> list[TimePeriod]:
    """Replaces a store's bookable slots. Each ends after it starts and holds at least one
    booking; no two overlap on a day (a slot of every day overlaps that time on each weekday)."""
    for index, period in enumerate(periods):
        if period.end <= period.start:
            raise InvalidInput(_("period %(n)d: the end must be after the start") % {"n": index + 1}, field="periods")
        if period.capacity < 1:
            raise InvalidInput(_("period %(n)d: the capacity must be at least 1") % {"n": index + 1}, field="periods")
        if period.weekday is not None and not 0 <= period.weekday <= 6:
            raise InvalidInput(_("period %(n)d: the weekday must be 0 to 6") % {"n": index + 1}, field="periods")
    for index, period in enumerate(periods):
        for other_index in range(index):
            if _overlaps(period, periods[other_index]):
                raise InvalidInput(
                    _("period %(a)d overlaps period %(b)d") % {"a": other_index + 1, "b": index + 1}, field="periods"
                )
    with transaction.atomic():
        Store.objects.select_for_update(no_key=True).filter(pk=store.pk).first()  # one save per store at a time
        TimePeriod.objects.filter(store=store).delete()
        saved = TimePeriod.objects.bulk_create(
            TimePeriod(store=store, weekday=p.weekday, start=p.start, end=p.end, capacity=p.capacity) for p in periods
        )
        audit_record(
            actor=actor,
            action=AuditAction.TIME_PERIODS_SAVED,
            target=store,
            detail={
                "periods": [
                    {"weekday": p.weekday, "start": f"{p.start:%H:%M}", "end": f"{p.end:%H:%M}", "capacity": p.capacity}
                    for p in periods
                ]
            },
        )
    return saved


# -- bulk import from Excel (Django admin) -------------------------------------------------------


@dataclass(frozen=True)
class RowError:
    row: int
    column: str
    message: str


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    errors: list[RowError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


_TRUE = {"1", "true", "yes", "y", "是", "启用", "允许"}
_FALSE = {"0", "false", "no", "n", "否", "停用", "禁用", "不允许"}


class _RowParser:
    """Parses one row's cells, collecting every error rather than stopping at the first."""

    def __init__(self, number: int, cells: SheetCells, errors: list[RowError]) -> None:
        self.number, self.cells, self.errors = number, cells, errors

    def error(self, column: str, message: str) -> None:
        self.errors.append(RowError(self.number, column, message))

    def text(self, column: str, *, required: bool = False, max_length: int = 100) -> str:
        value = cell_text(self.cells.get(column))
        if required and not value:
            self.error(column, _("required"))
        elif len(value) > max_length:
            self.error(column, _("at most %(n)d characters") % {"n": max_length})
        return value

    def money(self, column: str, *, required: bool = False, default: Decimal | None = None) -> Decimal | None:
        raw = cell_text(self.cells.get(column))
        if not raw:
            if required:
                self.error(column, _("required"))
            return default
        try:
            value = Decimal(raw.replace(",", ""))
        except ArithmeticError:
            self.error(column, _("not an amount"))
            return default
        if not value.is_finite() or value < 0:
            self.error(column, _("must be an amount of 0 or more"))
        elif value != value.quantize(Decimal("0.01")):
            self.error(column, _("at most 2 decimal places"))
        return value

    def whole(self, column: str, *, default: int | None = None, minimum: int = 0) -> int | None:
        raw = cell_text(self.cells.get(column))
        if not raw:
            if default is None:
                self.error(column, _("required"))
            return default
        try:
            value = int(raw)
        except ValueError:
            self.error(column, _("must be a whole number"))
            return default
        if value < minimum:
            self.error(column, _("must be at least %(n)d") % {"n": minimum})
        return value

    def flag(self, column: str, *, default: bool) -> bool:
        raw = cell_text(self.cells.get(column)).lower()
        if not raw:
            return default
        if raw in _TRUE:
            return True
        if raw in _FALSE:
            return False
        self.error(column, _("must be 1 or 0"))
        return default


def _label(words: str) -> Any:
    # The list pages' column headers (frontend catalog.json "columns"), in the export's context.
    return pgettext_lazy("catalog column", words)


# The columns of the product and project exports, in the pages' words; the import reads the same
# file back, under these headers in either language or under the keys.
PRODUCT_EXPORT: tuple[Column, ...] = (
    Column("code", _label("Code")),
    Column("name", _label("Name")),
    Column("brand", _label("Brand")),
    Column("category", _label("Category")),
    Column("specification", _label("Specification")),
    Column("unit", _label("Unit")),
    Column("barcode", _label("Barcode")),
    Column("useType", _label("Use")),
    Column("price", _label("Head office price"), Kind.MONEY),
    Column("cost", _label("Cost"), Kind.MONEY),
    Column("defaultSafetyStock", _label("Default safety stock"), Kind.NUMBER),
    Column("enabled", _label("On at head office"), Kind.YES_NO),
    Column("storePriceAllowed", _label("Store may set its price"), Kind.YES_NO),
)
PROJECT_EXPORT: tuple[Column, ...] = (
    Column("code", _label("Code")),
    Column("name", _label("Name")),
    Column("category", _label("Category")),
    Column("durationMinutes", _label("Duration (minutes)"), Kind.NUMBER),
    Column("price", _label("Head office price"), Kind.MONEY),
    Column("requiredSkill", _label("Required skill")),
    Column("enabled", _label("On at head office"), Kind.YES_NO),
    Column("storePriceAllowed", _label("Store may set its price"), Kind.YES_NO),
)
# What the export adds after an item's own columns: the signed-in store's state of it.
STORE_STATE_EXPORT: tuple[Column, ...] = (
    Column("storeEnabled", _label("In this store"), Kind.YES_NO),
    Column("storePrice", _label("Store price"), Kind.MONEY),
    Column("effectivePrice", _label("Effective price"), Kind.MONEY),
)
PRODUCT_COLUMNS = tuple(column.key for column in PRODUCT_EXPORT)
PROJECT_COLUMNS = tuple(column.key for column in PROJECT_EXPORT)
_HEADER_ALIASES = header_aliases(PRODUCT_EXPORT + PROJECT_EXPORT + STORE_STATE_EXPORT, ("en", "zh-hans"))
_REQUIRED_PRODUCT_COLUMNS = ("code", "name", "category", "price")
_REQUIRED_PROJECT_COLUMNS = ("code", "name", "category", "durationMinutes", "price")


def _read(file: Any, required: tuple[str, ...], report: ImportReport) -> list[tuple[int, SheetCells]]:
    try:
        sheet = read_workbook(file, columns=_HEADER_ALIASES, max_rows=CATALOG_IMPORT_MAX_ROWS)
    except WorkbookRefused as refused:
        report.errors.append(RowError(0, "", refused.message))
        return []
    for column in required:
        if column not in sheet.keys:
            report.errors.append(RowError(1, column, _("the column is missing")))
    if not sheet.rows and not report.errors:
        report.errors.append(RowError(2, "", _("the file has no rows")))
    return [] if report.errors else sheet.rows


def _use_type_from_label(text: str) -> str:
    """The use type a cell names: its code, or its label in either language (as exported)."""
    from django.utils.translation import override

    from apps.catalog.choices import UseType

    for use_type in UseType:
        for language in ("en", "zh-hans"):
            with override(language):
                if text == str(use_type.label):
                    return use_type.value
    return text


def _code_and_category(
    parser: _RowParser, seen: dict[str, int], categories: Mapping[str, Category], *, unknown: str
) -> tuple[str, Category | None]:
    """The row's item code (required, once in the file: `seen` holds the row of each code so far)
    and its category, found by name among `categories`; `unknown` says that no category is named
    "%(name)s"."""
    code = parser.text("code", required=True, max_length=32)
    if code and code in seen:
        parser.error("code", _("the same code is on row %(n)d") % {"n": seen[code]})
    elif code:
        seen[code] = parser.number
    category_name = parser.text("category", required=True, max_length=60)
    category = categories.get(category_name)
    if category_name and category is None:
        parser.error("category", unknown % {"name": category_name})
    return code, category


def products_import(*, actor: Actor, file: Any) -> ImportReport:
    """Creates or updates products by code from an .xlsx file (headers: PRODUCT_COLUMNS; the
    product list export is a valid file). Every row is checked first; when any row is bad nothing
    is written and the report lists each problem by row and column (issue 4 §4)."""
    from apps.catalog.choices import CategoryKind, UseType
    from apps.catalog.models import Product

    report = ImportReport()
    rows = _read(file, _REQUIRED_PRODUCT_COLUMNS, report)
    categories = {category.name: category for category in Category.objects.filter(kind=CategoryKind.PRODUCT)}
    existing = {product.code: product for product in Product.objects.all()}
    barcodes = {barcode: code for code, barcode in Product.objects.exclude(barcode=None).values_list("code", "barcode")}
    seen_codes: dict[str, int] = {}
    seen_barcodes: dict[str, int] = {}
    parsed = []
    for number, cells in rows:
        parser = _RowParser(number, cells, report.errors)
        code, category = _code_and_category(
            parser, seen_codes, categories, unknown=_("no product category is named %(name)s")
        )
        barcode = parser.text("barcode", max_length=32) or None
        if barcode:
            if barcode in seen_barcodes:
                parser.error("barcode", _("the same barcode is on row %(n)d") % {"n": seen_barcodes[barcode]})
            elif barcodes.get(barcode, code) != code:
                parser.error("barcode", _("another product has this barcode"))
            seen_barcodes[barcode] = number
        use_type = parser.text("useType", max_length=16) or UseType.RETAIL
        use_type = _use_type_from_label(use_type)
        if use_type not in UseType.values:
            parser.error("useType", _("must be retail or professional"))
        parsed.append(
            {
                "code": code,
                "name": parser.text("name", required=True, max_length=100),
                "brand": parser.text("brand", max_length=60),
                "category": category,
                "specification": parser.text("specification", max_length=60),
                "unit": parser.text("unit", max_length=16) or "瓶",
                "barcode": barcode,
                "use_type": use_type,
                "price": parser.money("price", required=True),
                # An export by a role without the cost code has no cost column: it keeps the costs.
                "cost": (
                    parser.money("cost", default=Decimal("0"))
                    if "cost" in cells or code not in existing
                    else existing[code].cost
                ),
                "default_safety_stock": parser.whole("defaultSafetyStock", default=0),
                "enabled": parser.flag("enabled", default=True),
                "store_price_allowed": parser.flag("storePriceAllowed", default=False),
            }
        )
    if report.errors:
        return report
    _write_items(actor=actor, model=Product, existing=existing, parsed=parsed, report=report)
    return report


def projects_import(*, actor: Actor, file: Any) -> ImportReport:
    """Creates or updates projects by code from an .xlsx file (headers: PROJECT_COLUMNS), all or
    nothing like products_import. Consumed products are edited in the admin, not imported."""
    from apps.catalog.choices import CategoryKind
    from apps.catalog.models import Project

    report = ImportReport()
    rows = _read(file, _REQUIRED_PROJECT_COLUMNS, report)
    categories = {category.name: category for category in Category.objects.filter(kind=CategoryKind.PROJECT)}
    existing = {project.code: project for project in Project.objects.all()}
    seen_codes: dict[str, int] = {}
    parsed = []
    for number, cells in rows:
        parser = _RowParser(number, cells, report.errors)
        code, category = _code_and_category(
            parser, seen_codes, categories, unknown=_("no project category is named %(name)s")
        )
        parsed.append(
            {
                "code": code,
                "name": parser.text("name", required=True, max_length=100),
                "category": category,
                "duration_minutes": parser.whole("durationMinutes", minimum=1),
                "price": parser.money("price", required=True),
                "required_skill": parser.text("requiredSkill", max_length=60),
                "enabled": parser.flag("enabled", default=True),
                "store_price_allowed": parser.flag("storePriceAllowed", default=False),
            }
        )
    if report.errors:
        return report
    _write_items(actor=actor, model=Project, existing=existing, parsed=parsed, report=report)
    return report


def _write_items(
    *,
    actor: Actor,
    model: type[CatalogItem],
    existing: Mapping[str, CatalogItem],
    parsed: Sequence[Mapping[str, Any]],  # each item's model fields, as the import parsed them
    report: ImportReport,
) -> None:
    with transaction.atomic():
        for values in parsed:
            item = existing.get(values["code"])
            if item is None:
                item = model(**values)
                report.created += 1
            else:
                for name, value in values.items():
                    setattr(item, name, value)
                report.updated += 1
            catalog_item_save(actor=actor, item=item)
        audit_record(
            actor=actor,
            action=AuditAction.ITEMS_IMPORTED,
            detail={"model": model._meta.label_lower, "created": report.created, "updated": report.updated},
        )
