"""The booking app's domain errors (docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from apps.booking.drafts import Problem
from apps.booking.rows import StrandedRow
from apps.core.errors import DomainError


class ReservationConflict(DomainError):
    """Spec §8 passes RES-51021 of saveOrUpdate to the page, which shows `data.problems`."""

    errcode = "RES-51021"
    status = 409
    default_message = gettext_lazy("the reservation conflicts with another booking")

    def __init__(self, problems: list[Problem]) -> None:
        message = "; ".join(problem.message for problem in problems) or None
        super().__init__(message, data={"problems": [problem.to_wire() for problem in problems]})


class WrongStatus(DomainError):
    errcode = "RES-40901"
    status = 409
    default_message = gettext_lazy("the reservation's status does not allow this")


class NotTheReservationsDay(DomainError):
    errcode = "RES-40903"
    status = 409
    default_message = gettext_lazy("this can only be done on the reservation's day")


class NotStartedYet(DomainError):
    errcode = "RES-40904"
    status = 409
    default_message = gettext_lazy("a no-show can only be recorded after the start time")


class UndoTooLate(DomainError):
    errcode = "RES-40905"
    status = 409
    default_message = gettext_lazy("a status can only be undone on the day it was set")


class ReservationBilled(DomainError):
    """A reservation is billed once: an order made from it, or a group-buy coupon served for it."""

    errcode = "RES-40907"
    status = 409
    default_message = gettext_lazy("this reservation is billed already")

    def __init__(self, order_no: str) -> None:
        super().__init__(
            gettext("this reservation is billed already (order %(orderNo)s)") % {"orderNo": order_no},
            data={"orderNo": order_no},
        )


class PresenceConflict(DomainError):
    errcode = "RES-40902"
    status = 409
    default_message = gettext_lazy("the employee is already clocked on")


class RotaStrandsReservations(DomainError):
    """A rota change would take nurses off duty for reservations still to be served; `data.reservations`
    lists them and the page asks before resending with `confirm`."""

    errcode = "RES-40906"
    status = 409
    default_message = gettext_lazy("the change takes nurses off duty for their reservations")

    def __init__(self, reservations: list[StrandedRow]) -> None:
        super().__init__(data={"reservations": reservations})
