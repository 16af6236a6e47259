"""Rows the evaluation selectors build, named after the output serializers that write them."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict


class EvaluationRow(TypedDict):
    evaluationId: int
    orderId: int
    serviceScore: int
    nurseScore: int
    comment: str
    channel: str
    nurseId: int | None
    nurseName: str
    createdAt: datetime
    recordedByName: str


class PublicVisitRow(TypedDict):
    """What the member's page shows of the visit (no name, phone or amount: the link may be passed on)."""

    storeName: str
    visitDate: date
    services: list[str]
    nurseName: str
    rated: bool
    expiresAt: datetime | None


class OrderEvaluationRow(TypedDict):
    """The order details page's panel: the evaluation, or what the desk needs to get one."""

    orderId: int
    ratable: bool
    evaluation: EvaluationRow | None
    nurseId: int | None
    nurseName: str
    link: str
    qrImage: str
    expiresAt: datetime | None


class SatisfactionLastRow(TypedDict):
    orderId: int
    score: int
    comment: str
    nurseName: str
    createdAt: datetime


class MemberSatisfactionRow(TypedDict):
    count: int
    average: str
    last: list[SatisfactionLastRow]
