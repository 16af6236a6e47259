"""The kinds of request the approval centre knows, registered by the apps that act on them.

The approval centre sits below the apps whose requests it holds (ARCHITECTURE.md: floor 5), so it
imports none of them: each app registers its kind in its AppConfig.ready() with the codes that may
decide it and the hooks that act on the decision, and the centre calls them.

    register_kind(ApprovalKind(
        code="refund",
        name=_("refund above the store's amount"),
        decide_codes=(REFUND_APPROVE.code,),
        on_approved=refunds.refund_approved,
        detail_route="/orderDetails?orderId={subject_id}",
    ))

A hook runs inside the decision's transaction, with the request locked and already marked decided:
what it writes commits with the decision, and a DomainError it raises undoes the decision and answers
the decider (the refund can no longer be paid, say), so nothing is half-decided."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from apps.core.hooks import Registry
from apps.core.lazy_text import StrOrPromise

if TYPE_CHECKING:
    from apps.approvals.models import ApprovalRequest
    from apps.core.audit import Actor

DecisionHook = Callable[["ApprovalRequest", "Actor"], Any]


@dataclass(frozen=True)
class ApprovalKind:
    code: str
    name: StrOrPromise
    # Codes of which the decider needs one (button codes of the chosen role).
    decide_codes: tuple[str, ...]
    on_approved: DecisionHook
    on_rejected: DecisionHook | None = None
    # A page that shows the subject, `{subject_id}` filled in (the detail links to it).
    detail_route: str = ""
    # What the detail shows of the payload, in the reader's language: (label, value) pairs.
    describe: Callable[[ApprovalRequest], list[tuple[str, str]]] | None = None


_KINDS: Registry[ApprovalKind] = Registry("approval kind", unique=True)
kind_of = _KINDS.get


def register_kind(kind: ApprovalKind) -> None:
    _KINDS.register(kind.code, kind)


def unregister_kind(code: str) -> None:
    _KINDS.unregister(code)


def registered_kinds() -> list[ApprovalKind]:
    return list(_KINDS.by_name().values())


def kinds_decided_with(codes: frozenset[str]) -> list[str]:
    """The kinds a role holding `codes` may decide."""
    return [kind.code for kind in registered_kinds() if codes.intersection(kind.decide_codes)]
