"""Querysets on the till's hot path, built by the ORM once per shape and per process, and several of them
read in one round trip (issue 31: a checkout's statements and the time the ORM spends building them).

Building a statement is most of what the ORM costs a checkout: resolving lookups, joins, the select
list and the ordering again for every call, for a statement that differs only by its values. A
`QueryShape` is a function that makes the queryset from named values. The first call with a given
shape of values (which values are None, how long each list is) builds it with stand-in values,
compiles it, and notes where each stand-in landed among the statement's parameters. Later calls send
the same SQL with their own values, and turn the rows into models the way `ModelIterable` does (the
compiler's converters, `from_db`, `select_related` and annotations). The statement sent is the one
the ORM would send: a test compares them (apps/core/tests/test_query_shapes.py).

`read_together` sends several shapes as one statement: each one's rows come back as a JSON array in a
column of one row, in the order given. A shape that locks rows (`select_for_update`) locks them
when its column is read, so the order of the shapes is the order of the locks (apps.core.locks).

What a shape can take as values: int, str, date, datetime, Decimal, and lists of them. A value that
changes the statement itself (a bool, None, a list's length, an empty list) is part of the shape."""

from __future__ import annotations

import itertools
import json
import threading
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any, Generic, TypeVar

from django.core.exceptions import EmptyResultSet
from django.db import DEFAULT_DB_ALIAS, connection, models
from django.db.models.query import get_related_populators
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError
from django.utils.dateparse import parse_date, parse_datetime, parse_time

M = TypeVar("M", bound=models.Model)

_counter = itertools.count(1)
_STAND_IN_INT = -8_000_000_000_000
_STAND_IN_DAY = date(1001, 1, 1)
_STAND_IN_TIME = datetime(1001, 1, 1, tzinfo=UTC)


def _stand_in(value: Any) -> Any:
    """A value of the same kind as `value` that nothing else in a statement would be."""
    number = next(_counter)
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return _STAND_IN_INT - number
    if isinstance(value, Decimal):
        return Decimal(_STAND_IN_INT - number)
    if isinstance(value, str):
        return f"stand-in {uuid.uuid4().hex} {number}"
    if isinstance(value, datetime):
        return _STAND_IN_TIME + timedelta(microseconds=number)
    if isinstance(value, date):
        return _STAND_IN_DAY + timedelta(days=number)
    raise TypeError(f"a query shape takes no {type(value).__name__} value")


def _shape_of(value: Any) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (list, tuple, set, frozenset)):
        return ("list", len(value))
    return type(value).__name__


@dataclass(frozen=True)
class _ModelPlan:
    """What `ModelIterable` and `results_iter` work out from the compiler on every call (the
    converters, the related populators, the model's columns), worked out once a shape."""

    compiler: SQLCompiler
    model: type[models.Model]
    init_list: list[str]
    model_columns: slice
    related_populators: list[Any]
    converters: dict[int, Any]
    composite: bool
    annotation_col_map: dict[str, int]
    output_fields: list[models.Field[Any, Any]]  # each selected column's, for read_together's JSON


def _plan(compiler: SQLCompiler) -> _ModelPlan:
    select, klass_info = compiler.select, compiler.klass_info
    assert klass_info is not None  # a shape reads models
    select_fields = klass_info["select_fields"]
    start, end = select_fields[0], select_fields[-1] + 1
    selected = [column[0] for column in select[: compiler.col_count]]
    return _ModelPlan(
        compiler=compiler,
        model=klass_info["model"],
        init_list=[column[0].target.attname for column in select[start:end]],
        model_columns=slice(start, end),
        # The stubs describe Django 6's signature (a fetch mode); 5.2 takes these three.
        related_populators=get_related_populators(klass_info, select, DEFAULT_DB_ALIAS),  # type: ignore[call-arg]
        converters=compiler.get_converters(selected),
        composite=compiler.has_composite_fields(selected),
        annotation_col_map=compiler.annotation_col_map or {},
        output_fields=[column[0].output_field for column in select],
    )


@dataclass(frozen=True)
class _Compiled:
    sql: str
    constants: list[Any]  # the statement's parameters as compiled, stand-ins included
    places: dict[int, tuple[str, int | None]]  # parameter index -> (value name, list index or None)
    plan: _ModelPlan
    locks: bool

    def parameters(self, values: dict[str, Any]) -> list[Any]:
        parameters = list(self.constants)
        for index, (name, item) in self.places.items():
            value = values[name]
            parameters[index] = value if item is None else list(value)[item]
        return parameters


# One shape's column of a `read_together` statement (the tests' lock guard reads the parts back).
TOGETHER_OPEN, TOGETHER_CLOSE = "(SELECT json_agg(q)::text FROM (", ") q)"

_EMPTY = object()  # a shape whose queryset can match nothing (an empty `__in`): no statement


