"""The three hook shapes (apps/core/hooks.py)."""

from __future__ import annotations

import pytest

from apps.core.hooks import Listeners, Registry, Slot


def test_a_slot_asked_before_its_app_registered_names_the_missing_app():
    slot: Slot[str] = Slot("store staff", registered_by="apps.booking")
    with pytest.raises(RuntimeError, match=r"no store staff registered \(apps.booking not ready\)"):
        slot.get()
    slot.register("reader")
    assert slot.get() == "reader"


def test_listeners_hear_in_the_order_they_registered_and_each_once():
    heard: list[str] = []
    listeners: Listeners = Listeners()
    first, second = (lambda: heard.append("first")), (lambda: heard.append("second"))
    for listener in (first, second, first):
        listeners.register(listener)
    for listener in listeners:
        listener()
    assert heard == ["first", "second"]


def test_a_listener_may_leave_while_the_event_is_told():
    listeners: Listeners = Listeners()
    heard: list[str] = []

    def leaving() -> None:
        heard.append("leaving")
        listeners.unregister(leaving)

    listeners.register(leaving)
    listeners.register(lambda: heard.append("staying"))
    for listener in listeners:
        listener()
    assert heard == ["leaving", "staying"]
    assert len(list(listeners)) == 1


def test_a_unique_registry_refuses_another_thing_under_a_taken_name():
    kinds: Registry[str] = Registry("approval kind", unique=True)
    kinds.register("refund", "a")
    kinds.register("refund", "a")  # the same again: an app's ready() may run twice
    with pytest.raises(ValueError, match="approval kind 'refund' is registered twice"):
        kinds.register("refund", "b")


def test_a_registry_lists_by_name_and_a_later_registration_replaces():
    audits: Registry[int] = Registry("ledger audit")
    audits.register("stock", 1)
    audits.register("cards", 2)
    audits.register("stock", 3)
    assert audits.by_name() == {"cards": 2, "stock": 3}
    assert "stock" in audits and audits.get("points") is None
    audits.unregister("stock")
    assert list(audits.by_name()) == ["cards"]
