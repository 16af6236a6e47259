"""Importing many member move-ins from one Excel file (storerelocationupload/import), the way a
chain migrates members from another system: all or nothing. Every row is read and checked first
(the same rules as the form: apps.members.move_ins.move_in_check); when any row is bad nothing is
written and the answer lists each problem by row number and column, in the reader's language.
When all are good, the move-ins are created as drafts in one transaction: the store then adds the
photos and commits each for approval, as it does a move-in typed in the form.

One row is one old card. Rows of one member (area code and phone) and one source store make one
move-in; rows of one package card (the same old card name and number) carry its projects, one
project and its sessions a row."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import override, pgettext_lazy

from apps.catalog.choices import CardKind
from apps.catalog.models import CardType, Project
from apps.catalog.selectors import card_type_search, project_search
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput
from apps.core.excel import Column, Kind, WorkbookRefused, cell_text, header_aliases, read_workbook, write_workbook
from apps.core.transactions import use_case_atomic
from apps.members.choices import MOVE_IN_IMPORT_MAX_ROWS, MemberAreaCode, MoveInAuditAction
from apps.members.errors import MoveInImportRefused
from apps.members.models import MoveIn
from apps.members.move_ins import LineInput, MoveInInput, move_in_check, move_in_create
from apps.org.models import OrgUnit


def _label(words: str) -> Any:
    return pgettext_lazy("move-in column", words)


COLUMNS: tuple[Column, ...] = (
    Column("areaCode", _label("Area code")),
    Column("phone", _label("Phone")),
    Column("name", _label("Name")),
    Column("birthday", _label("Birthday"), Kind.DATE),
    Column("sourceBrand", _label("From brand")),
    Column("sourceStore", _label("From store")),
    Column("oldCardName", _label("Old card")),
    Column("oldCardNo", _label("Old card number")),
    Column("kind", _label("Kind")),
    Column("oldBalance", _label("Remaining balance"), Kind.MONEY),
    Column("coefficient", _label("Old-card coefficient"), Kind.NUMBER),
    Column("projectCode", _label("Project code")),
    Column("sessions", _label("Sessions left"), Kind.NUMBER),
    Column("expiresOn", _label("Valid until"), Kind.DATE),
    Column("cardTypeCode", _label("New card type code")),
    Column("remark", _label("Remark")),
)
REQUIRED = ("phone", "sourceStore", "oldCardName", "kind", "cardTypeCode")
_ALIASES = header_aliases(COLUMNS, ("en", "zh-hans"))
# A form field's name in an error (apps.members.move_ins) → the column it came from.
_FIELD_COLUMNS = {
    "memId": "phone",
    "areaCode": "areaCode",
    "phone": "phone",
    "name": "name",
    "birthday": "birthday",
    "sourceBrand": "sourceBrand",
    "sourceStore": "sourceStore",
    "remark": "remark",
    "lines": "oldCardName",
    "oldCardName": "oldCardName",
    "oldCardNo": "oldCardNo",
    "kind": "kind",
    "cardTypeId": "cardTypeCode",
    "oldBalance": "oldBalance",
    "coefficient": "coefficient",
    "expiresOn": "expiresOn",
    "sessions": "sessions",
}


def template() -> bytes:
    """The empty import file: the headers in the reader's language (either language is read back)."""
    return write_workbook(str(_("Member move-ins")), COLUMNS, [])


@dataclass(frozen=True)
class RowError:
    row: int
    column: str
    message: str

    def to_wire(self) -> dict[str, Any]:
        return {"row": self.row, "column": self.column, "message": self.message}


@dataclass
class _Group:
    """One move-in being read: its first row, and its lines with the rows each came from."""

    row: int
    data: MoveInInput
    line_rows: list[int] = field(default_factory=list)
    keys: dict[tuple[str, str, str], int] = field(default_factory=dict)


def _kind(text: str) -> str:
    for kind in CardKind:
        if text == kind.value:
            return kind.value
        for language in ("en", "zh-hans"):
            with override(language):
                if text == str(kind.label):
                    return kind.value
    return text