class QueryShape(Generic[M]):
    """A queryset made by `build(**values)`, compiled once per shape of the values (module doc)."""

    def __init__(self, build: Callable[..., models.QuerySet[M]]) -> None:
        self.build = build
        self._compiled: dict[tuple[Any, ...], _Compiled | object] = {}
        self._lock = threading.Lock()

    def compiled(self, values: dict[str, Any]) -> _Compiled | object:
        key = tuple(sorted((name, _shape_of(value)) for name, value in values.items()))
        found = self._compiled.get(key)
        if found is None:
            with self._lock:
                found = self._compiled.get(key) or self._compile(values)
                self._compiled[key] = found
        return found

    def _compile(self, values: dict[str, Any]) -> _Compiled | object:
        stand_ins: dict[Any, tuple[str, int | None]] = {}
        built: dict[str, Any] = {}
        for name, value in values.items():
            if value is None or isinstance(value, bool):
                built[name] = value
            elif isinstance(value, (list, tuple, set, frozenset)):
                items = [_stand_in(item) for item in value]
                stand_ins.update({item: (name, index) for index, item in enumerate(items)})
                built[name] = items
            else:
                built[name] = _stand_in(value)
                stand_ins[built[name]] = (name, None)
        queryset = self.build(**built)
        if queryset._prefetch_related_lookups or queryset._known_related_objects:  # type: ignore[attr-defined]
            raise TypeError("a query shape reads one statement: no prefetch_related")
        compiler = queryset.query.get_compiler(using=DEFAULT_DB_ALIAS)
        try:
            sql, parameters = compiler.as_sql()
        except EmptyResultSet:
            return _EMPTY
        places = {index: stand_ins[value] for index, value in enumerate(parameters) if _hashable_in(value, stand_ins)}
        missing = set(stand_ins.values()) - set(places.values())
        if missing:
            raise TypeError(f"the values {sorted(str(m) for m in missing)} do not reach the statement as given")
        return _Compiled(sql, list(parameters), places, _plan(compiler), bool(queryset.query.select_for_update))

    def rows(self, **values: Any) -> list[M]:
        """The queryset's models for `values`, in one statement of the ORM's own SQL."""
        compiled = self.compiled(values)
        if compiled is _EMPTY:
            return []
        assert isinstance(compiled, _Compiled)
        _check_transaction(compiled)
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, compiled.parameters(values))
            fetched = cursor.fetchall()
        return _models(compiled.plan, fetched)


def _hashable_in(value: Any, stand_ins: dict[Any, Any]) -> bool:
    try:
        return value in stand_ins
    except TypeError:  # an unhashable constant (a list of a JSON lookup) is no stand-in
        return False


def _check_transaction(compiled: _Compiled) -> None:
    if compiled.locks and not connection.in_atomic_block:
        raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")


def _models(plan: _ModelPlan, fetched: list[Sequence[Any]]) -> list[Any]:
    """Rows of a shape's select list made into models as django.db.models.query.ModelIterable does."""
    compiler = plan.compiler
    rows: Iterable[Sequence[Any]] = (
        [row[: compiler.col_count] for row in fetched] if compiler.has_extra_select else fetched
    )
    if plan.converters:
        rows = compiler.apply_converters(rows, plan.converters)
    if plan.composite:
        rows = compiler.composite_fields_to_tuples(rows, [column[0] for column in compiler.select])
    found = []
    for row in rows:
        obj = plan.model.from_db(DEFAULT_DB_ALIAS, plan.init_list, row[plan.model_columns])
        for populator in plan.related_populators:
            populator.populate(row, obj)
        for name, position in plan.annotation_col_map.items():
            setattr(obj, name, row[position])
        found.append(obj)
    return found


class _Pairs(list[tuple[str, Any]]):
    """A JSON object as its (key, value) pairs: a row of several tables has a name more than once."""


def _plain(value: Any) -> Any:
    """A JSON column's value as json.loads reads it alone (objects as dicts, fractions as floats)."""
    if isinstance(value, _Pairs):
        return {key: _plain(item) for key, item in value}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, Decimal):
        return float(value)
    return value


def _from_json(value: Any, field: models.Field[Any, Any]) -> Any:
    """What psycopg would have answered for `field`'s column, from its JSON form."""
    if value is None:
        return None
    kind = field.get_internal_type()
    if kind == "JSONField":
        return json.dumps(_plain(value))  # the field's from_db_value reads the text, as from psycopg
    if kind == "ArrayField":
        return [_from_json(item, field.base_field) for item in value]  # type: ignore[attr-defined]
    if kind == "DateTimeField":
        return parse_datetime(value)
    if kind == "DateField":
        return parse_date(value)
    if kind == "TimeField":
        return parse_time(value)
    if kind == "DecimalField":
        return value if isinstance(value, Decimal) else Decimal(value)
    if kind == "FloatField":
        return float(value)
    if kind == "UUIDField":
        return uuid.UUID(value)
    if kind in ("BinaryField", "DurationField"):
        raise TypeError(f"a query shape read together cannot carry a {kind}")
    return value


def read_together(*reads: tuple[QueryShape[Any], dict[str, Any]]) -> list[list[Any]]:
    """The models of each (shape, values), read in one statement, in the order given (module doc)."""
    columns: list[str] = []
    parameters: list[Any] = []
    compiled_reads: list[_Compiled | None] = []
    for shape, values in reads:
        compiled = shape.compiled(values)
        if compiled is _EMPTY:
            compiled_reads.append(None)
            continue
        assert isinstance(compiled, _Compiled)
        _check_transaction(compiled)
        compiled_reads.append(compiled)
        columns.append(f"{TOGETHER_OPEN}{compiled.sql}{TOGETHER_CLOSE}")
        parameters.extend(compiled.parameters(values))
    if not columns:
        return [[] for _read in reads]
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(columns), parameters)
        texts = iter(cursor.fetchone())
    answers: list[list[Any]] = []
    for compiled in compiled_reads:
        if compiled is None:
            answers.append([])
            continue
        text = next(texts)
        pairs = json.loads(text, parse_float=Decimal, object_pairs_hook=_Pairs) if text else []
        fields = compiled.plan.output_fields
        rows: list[Sequence[Any]] = [
            [_from_json(value, field) for (_name, value), field in zip(row, fields, strict=False)] for row in pairs
        ]
        answers.append(_models(compiled.plan, rows))
    return answers
