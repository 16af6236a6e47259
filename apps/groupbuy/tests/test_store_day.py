"""One whole store day played through the API on PostgreSQL (issue 28, "Done means"): reservations
and walk-ins, a package sold with one session served from it, a stored-value top-up (by a QR the
customer pays) and a spend, cash with change, a declined payment paid again another way, a group-buy
coupon served with staff, goods refunded back to the shelf, an unpaid order carried over, then the
closing. Every figure the closing shows is then worked out again from the rows and ledgers (tenders,
order and refund lines, card, stock ledgers), never from the closing's own selectors, so a figure
that does not agree fails here.

It lives with group-buy, the highest floor it drives (apps/core/tests/test_layering.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.db.models import Sum
from django.utils import timezone

from apps.accounts.testing import TokenClient, api_client
from apps.billing.models import Order, OrderLine, RefundLine, Tender
from apps.billing.tests.waiting import eventually
from apps.booking.choices import ReservationStatus
from apps.booking.models import Reservation
from apps.booking.tests.factories import members_reservation_today
from apps.cards.models import Card, CardEntry, CardSession
from apps.cards.tests.factories import stored_value_card
from apps.catalog.tests.factories import ProjectFactory, ProjectPackageFactory, ProjectPackageLineFactory
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND
from apps.core.testing import assert_envelope
from apps.inventory.models import StockMove
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.org.models import OrgUnit
from apps.payments.models import PaymentIntent
from apps.staff.models import Employee
from apps.staff.tests.factories import EmployeeFactory

from .factories import MEITUAN, SCALP_DEAL, mapped_deal
from .helpers import new_code

pytest_plugins = ["apps.billing.tests.provider_fixtures"]
pytestmark = pytest.mark.django_db(transaction=True)

D = Decimal
COMMIT = "/rest/order/commit"
PAY = "/rest/pay/excute"
WECHAT_CODE = "134567890123456789"  # a WeChat payment code; the amount's cents choose the fake's answer
ALIPAY_CODE = "286543210987654300"  # an Alipay payment code the fake pays at once
WALK_IN = {"name": "路人", "areaCode": "0086", "phone": "13700001111"}
CODES = [
    code_of("/account"),
    code_of("/orderBoard"),
    code_of("/dailyKnots"),
    code_of("/returnList"),
    REFUND.code,
]


@dataclass
class Day:
    """What the day's steps made, for the checks at its end."""

    store: OrgUnit
    client: TokenClient
    nurse: Employee
    orders: dict[str, int] = field(default_factory=dict)
    reservations: list[int] = field(default_factory=list)
    first_card_entry: int = 0
    first_stock_move: int = 0


def ok(response, status=200):
    return assert_envelope(response, status=status)


def commit(day: Day, body: dict) -> dict:
    return ok(day.client.post(COMMIT, body, format="json"), status=201)


def pay(day: Day, order_id: int, *tenders: dict, key: str) -> dict:
    body = {"orderId": order_id, "tenders": list(tenders)}
    return ok(day.client.post(PAY, body, format="json", HTTP_IDEMPOTENCY_KEY=key))


def staff(day: Day) -> list[dict]:
    return [{"employeeId": day.nurse.pk, "share": "1"}]


# -- the day's steps ---------------------------------------------------------------------------------


def reservations_arrive_and_one_is_cancelled(day: Day, members: list) -> list:
    """Three members booked today, each with a nurse of their own: two arrive (one for the package, one
    for a coupon), one calls to cancel."""
    nurses = [day.nurse, EmployeeFactory.create(store=day.store), EmployeeFactory.create(store=day.store)]
    booked = [
        members_reservation_today(store=day.store, member=m, nurse=n, status=ReservationStatus.BOOKED)
        for m, n in zip(members, nurses, strict=True)
    ]
    for reservation in booked[:2]:
        ok(day.client.post("/rest/reservation/arrival", {"id": reservation.pk}, format="json"))
    cancelled = {"id": booked[2].pk, "reason": "memberCancelled", "remark": "改天"}
    ok(day.client.post("/rest/reservation/inValid", cancelled, format="json"))
    day.reservations = [r.pk for r in booked]
    return booked