class _Row:
    def __init__(self, number: int, cells: dict[str, Any], errors: list[RowError]) -> None:
        self.number, self.cells, self.errors = number, cells, errors

    def error(self, column: str, message: str) -> None:
        self.errors.append(RowError(self.number, column, message))

    def text(self, column: str, limit: int = 60) -> str:
        value = cell_text(self.cells.get(column))
        if column in REQUIRED and not value:
            self.error(column, _("required"))
        elif len(value) > limit:
            self.error(column, _("at most %(n)d characters") % {"n": limit})
        return value

    def decimal(self, column: str, default: Decimal) -> Decimal:
        raw = cell_text(self.cells.get(column))
        if not raw:
            return default
        try:
            value = Decimal(raw.replace(",", ""))
        except InvalidOperation:
            self.error(column, _("not a number"))
            return default
        if not value.is_finite():
            self.error(column, _("not a number"))
            return default
        return value

    def whole(self, column: str) -> int:
        raw = cell_text(self.cells.get(column))
        try:
            return int(raw)
        except ValueError:
            self.error(column, _("must be a whole number"))
            return 0

    def day(self, column: str) -> datetime.date | None:
        value = self.cells.get(column)
        if value is None or cell_text(value) == "":
            return None
        if isinstance(value, datetime.datetime):
            return value.date()
        if isinstance(value, datetime.date):
            return value
        try:
            return datetime.date.fromisoformat(cell_text(value))
        except ValueError:
            self.error(column, _("a date like 2026-12-31"))
            return None


def _read(file: Any, errors: list[RowError]) -> list[tuple[int, dict[str, Any]]]:
    try:
        sheet = read_workbook(file, columns=_ALIASES, max_rows=MOVE_IN_IMPORT_MAX_ROWS)
    except WorkbookRefused as refused:
        errors.append(RowError(0, "", refused.message))
        return []
    for column in REQUIRED:
        if column not in sheet.keys:
            errors.append(RowError(1, column, _("the column is missing")))
    if not sheet.rows and not errors:
        errors.append(RowError(2, "", _("the file has no rows")))
    return [] if errors else sheet.rows


def _group_rows(rows: list[tuple[int, dict[str, Any]]], store: OrgUnit, errors: list[RowError]) -> list[_Group]:
    """The rows as move-ins: one per member and source store, one line per old card. Every problem
    is noted in `errors`, in the order of the row's columns."""
    card_types = {card_type.code: card_type for card_type in card_type_search(store_id=store.pk, enabled=True)}
    projects = {project.code: project for project in project_search(store_id=store.pk, enabled=True)}
    groups: dict[tuple[str, str, str], _Group] = {}
    for number, cells in rows:
        row = _Row(number, cells, errors)
        area_code = row.text("areaCode", 5) or MemberAreaCode.MAINLAND
        phone = row.text("phone", 20)
        source_store = row.text("sourceStore")
        kind, card_type = _kind_and_card_type(row, card_types)
        old_card_name, old_card_no = row.text("oldCardName"), row.text("oldCardNo", 40)
        # The member's columns are checked on every row, though the move-in keeps its first row's.
        started = _group_started(row, area_code=area_code, phone=phone, source_store=source_store)
        group = groups.setdefault((area_code, phone, source_store), started)
        line_key = (kind, old_card_name, old_card_no)
        sessions = _package_sessions(row, projects) if kind == CardKind.PACKAGE else []
        expires_on = row.day("expiresOn")
        if kind == CardKind.PACKAGE and line_key in group.keys:
            # Another project of a package card already read: its sessions join that line.
            group.data.lines[group.keys[line_key]].sessions.extend(sessions)
            continue
        if line_key in group.keys:
            row.error(
                "oldCardName", _("the same old card is on row %(n)d") % {"n": group.line_rows[group.keys[line_key]]}
            )
            continue
        _line_added(group, row, line_key, card_type=card_type, expires_on=expires_on, sessions=sessions)
    return list(groups.values())


