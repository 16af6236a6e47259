"""A month's figures summed (month_figures, what the Commission report reads chain-wide) equal the
same credits' lines added up (compute_lines, what a store's periods call and its closing read), to
the cent: random credits, refunds among them, sessions, a version starting mid-month in the other
tier mode, an employee promoted mid-month to a position without a plan."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from apps.billing.orders.credit_reads import CreditFact
from apps.commission.arithmetic import Scheme, Tier, session_count
from apps.commission.figures import KindSums, PlanBook, VersionInfo, compute_lines, month_figures
from apps.commission.selectors import staff_figures

D = Decimal
MONTH = date(2026, 10, 1)
NURSE, MANAGER = "nurse", "storeManager"
SERVICE, SALE = "service", "sale"
SERVICE_TIERS = (Tier(D("0"), D("5")), Tier(D("1000"), D("8.5")), Tier(D("3000"), D("11.25")))
VERSIONS = {
    (NURSE, SERVICE): [
        VersionInfo(1, 1, "nurse service", date(2026, 1, 1), Scheme("whole", SERVICE_TIERS, D("12.50"))),
        VersionInfo(2, 1, "nurse service", date(2026, 10, 15), Scheme("above", SERVICE_TIERS, D("7.33"))),
    ],
    (NURSE, SALE): [VersionInfo(3, 2, "nurse sale", date(2026, 3, 1), Scheme("whole", (Tier(D("0"), D("3.33")),)))],
}
BOOK = PlanBook(own={}, chain=defaultdict(list, VERSIONS))


def position_on(employee_id: int, day: date) -> str:
    return MANAGER if employee_id == 2 and day.day >= 10 else NURSE


credit = st.tuples(
    st.sampled_from([1, 2]),
    st.sampled_from([SERVICE, SALE]),
    st.integers(1, 31),
    st.integers(1, 200_000),  # cents
    st.booleans(),  # a refund's credit
    st.booleans(),  # a project line
    st.integers(1, 5),
    st.integers(0, 50_000),  # what the line credited beyond this credit, cents
)


def facts_of(drawn: list[tuple[int, str, int, int, bool, bool, int, int]]) -> list[CreditFact]:
    return [
        CreditFact(
            credit_id=index,
            employee_id=employee,
            kind=kind,
            amount=D(cents).scaleb(-2) * (-1 if refund else 1),
            business_date=MONTH.replace(day=day),
            refund_id=index if refund else None,
            order_id=index,
            order_no="",
            serves_sessions=project,
            qty=qty,
            line_base=D(cents + more).scaleb(-2),
        )
        for index, (employee, kind, day, cents, refund, project, qty, more) in enumerate(drawn, start=1)
    ]


def summed(facts: list[CreditFact]) -> list[KindSums]:
    """The credits summed as the staff-kind-day summary and its month query sum them."""
    starts = sorted(BOOK.starts())
    groups: dict[tuple[int, str, str, int], list[CreditFact]] = defaultdict(list)
    for fact in facts:
        span = sum(1 for start in starts if start <= fact.business_date)
        groups[(fact.employee_id, fact.kind, position_on(fact.employee_id, fact.business_date), span)].append(fact)

    def sessions(fact: CreditFact) -> Decimal:
        return session_count(fact.qty, fact.amount, fact.line_base) if fact.serves_sessions else D("0")

    return [
        KindSums(
            store_id=1,
            month=MONTH,
            employee_id=employee,
            kind=kind,
            position=position,
            day=min(f.business_date for f in members),
            earned=sum((f.amount for f in members if f.refund_id is None), D("0")),
            earned_sessions=sum((sessions(f) for f in members if f.refund_id is None), D("0")),
            clawed_back=sum((f.amount for f in members if f.refund_id is not None), D("0")),
            clawed_back_sessions=sum((sessions(f) for f in members if f.refund_id is not None), D("0")),
        )
        for (employee, kind, position, _span), members in groups.items()
    ]


FIGURES = (
    "employee_id",
    "kind",
    "base_amount",
    "sessions",
    "month_total",
    "tier_from",
    "rate",
    "commission",
    "clawback",
)


def as_set(figures):
    return {(f.version.pk if f.version else None, *(getattr(f, name) for name in FIGURES)) for f in figures}


@settings(max_examples=300, deadline=None)
@given(st.lists(credit, min_size=1, max_size=40))
def test_a_months_figures_summed_equal_its_lines_added_up(drawn):
    facts = facts_of(drawn)
    from_lines = staff_figures(compute_lines(facts, position_on, BOOK))
    from_sums = month_figures(summed(facts), {1: BOOK})[(1, MONTH)]
    assert as_set(from_sums) == as_set(from_lines)


def test_a_groups_earned_lines_are_shared_out_before_its_clawbacks():
    """At 10%: 0.14 earned and 0.06 clawed back, the refund's credit written first. Shared out in
    the order written, the refund would take −0.01 and the sale 0.02; earned first, the sale takes
    what its own sum rounds to (0.01) and the refund the rest of the group's 0.01 (0.00)."""
    book = PlanBook(
        own={},
        chain=defaultdict(
            list, {(NURSE, SALE): [VersionInfo(9, 9, "p", date(2026, 1, 1), Scheme("whole", (Tier(D("0"), D("10")),)))]}
        ),
    )
    facts = facts_of([(1, SALE, 3, 6, True, False, 1, 0), (1, SALE, 2, 14, False, False, 1, 0)])
    lines = compute_lines(facts, position_on, book)
    assert [(line.amount, line.commission) for line in lines] == [(D("-0.06"), D("0.00")), (D("0.14"), D("0.01"))]