def package_sold_with_one_session_served_and_paid_in_cash_with_change(day: Day, member, reservation) -> None:
    package = ProjectPackageFactory.create(name="头皮清洁5次卡", price=D("1200.00"))
    cleansing = ProjectFactory.create(name="头皮清洁", price=D("198.00"))
    ProjectPackageLineFactory(package=package, project=cleansing, sessions=5)
    order = commit(
        day,
        {
            "memId": member.pk,
            "reservationId": reservation.pk,
            "lines": [
                {"type": "projectPackage", "itemId": package.pk, "staff": staff(day)},
                {"type": "project", "itemId": cleansing.pk, "packageLine": 0, "staff": staff(day)},
            ],
        },
    )
    assert order["payable"] == "1200.00"
    paid = pay(day, order["orderId"], {"method": "cash", "amount": "1250.00"}, key="day-package")
    assert (paid["status"], paid["change"]) == ("paid", "50.00")
    day.orders["package"] = order["orderId"]


def stored_value_topped_up_by_a_qr_the_customer_pays(day: Day, fakes, card) -> None:
    order = commit(day, {"memId": card.member_id, "lines": [{"type": "topUp", "cardId": card.pk, "amount": "500"}]})
    answer = pay(day, order["orderId"], {"method": "alipay", "amount": order["payable"]}, key="day-top-up")
    [qr] = answer["tenders"]
    assert (qr["status"], qr["mode"]) == ("pending", "qr")
    fakes.alipay.pay_qr(PaymentIntent.objects.get(reference=f"tender:{qr['tenderId']}").out_trade_no)
    eventually(lambda: Order.objects.get(pk=order["orderId"]).status == "paid")
    day.orders["topUp"] = order["orderId"]


def goods_paid_from_stored_value(day: Day, card, serum) -> None:
    order = commit(day, {"memId": card.member_id, "lines": [{"type": "product", "itemId": serum.pk, "qty": 2}]})
    tender = {"method": "storedValue", "amount": order["payable"], "cardId": card.pk}
    assert pay(day, order["orderId"], tender, key="day-spend")["status"] == "paid"
    day.orders["spend"] = order["orderId"]


def a_declined_code_then_paid_by_another(day: Day, project) -> None:
    """The walk-in's WeChat code is declined (the fake declines an amount ending in .01); Alipay pays."""
    order = commit(day, {"walkIn": WALK_IN, "lines": [{"type": "project", "itemId": project.pk, "staff": staff(day)}]})
    due = order["payable"]
    declined = pay(day, order["orderId"], {"method": "wechat", "amount": due, "authCode": WECHAT_CODE}, key="day-wx")
    assert (declined["status"], declined["tenders"][0]["status"]) == ("unpaid", "failed")
    retried = pay(day, order["orderId"], {"method": "alipay", "amount": due, "authCode": ALIPAY_CODE}, key="day-ali")
    assert retried["status"] == "paid"
    day.orders["retried"] = order["orderId"]


def a_coupon_served_with_staff_for_its_reservation(day: Day, platform, customer, reservation) -> None:
    project = ProjectFactory.create(price=D("238.00"))
    mapped_deal(platform, project=project)
    body = {
        "platformType": 1,
        "platformId": MEITUAN,
        "checkCode": new_code(),
        "phone": customer.phone,
        "commodityType": "project",
        "commodityId": project.pk,
    }
    record = ok(day.client.post("/rest/groupPurchasing/writeOffReview", body, format="json"), status=201)
    served = ok(
        day.client.post(
            "/rest/order/groupBuy",
            {"recordId": record["recordId"], "reservationId": reservation.pk, "staff": staff(day)},
            format="json",
        )
    )
    day.orders["coupon"] = served["orderId"]


def goods_sold_and_one_refunded_back_to_the_shelf(day: Day, member, shampoo) -> None:
    order = commit(day, {"memId": member.pk, "lines": [{"type": "product", "itemId": shampoo.pk, "qty": 3}]})
    assert (
        pay(day, order["orderId"], {"method": "cash", "amount": order["payable"]}, key="day-goods")["status"] == "paid"
    )
    [line] = order["lines"]
    body = {
        "orderId": order["orderId"],
        "lines": [{"orderLineId": line["orderLineId"], "qty": 1, "goodsBack": "shelf"}],
        "reason": "不想要了",
    }
    refund = ok(day.client.post("/rest/recede/recede", body, format="json", HTTP_IDEMPOTENCY_KEY="day-refund"))
    assert refund["amount"] == "88.00"
    day.orders["refunded"] = order["orderId"]


