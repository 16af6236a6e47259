from collections.abc import Iterator
from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProjectFactory
from apps.core.page_registry import code_of
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.payments.fakes.alipay import FakeAlipay
from apps.payments.fakes.box import FakeBoxGateway
from apps.payments.fakes.pos import FakeTerminalGateway
from apps.payments.fakes.wechat import FakeWeChatPay
from apps.payments.tests.conftest import NOTIFY_URL, client_deliver
from apps.staff.tests.factories import EmployeeFactory

CASHIER = code_of("/account")
BILLS = code_of("/billingList")
ORDER_DETAILS = code_of("/orderDetails")
DAILY = code_of("/dailyKnots")


@pytest.fixture(autouse=True)
def _signatures_in_a_temporary_folder(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def other_store(chain):
    return chain["other_store"]


@pytest.fixture
def member(store):
    return MemberFactory(home_store=store, name="王芳", phone="13912345678")


@pytest.fixture
def nurse(store):
    return EmployeeFactory(store=store, name="张敏")


@pytest.fixture
def product(store):
    """A product Store A holds 1,000 of (a paid order's goods leave stock)."""
    return stocked(store, "1000", name="洗发水", price=Decimal("100.00"))


@pytest.fixture
def project(db):
    return ProjectFactory(name="头皮护理", price=Decimal("298.00"))


@pytest.fixture
def seller(store):
    return EmployeeFactory(store=store, name="吴佳怡")


@pytest.fixture
def cashier_entry(store, make_entry):
    """The cashier of Store A: the cashier pages (/payment among them), the bills list and the order details."""
    return make_entry(store, codes=[CASHIER, BILLS, ORDER_DETAILS])


@pytest.fixture
def client(cashier_entry):
    return api_client(entry=cashier_entry)


@pytest.fixture
def manager(store, make_entry):
    """The store's closing clerk: the cashier pages and the daily closing pages, no reopening."""
    return api_client(entry=make_entry(store, codes=[CASHIER, DAILY]))


@pytest.fixture
def other_client(other_store, make_entry):
    return api_client(entry=make_entry(other_store, codes=[CASHIER, BILLS, ORDER_DETAILS]))


# The fake providers, for provider tenders and their refunds (apps.billing.tests.provider_factories).
NOWHERE = "http://127.0.0.1:9/rest/pay/notify"  # nothing listens: the synchronous answers decide


@pytest.fixture(scope="session")
def provider_fakes() -> Iterator[dict]:
    """WeChat Pay notifies through Django's test client; Alipay and the card terminal answer at once."""
    wechat = FakeWeChatPay(deliver=client_deliver).start()
    alipay = FakeAlipay(notify_url=f"{NOWHERE}/alipay").start()
    pos = FakeTerminalGateway(notify_url=f"{NOWHERE}/pos").start()
    box = FakeBoxGateway(notify_url=f"{NOWHERE}/box").start()
    yield {"wechat": wechat, "alipay": alipay, "pos": pos, "box": box}
    wechat.stop()
    alipay.stop()
    pos.stop()
    box.stop()


@pytest.fixture
def providers(provider_fakes, settings, tmp_path, db) -> dict:
    settings.PAYMENT_PROVIDERS = {
        "wechat": provider_fakes["wechat"].settings_entry(notify_url=NOTIFY_URL, key_dir=tmp_path, timeout=3.0),
        "alipay": provider_fakes["alipay"].account_settings(),
        "pos": provider_fakes["pos"].account_settings(),
        "box": provider_fakes["box"].account_settings(),
    }
    settings.PAYMENT_POLL_FIRST_SECONDS = 0
    return provider_fakes


@pytest.fixture
def sent(django_capture_on_commit_callbacks):
    """Runs what the refund's transaction left for after its commit (the provider's call)."""

    def run(make):
        with django_capture_on_commit_callbacks(execute=True):
            return make()

    return run
