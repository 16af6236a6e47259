"""The web process dies between the provider's success and our commit (issue 14 §4), for real: the
product's web server (gunicorn, erp.wsgi) runs as a process of its own on the test database, the
fake WeChat Pay takes the money and holds its answer (scenario .05, "money taken, answer too late"),
and the test SIGKILLs the web server's process group. Nothing else is started: the poller
(`manage.py poll_payments --once`, as cron or beat runs it, in a process of its own) completes the
payment, and the order is paid exactly once.

Two moments of death:
- while the pay call waits for the provider's answer (the money is taken, we heard nothing);
- after the provider answered, inside the transaction that applies it, before its commit: the test
  holds the order's row lock from a connection of its own, so the apply blocks there; the process
  dies with the intent's success written and not committed.

No patch of our code: the faults are the fake provider's scenario, a signal and a PostgreSQL lock."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.conf import settings as django_settings
from django.db import connection

from apps.accounts.tokens import issue_tokens
from apps.billing.choices import OrderStatus, TenderStatus
from apps.billing.models import Order, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.waiting import eventually
from apps.cards.models import Card, CardEntry
from apps.cards.tests.factories import stored_value_card
from apps.core.ledgers import audit_all
from apps.core.testing import raw_connection
from apps.members.models import Member
from apps.payments.choices import IntentState
from apps.payments.fakes.wechat import FakeWeChatPay
from apps.payments.models import PaymentIntent

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(django_settings.BASE_DIR)
APP_NAME = "erp-web-under-test"  # the web server's connections, as pg_stat_activity names them
SCANNED = "134567890123456789"
STARTUP_SECONDS = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url(*, application_name: str = "") -> str:
    """The test database (the one this test's rows are committed to), as DATABASE_URL says it."""
    db = connection.settings_dict
    user = quote(db["USER"] or "", safe="")
    password = f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else ""
    host = db["HOST"] or "127.0.0.1"
    if host.startswith("/"):  # a Unix socket's folder (the embedded server): django-environ's form
        url = f"postgres://{user}{password}@/{host}/{db['NAME']}"
    else:
        url = f"postgres://{user}{password}@{host}:{db['PORT'] or 5432}/{db['NAME']}"
    return f"{url}?application_name={application_name}" if application_name else url


@dataclass
class Web:
    """The web server under test and the environment the poller shares with it."""

    url: str
    process: subprocess.Popen[bytes]
    env: dict[str, str]
    log: Path
    wechat: FakeWeChatPay
    answers: list[Any] = field(default_factory=list)

    def kill(self) -> None:
        """SIGKILL to the whole process group: gunicorn's master and its worker die at once, so no
        new worker is forked and nothing finishes the request."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def pay_in_background(self, entry: Any, order: Order, tenders: list[dict[str, Any]]) -> threading.Thread:
        """POST pay/excute from a thread, as the till would; what it got (an answer or the broken
        connection) lands in `answers`."""
        issued = issue_tokens(user=entry.user, user_role=entry)
        request = urllib.request.Request(
            f"{self.url}/rest/pay/excute",
            data=json.dumps({"orderId": order.pk, "tenders": tenders}).encode(),
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {issued['access']}",
                "X-Account-Version": str(issued["accountVersion"]),
                "Idempotency-Key": f"death-{order.pk}",
                "Accept-Language": "en",
            },
            method="POST",
        )

        def call() -> None:
            try:
                with urllib.request.urlopen(request, timeout=90) as answer:
                    self.answers.append(json.loads(answer.read()))
            except (urllib.error.URLError, ConnectionError, OSError) as broken:
                self.answers.append(broken)

        thread = threading.Thread(target=call, name="till-pays", daemon=True)
        thread.start()
        return thread

    def poll_once(self) -> str:
        """`manage.py poll_payments --once` in a process of its own, on the same database and providers."""
        done = subprocess.run(
            [sys.executable, "manage.py", "poll_payments", "--once"],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout


def start_web(env: dict[str, str], port: int, log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "erp.wsgi", "--bind", f"127.0.0.1:{port}", "--timeout", "120"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, which the test kills whole
        )
    deadline = time.monotonic() + STARTUP_SECONDS
    while True:
        if process.poll() is not None:
            raise AssertionError(f"the web server exited: {log.read_text(errors='replace')[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            if time.monotonic() > deadline:
                os.killpg(process.pid, signal.SIGKILL)
                raise AssertionError("the web server did not listen in time") from None
            time.sleep(0.1)


@pytest.fixture
def web(tmp_path, settings) -> Iterator[Web]:
    # The fake takes the money and answers 20 s later; our side would wait 60 s for it.
    wechat = FakeWeChatPay(slow_seconds=20.0).start()
    port = free_port()
    entry = wechat.settings_entry(
        notify_url=f"http://127.0.0.1:{port}/rest/pay/notify/wechat", key_dir=tmp_path / "keys", timeout=60.0
    )
    providers = tmp_path / "payment-providers.json"
    providers.write_text(json.dumps({"wechat": entry}), encoding="utf-8")
    settings.PAYMENT_PROVIDERS = {"wechat": entry}
    env = {
        **os.environ,
        "DATABASE_URL": database_url(application_name=APP_NAME),
        "PAYMENT_PROVIDERS_FILE": str(providers),
        "PAYMENT_POLL_FIRST_SECONDS": "0",
        "DB_CONN_MAX_AGE": "0",
        "DEBUG": "1",
        "WEB_CONCURRENCY": "1",
        "WEB_THREADS": "2",
    }
    env.pop("PAYMENT_PROVIDERS", None)
    log = tmp_path / "web.log"
    process = start_web(env, port, log)
    poller_env = {**env, "DATABASE_URL": database_url()}
    try:
        yield Web(f"http://127.0.0.1:{port}", process, poller_env, log, wechat)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        wechat.stop()


def web_backends() -> list[tuple[int, str, str]]:
    """The web server's live database sessions: (pid, wait_event_type, state)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, coalesce(wait_event_type, ''), coalesce(state, '') FROM pg_stat_activity "
            "WHERE application_name = %s",
            [APP_NAME],
        )
        return [(int(pid), str(wait), str(state)) for pid, wait, state in cursor.fetchall()]