def the_day_closes_once_the_unpaid_order_is_carried_over(day: Day, shampoo) -> dict:
    unpaid = commit(day, {"walkIn": WALK_IN, "lines": [{"type": "product", "itemId": shampoo.pk}]})["orderId"]
    preview = ok(day.client.get("/rest/daily/preview", {"date": timezone.localdate().isoformat()}))
    assert [(item["kind"], item["ref"]) for item in preview["openItems"]] == [("order", str(unpaid))]
    body = {"date": timezone.localdate().isoformat(), "cashCounted": preview["cash"]["expected"]}
    refused = day.client.post("/rest/daily/close", body, format="json")
    assert_envelope(refused, status=409, errcode="DAY-40903")
    body["carryOver"] = [{"kind": "order", "ref": str(unpaid), "reason": "客人明天来付"}]
    ok(day.client.post("/rest/daily/close", body, format="json"), status=201)
    assert Order.objects.get(pk=unpaid).business_date > timezone.localdate()  # moved to the next open day
    return preview


# -- the figures, worked out again from the rows and ledgers -------------------------------------------


def by(rows, key):
    return {row[key]: row for row in rows}


def sum_of(queryset, column) -> Decimal:
    return queryset.aggregate(total=Sum(column))["total"] or D("0.00")


def takings_are_the_succeeded_tenders(day: Day, figures: dict) -> None:
    tenders = Tender.objects.filter(store=day.store, status="succeeded")
    methods = by(figures["takings"]["methods"], "method")
    for method in ("cash", "alipay", "storedValue", "groupBuy"):
        assert D(methods[method]["gross"]) == sum_of(tenders.filter(method=method), "amount"), method
    assert "wechat" not in methods or D(methods["wechat"]["gross"]) == 0  # the declined code took nothing
    refunded = sum_of(RefundLine.objects.filter(refund__order__store=day.store), "amount")
    assert D(methods["cash"]["refunded"]) == refunded == D("88.00")
    money = sum_of(tenders.filter(method__in=["cash", "alipay", "wechat", "pos"]), "amount")
    assert D(figures["takings"]["moneyGross"]) == money
    assert D(figures["takings"]["money"]) == money - refunded
    assert D(figures["cash"]["expected"]) == sum_of(tenders.filter(method="cash"), "amount") - refunded


def revenue_is_the_paid_lines_less_refunds(day: Day, figures: dict, coupon_project_price: Decimal) -> None:
    """Goods and services earned: the paid lines that are no card sale or top-up, the sessions used at
    the project's price, less what refunds gave back; the coupon counts at the deal's price."""
    paid = OrderLine.objects.filter(order__store=day.store, order__status="paid")
    services = paid.filter(type__in=["product", "project"], card__isnull=True)
    sessions = paid.filter(type="project", card__kind="package")
    sessions_value = sum(line.unit_price * line.qty for line in sessions)
    refunded = sum_of(RefundLine.objects.filter(refund__order__store=day.store), "amount")
    coupon_line = OrderLine.objects.get(order_id=day.orders["coupon"])
    deal_price = D(SCALP_DEAL.price_cents) / 100
    assert coupon_line.amount == deal_price != coupon_project_price
    revenue = figures["revenue"]
    assert D(revenue["goodsAndServices"]) == sum_of(services, "amount")
    assert D(revenue["sessionsValue"]) == sessions_value == D("198.00")
    assert D(revenue["earned"]) == sum_of(services, "amount") + sessions_value - refunded


def card_liability_moved_by_sales_top_ups_and_spends(day: Day, figures: dict, balance_before: Decimal) -> None:
    entries = CardEntry.objects.filter(pk__gt=day.first_card_entry)
    moved = sum_of(entries, "principal_change") + sum_of(entries, "gift_change")
    balances = sum(card.balance for card in Card.objects.all())
    top_ups = sum_of(OrderLine.objects.filter(order_id=day.orders["topUp"]), "amount")
    spent = sum_of(Tender.objects.filter(store=day.store, method="storedValue", status="succeeded"), "amount")
    card_sales = sum_of(Card.objects.filter(pk__in=entries.filter(kind="sale").values("card_id")), "principal")
    assert balances - balance_before == moved == card_sales + top_ups - spent
    cards = figures["cards"]
    assert D(cards["storedValueSpent"]["amount"]) == spent
    assert by(figures["sales"]["kinds"], "kind")["topUps"]["amount"] == f"{top_ups:.2f}"


