"""Fixtures shared by every app's tests. Data comes from the factories beside each app."""

import os
import re
from pathlib import Path

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.db.backends.signals import connection_created

from apps.accounts.tests.factories import RoleFactory, UserFactory, UserRoleFactory
from apps.core.tests import fast_flush, lock_guard, template_db
from apps.demo.tests.snapshot import DemoSnapshot, can_copy
from apps.org.tests.factories import HeadOfficeFactory, RegionFactory, StoreFactory


@pytest.fixture(autouse=True)
def _clear_cache():
    # Role codes, revoked tokens and throttles live in the cache: no test sees another's.
    cache.clear()
    yield
    cache.clear()


# The flush after each transactional test deletes rows instead of truncating every table (0.3 s less
# a test; apps/core/tests/fast_flush.py).
fast_flush.install()

# Every connection, a thread's too, refuses a row lock the lock order forbids (apps.core.locks).
connection_created.connect(lock_guard.install)


@pytest.fixture(autouse=True)
def _row_locks_keep_the_lock_order():
    lock_guard.found_and_cleared()
    yield
    broken = lock_guard.found_and_cleared()
    assert not broken, "row locks against apps.core.locks:\n" + "\n\n".join(broken)


FAST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The production hasher costs about half a second per password; what the tests check does not
    # depend on the hash's strength.
    settings.PASSWORD_HASHERS = FAST_PASSWORD_HASHERS


@pytest.fixture
def chain(db):
    """A head office with one region and two stores."""
    head_office = HeadOfficeFactory(name="Head office")
    region = RegionFactory(parent=head_office, name="East")
    return {
        "head_office": head_office,
        "region": region,
        "store": StoreFactory(parent=region, name="Store A"),
        "other_store": StoreFactory(parent=region, name="Store B"),
    }


@pytest.fixture
def make_entry(db):
    """make_entry(hier, codes=[...], kind=...) -> a user's role entry at `hier` with those codes."""

    def make(hier, codes=(), kind="principal", user=None):
        role = RoleFactory(codes=list(codes), kind=kind)
        return UserRoleFactory(user=user or UserFactory(), role=role, hier=hier)

    return make


# Browser tests (marker `browser`): Playwright driving Debian's Chromium against live_server.
ROOT = Path(__file__).resolve().parent
# Ignored, so that `make test` leaves a checkout clean; `make screenshots` sets docs/screenshots, the
# README's pictures.
SCREENSHOT_DIR = ROOT / os.environ.get("SCREENSHOT_DIR", "build/screenshots")


def pytest_configure(config):
    if template_db.wanted(config):
        template_db.start(config)
    config.addinivalue_line("markers", "screenshot: takes a picture for the README (`make screenshots`)")


def pytest_unconfigure(config):
    template_db.finish(config)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, django_db_blocker):
    # Under xdist each worker's database is a copy of the run's migrated template
    # (apps/core/tests/template_db.py); pytest-django then keeps it as it finds it.
    if template_db.in_use():
        with django_db_blocker.unblock():
            template_db.clone_for_worker()


@pytest.fixture(scope="session")
def django_db_keepdb(request):
    return request.config.getvalue("reuse_db") or template_db.in_use()


def pytest_collection_modifyitems(items):
    # Every test that asks for the `screenshot` fixture is one `make screenshots` runs.
    for item in items:
        if "screenshot" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.screenshot)


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    import os

    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the test body's ORM calls are
    # still plain synchronous code.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def browser_locale():
    """Override in a test module (or parametrize) to browse in another language."""
    return "en-US"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    # Kept on the test, so that the `page` fixture knows at teardown whether the test failed.
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


# A failed browser test leaves a picture of its page here (ignored by git): a failure that happens
# only on a loaded machine can be seen afterwards.
FAILURE_DIR = ROOT / "build" / "failures"


@pytest.fixture
def page(browser, live_server, browser_locale, request):
    """A fresh browser page on the live server. The test fails on any console error, except a
    failed status the test provokes on purpose: `page.expected_failures.add((401, "/rest/auth/login"))`
    (a path of "" takes that status from every path)."""
    # Reduced motion, as a user may ask their system for: the theme follows it (islands/theme.ts), so
    # dialogs and menus open and close without an animation to wait for.
    context = browser.new_context(
        base_url=live_server.url,
        locale=browser_locale,
        viewport={"width": 1366, "height": 820},
        reduced_motion="reduce",
    )
    page = context.new_page()
    errors: list[str] = []
    page.expected_failures = set()
    page.on(
        "console",
        lambda message: (
            errors.append(f"{message.text} @ {message.location.get('url', '')}") if message.type == "error" else None
        ),
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    in_flight: set = set()
    context.on("request", lambda request: in_flight.add(request))
    context.on("requestfinished", lambda request: in_flight.discard(request))
    context.on("requestfailed", lambda request: in_flight.discard(request))
    yield page
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed and not page.is_closed():
        FAILURE_DIR.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)[-150:]
        page.screenshot(path=str(FAILURE_DIR / f"{name}.png"), full_page=True)
    # Closing the browser does not stop a request the live server is still serving, and such a
    # request's transaction can deadlock with the flush of the test database: let them finish first
    # (up to 15 s: a token refresh on a loaded CI machine once outlasted 5 s).
    for _ in range(150):
        if not in_flight or page.is_closed():
            break
        page.wait_for_timeout(100)
    context.close()
    unexpected = [
        error
        for error in errors
        if not any(
            f"status of {status} " in error and error.split("?")[0].endswith(path)
            for status, path in page.expected_failures
        )
    ]
    assert not unexpected, f"console errors: {unexpected}"


@pytest.fixture
def screenshot():
    """screenshot(page_or_locator, "name.png") into SCREENSHOT_DIR, once the fonts are loaded, with
    CSS animations and transitions run to their end (Playwright's `animations="disabled"`) and the
    text caret hidden, so a picture does not catch a dialog half-open."""

    def take(target, name: str) -> None:
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        page = getattr(target, "page", target)
        page.evaluate("() => document.fonts.ready.then(() => true)")
        target.screenshot(path=str(SCREENSHOT_DIR / name), animations="disabled", caret="hide")

    return take


@pytest.fixture(scope="session")
def demo_snapshot(django_db_setup, django_db_blocker) -> DemoSnapshot | None:
    """The demo chain, seeded once per test database (apps/demo/tests/snapshot.py); None where the
    database role may not copy rows in (each test then seeds)."""
    from django.test import override_settings

    # Session fixtures come before `_fast_password_hashing`: the demo's passwords need its hasher too.
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS):
        return DemoSnapshot.take() if can_copy() else None


@pytest.fixture
def seeded_demo(demo_snapshot):
    """Puts the demo chain of contract §6 (seed_demo) in the test database; the test asks for `db`
    or `transactional_db` itself."""

    def seed() -> None:
        if demo_snapshot is None:
            from django.core.management import call_command

            call_command("seed_demo", verbosity=0)
        else:
            demo_snapshot.restore()

    yield seed
    # A `db` test's rollback takes the copied content types away again; the cache would keep them.
    ContentType.objects.clear_cache()


@pytest.fixture
def demo(transactional_db, seeded_demo):
    """The demo chain of contract §6 (seed_demo), committed, for the browser tests."""
    seeded_demo()