def money_taken(wechat: FakeWeChatPay) -> str:
    """Waits until the provider holds a paid trade (the money is taken) and answers its number."""
    eventually(lambda: any(trade.state == "SUCCESS" for trade in list(wechat.trades.values())), timeout=30)
    return next(no for no, trade in list(wechat.trades.items()) if trade.state == "SUCCESS")


def nothing_applied(order: Order, out_trade_no: str) -> Tender:
    """What the dead process left committed: the provider tender pending, its intent open, the order
    paid only by the stored value (the first step's commit)."""
    intent = PaymentIntent.objects.get(out_trade_no=out_trade_no)
    assert intent.state in (IntentState.CREATED, IntentState.PENDING)
    tender = Tender.objects.get(order=order, method="wechat")
    assert tender.status == TenderStatus.PENDING
    order = Order.objects.get(pk=order.pk)
    assert order.status == OrderStatus.PARTLY_PAID and order.paid == Decimal("100.00")
    return tender


def paid_exactly_once(order: Order, card: Card, member: Member, *, points: int) -> None:
    order.refresh_from_db()
    assert order.status == OrderStatus.PAID and order.paid == order.payable
    succeeded = list(Tender.objects.filter(order=order, status=TenderStatus.SUCCEEDED).order_by("id"))
    assert [(t.method, t.amount) for t in succeeded] == [
        ("storedValue", Decimal("100.00")),
        ("wechat", Decimal("30.05")),
    ]
    assert not Tender.objects.filter(order=order).exclude(status=TenderStatus.SUCCEEDED).exists()
    wechat_tender = succeeded[1]
    intents = PaymentIntent.objects.filter(reference=f"tender:{wechat_tender.pk}")
    assert [intent.state for intent in intents] == [IntentState.SUCCEEDED]
    card.refresh_from_db()
    assert (card.principal, card.gift) == (Decimal("0.00"), Decimal("0.00"))
    assert CardEntry.objects.filter(card=card).count() == 2  # loaded, then spent once
    assert Member.objects.get(pk=member.pk).points == points  # earned on the WeChat Pay part, once
    assert audit_all() == []