def sessions_issued_less_used_are_held(day: Day, figures: dict) -> None:
    entries = CardEntry.objects.filter(pk__gt=day.first_card_entry)
    issued = sum_of(entries.filter(kind="sale"), "sessions_change")
    used = -sum_of(entries.filter(kind="sessionsUsed"), "sessions_change")
    held = sum_of(CardSession.objects.all(), "left")
    assert (issued, used, held) == (D(5), D(1), issued - used)
    assert figures["cards"]["sessionsUsed"]["sessions"] == used


def stock_moved_by_sales_less_returns(day: Day, products: list) -> None:
    moves = StockMove.objects.filter(pk__gt=day.first_stock_move, store=day.store)
    paid = OrderLine.objects.filter(order__store=day.store, order__status="paid", type="product")
    for product in products:
        sold = sum(line.qty for line in paid.filter(item_id=product.pk))
        returned = sum(line.qty or 0 for line in RefundLine.objects.filter(order_line__item_id=product.pk))
        assert sum_of(moves.filter(product=product), "quantity") == returned - sold, product.name
        assert sum_of(moves.filter(product=product, kind="sale_return"), "quantity") == returned


def every_reservation_billed_or_closed(day: Day) -> None:
    rows = Reservation.objects.filter(pk__in=day.reservations).order_by("id")
    assert [(r.status, bool(r.billed_order_no)) for r in rows] == [
        (ReservationStatus.DONE, True),
        (ReservationStatus.DONE, True),
        (ReservationStatus.CANCELLED, False),
    ]
    billed = {r.billed_order_no for r in rows if r.billed_order_no}
    names = Order.objects.filter(pk__in=[day.orders["package"], day.orders["coupon"]]).values_list(
        "order_no", flat=True
    )
    assert billed == set(names)


def ledgers_are_clean() -> None:
    out = StringIO()
    call_command("audit_ledgers", stdout=out)
    assert out.getvalue().strip().endswith("0 differences")


# -- the day -------------------------------------------------------------------------------------------


def test_one_whole_store_day_through_the_api_and_its_figures_agree(
    chain, make_entry, fakes, fixed_platforms, platform_accounts
):
    store = chain["store"]
    nurse = EmployeeFactory(store=store, name="周护士")
    day = Day(store=store, client=api_client(entry=make_entry(store, codes=CODES)), nurse=nurse)
    wang, li, zhao = (MemberFactory(home_store=store, phone=f"1381234567{n}") for n in range(3))
    card = stored_value_card(member=wang, paid="1000.00", store=store)
    serum = stocked(store, "20", name="精华液", price=D("150.00"))
    shampoo = stocked(store, "20", name="控油洗发水", price=D("88.00"))
    blow_dry = ProjectFactory(name="洗吹造型", price=D("80.01"))
    day.first_card_entry = CardEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0
    day.first_stock_move = StockMove.objects.order_by("-id").values_list("id", flat=True).first() or 0
    balance_before = sum(c.balance for c in Card.objects.all())

    booked = reservations_arrive_and_one_is_cancelled(day, [wang, li, zhao])
    package_sold_with_one_session_served_and_paid_in_cash_with_change(day, wang, booked[0])
    stored_value_topped_up_by_a_qr_the_customer_pays(day, fakes, card)
    goods_paid_from_stored_value(day, card, serum)
    a_declined_code_then_paid_by_another(day, blow_dry)
    a_coupon_served_with_staff_for_its_reservation(day, fixed_platforms[MEITUAN], li, booked[1])
    goods_sold_and_one_refunded_back_to_the_shelf(day, zhao, shampoo)
    figures = the_day_closes_once_the_unpaid_order_is_carried_over(day, shampoo)

    takings_are_the_succeeded_tenders(day, figures)
    revenue_is_the_paid_lines_less_refunds(day, figures, D("238.00"))
    card_liability_moved_by_sales_top_ups_and_spends(day, figures, balance_before)
    sessions_issued_less_used_are_held(day, figures)
    stock_moved_by_sales_less_returns(day, [serum, shampoo])
    every_reservation_billed_or_closed(day)
    ledgers_are_clean()