def _kind_and_card_type(row: _Row, card_types: dict[str, CardType]) -> tuple[str, CardType | None]:
    """The old card's kind and the new card type it becomes, each checked."""
    kind = _kind(row.text("kind", 30))
    if kind and kind not in CardKind.values:
        row.error("kind", _("the kind must be a stored-value card or a package card"))
    type_code = row.text("cardTypeCode", 32)
    card_type = card_types.get(type_code)
    if type_code and card_type is None:
        row.error("cardTypeCode", _("no card type enabled in this store has this code"))
    return kind, card_type


def _group_started(row: _Row, *, area_code: str, phone: str, source_store: str) -> _Group:
    """A move-in begun by its member's first row, with no lines yet."""
    return _Group(
        row=row.number,
        data=MoveInInput(
            source_store=source_store,
            lines=[],
            name=row.text("name", 20),
            area_code=area_code,
            phone=phone,
            birthday=row.day("birthday"),
            source_brand=row.text("sourceBrand"),
            remark=row.text("remark", 200),
        ),
    )


def _package_sessions(row: _Row, projects: dict[str, Project]) -> list[tuple[int, int]]:
    """A package card's row: the project it names and the sessions left of it."""
    project = projects.get(cell_text(row.cells.get("projectCode")))
    if project is None:
        row.error("projectCode", _("no project enabled in this store has this code"))
    count = row.whole("sessions")
    return [(project.pk, count)] if project is not None else []


def _line_added(
    group: _Group,
    row: _Row,
    key: tuple[str, str, str],
    *,
    card_type: CardType | None,
    expires_on: datetime.date | None,
    sessions: list[tuple[int, int]],
) -> None:
    """A new old card of the move-in, read from its row (`key`: kind, old card name and number)."""
    kind, old_card_name, old_card_no = key
    group.keys[key] = len(group.data.lines)
    group.line_rows.append(row.number)
    group.data.lines.append(
        LineInput(
            old_card_name=old_card_name,
            old_card_no=old_card_no,
            kind=kind,
            card_type_id=card_type.pk if card_type is not None else 0,
            old_balance=row.decimal("oldBalance", Decimal("0")),
            coefficient=row.decimal("coefficient", Decimal("1")),
            expires_on=expires_on,
            sessions=sessions,
        )
    )


def _where(group: _Group, error: InvalidInput) -> RowError:
    """The row and column of a form rule's error on one imported move-in (`lines[1].coefficient`)."""
    line = re.fullmatch(r"lines\[(\d+)\](?:\.(\w+))?", error.field)
    if line:
        column = _FIELD_COLUMNS.get(line.group(2) or "lines", "")
        return RowError(group.line_rows[int(line.group(1))], column, str(error.message))
    return RowError(group.row, _FIELD_COLUMNS.get(error.field.split(".")[0], ""), str(error.message))


def move_ins_import(*, actor: Actor, store: OrgUnit, file: Any) -> list[MoveIn]:
    """Creates the file's move-ins as drafts of `store`, or none: a bad row refuses the whole file
    with 400 MEM-40010 and `data.errors` [{row, column, message}] (module docstring)."""
    errors: list[RowError] = []
    rows = _read(file, errors)
    groups = _group_rows(rows, store, errors) if rows else []
    card_types = {card_type.pk: card_type for card_type in card_type_search(store_id=store.pk, enabled=True)}
    projects = {project.pk: project for project in project_search(store_id=store.pk, enabled=True)}
    checked = []
    bad_rows = {error.row for error in errors}
    for group in groups:
        if bad_rows.intersection([group.row, *group.line_rows]):
            continue  # its cells already failed: the form's rules would only repeat them
        try:
            checked.append(
                (group, move_in_check(store=store, data=group.data, card_types=card_types, projects=projects))
            )
        except InvalidInput as error:
            errors.append(_where(group, error))
    if errors:
        errors.sort(key=lambda error: (error.row, error.column))
        raise MoveInImportRefused(data={"errors": [error.to_wire() for error in errors]})
    with use_case_atomic():
        created = [move_in_create(actor=actor, store=store, data=group.data, checked=one) for group, one in checked]
        audit_record(
            actor=actor,
            action=MoveInAuditAction.IMPORTED,
            target=store,
            detail={"moveIns": [move_in.pk for move_in in created], "rows": len(rows)},
        )
    return created