def a_split_order(store: Any, member: Member) -> tuple[Order, Card, list[dict[str, Any]]]:
    card = stored_value_card(member=member, paid="100.00", store=store)
    order = order_of(store=store, member=member, lines=[product("130.05")])
    tenders: list[dict[str, Any]] = [
        {"method": "storedValue", "amount": "100.00", "cardId": card.pk},
        {"method": "wechat", "amount": "30.05", "authCode": SCANNED},  # .05: money taken, answer held
    ]
    return order, card, tenders


def test_the_web_process_killed_while_the_provider_holds_its_answer_is_completed_by_the_poller(
    web, cashier_entry, store, member
):
    order, card, tenders = a_split_order(store, member)
    points_before = Member.objects.get(pk=member.pk).points
    till = web.pay_in_background(cashier_entry, order, tenders)
    out_trade_no = money_taken(web.wechat)
    time.sleep(0.3)  # the pay call is in the provider's read, its answer 20 s away
    assert not web.answers
    web.kill()
    till.join(timeout=10)
    assert len(web.answers) == 1 and isinstance(web.answers[0], Exception)  # the till heard nothing
    eventually(lambda: web_backends() == [], timeout=10)
    tender = nothing_applied(order, out_trade_no)
    assert tender.asked_at is not None

    web.poll_once()
    paid_exactly_once(order, card, member, points=points_before + 30)
    web.poll_once()  # a second round changes nothing
    paid_exactly_once(order, card, member, points=points_before + 30)
    assert web.process.returncode == -signal.SIGKILL


def test_the_web_process_killed_after_the_answer_and_before_its_commit_is_completed_by_the_poller(
    web, cashier_entry, store, member
):
    web.wechat.slow_seconds = 1.0  # the provider answers after a second; the apply then waits for our lock
    order, card, tenders = a_split_order(store, member)
    points_before = Member.objects.get(pk=member.pk).points
    with raw_connection(autocommit=False) as holder:
        till = web.pay_in_background(cashier_entry, order, tenders)
        out_trade_no = money_taken(web.wechat)
        # The order's row lock, from a connection of the test's own: the pay call's first step has
        # committed (the intent exists), so the lock stops only the transaction applying the answer.
        holder.execute("SELECT id FROM billing_order WHERE id = %s FOR UPDATE", [order.pk])
        # The answer arrives; the web's transaction writes the intent's success and waits on the lock.
        eventually(lambda: any(wait == "Lock" for _pid, wait, _state in web_backends()), timeout=30)
        locked = holder.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE a.application_name = %s AND l.relation = 'payments_paymentintent'::regclass "
            "AND l.mode = 'RowShareLock' AND l.granted",
            [APP_NAME],
        ).fetchone()
        assert locked is not None and locked[0] >= 1  # inside _apply_payment: the intent is locked and written
        assert PaymentIntent.objects.get(out_trade_no=out_trade_no).state != IntentState.SUCCEEDED  # not committed
        web.kill()
        holder.rollback()  # the lock goes; the orphaned session finds its client gone and rolls back
    till.join(timeout=10)
    assert len(web.answers) == 1 and isinstance(web.answers[0], Exception)
    eventually(lambda: web_backends() == [], timeout=10)
    nothing_applied(order, out_trade_no)

    web.poll_once()
    paid_exactly_once(order, card, member, points=points_before + 30)
    web.poll_once()
    paid_exactly_once(order, card, member, points=points_before + 30)
