"""The evaluation reports' figures (issue 29 §4; apps/reports/definitions/evaluations.py serves them):
the evaluations of stores and a time range grouped by store, nurse or project, each one with its
order and member, and the satisfaction rate by store and month. A satisfied visit is one whose
service score is SATISFIED_FROM (4) or more; rates are percentages with 2 places (83.33)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.contrib.postgres.aggregates import StringAgg
from django.db.models import (
    Avg,
    Case,
    CharField,
    Count,
    DecimalField,
    F,
    Func,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce, Round

from apps.evaluations.choices import SATISFIED_FROM, Channel
from apps.evaluations.models import Evaluation

GROUPS = ("store", "nurse", "project")
_RATE = DecimalField(max_digits=7, decimal_places=2)
_AVERAGE = DecimalField(max_digits=5, decimal_places=2)


@dataclass(frozen=True)
class Scope:
    """Which evaluations a figure counts: of these stores, visits of these days (inclusive), and
    optionally one nurse's or one project's."""

    stores: Collection[int]
    date_from: date
    date_to: date
    nurse_id: int | None = None
    project_id: int | None = None


def evaluations_in(scope: Scope) -> QuerySet[Evaluation]:
    evaluations = Evaluation.objects.filter(
        store_id__in=scope.stores, visit_date__gte=scope.date_from, visit_date__lte=scope.date_to
    )
    if scope.nurse_id is not None:
        evaluations = evaluations.filter(nurse_id=scope.nurse_id)
    if scope.project_id is not None:
        evaluations = evaluations.filter(projects=scope.project_id)
    return evaluations


def _rate(satisfied: Any, count: Any) -> Any:
    """satisfied / count as a percentage with 2 places, computed by the database (0 for no rows)."""
    return Case(
        When(**{f"{count}__gt": 0}, then=Round(Cast(F(satisfied), _RATE) * 100 / F(count), 2)),
        default=Value(Decimal(0)),
        output_field=_RATE,
    )


def _figures(prefix: str = "") -> dict[str, Any]:
    # Through the projects' table an evaluation is one row a project: counted once a group.
    distinct = bool(prefix)
    satisfied = Q(**{f"{prefix}service_score__gte": SATISFIED_FROM})
    return {
        "count": Count(f"{prefix}id", distinct=distinct),
        "avgService": Round(Avg(f"{prefix}service_score", output_field=_AVERAGE), 2),
        "avgNurse": Round(Avg(f"{prefix}nurse_score", output_field=_AVERAGE), 2),
        "satisfied": Count(f"{prefix}id", filter=satisfied, distinct=distinct),
    }


def grouped(scope: Scope, group_by: str) -> QuerySet[Any]:
    """One row a store, nurse or project: `name`, its id (`storeId`, `staffId`, `projectId`),
    `count`, `avgService`, `avgNurse`, `satisfied` and `satisfiedRate`; most evaluations first."""
    rows: QuerySet[Any]
    if group_by == "project":
        through = Evaluation.projects.through.objects.filter(evaluation__in=evaluations_in(scope))
        rows = through.values(projectId=F("project_id"), name=F("project__name")).annotate(**_figures("evaluation__"))
    elif group_by == "store":
        rows = evaluations_in(scope).values(storeId=F("store_id"), name=F("store__name")).annotate(**_figures())
    else:
        rows = (
            evaluations_in(scope)
            .values(staffId=F("nurse_id"), name=Coalesce(F("nurse__name"), Value("")))
            .annotate(**_figures())
        )
    rows = rows.annotate(satisfiedRate=_rate("satisfied", "count"))
    return rows.order_by(F("count").desc(), F("name"))


def details(scope: Scope) -> QuerySet[Any]:
    """Each evaluation, newest visit first, with its order and member for the links."""
    channel_names = [When(channel=value, then=Value(str(label))) for value, label in Channel.choices]
    return (
        evaluations_in(scope)
        .values(
            "id",
            "comment",
            orderId=F("order_id"),
            orderNo=Coalesce(F("order__order_no"), Value("")),
            memberId=F("member_id"),
            memberName=Coalesce(F("member__name"), F("order__name"), output_field=CharField()),
            storeName=F("store__name"),
            nurseName=Coalesce(F("nurse__name"), Value("")),
            serviceScore=F("service_score"),
            nurseScore=F("nurse_score"),
            channelName=Case(*channel_names, default=F("channel"), output_field=CharField()),
            visitDate=F("visit_date"),
            createdAt=F("created_at"),
        )
        .annotate(
            projectNames=Coalesce(
                StringAgg("projects__name", delimiter="、", distinct=True), Value(""), output_field=CharField()
            )
        )
        .order_by("-visitDate", "-id")
    )


def monthly(scope: Scope, *, by_store: bool) -> QuerySet[Any]:
    """The satisfaction rate a month (`month`, "2026-11"), or a store and month
    (`storeId`, `storeName`) with `by_store`: `count`, `satisfied`, `satisfiedRate`."""
    keys: dict[str, Any] = {
        "month": Func(F("visit_date"), Value("YYYY-MM"), function="to_char", output_field=CharField())
    }
    if by_store:
        keys.update(storeId=F("store_id"), storeName=F("store__name"))
    figures = _figures()
    rows: QuerySet[Any] = (
        evaluations_in(scope).values(**keys).annotate(count=figures["count"], satisfied=figures["satisfied"])
    )
    rows = rows.annotate(satisfiedRate=_rate("satisfied", "count"))
    return rows.order_by("month", *(["storeName", "storeId"] if by_store else []))
