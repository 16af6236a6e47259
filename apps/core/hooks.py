"""The three shapes in which a lower app hears from a higher one without importing it (ARCHITECTURE:
a lower app learns about a higher one only through a hook it defines). The higher app registers in
its AppConfig.ready(); the lower app calls what was registered.

- `Slot`: one answer the lower app needs (org asks accounts which units a user owns). Asking before
  anything registered is a wiring fault, raised as such, never a silent default.
- `Listeners`: everyone who must hear of an event (payments tells billing an intent ended), called
  in the order they registered, each once however often it registered.
- `Registry`: things known by name (ledger audits, approval kinds, payment providers).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class Slot(Generic[T]):
    def __init__(self, what: str, *, registered_by: str) -> None:
        self.what = what
        self.registered_by = registered_by
        self._implementation: T | None = None

    def register(self, implementation: T) -> None:
        self._implementation = implementation

    def get(self) -> T:
        if self._implementation is None:  # both apps are installed in every configuration of this project
            raise RuntimeError(f"no {self.what} registered ({self.registered_by} not ready)")
        return self._implementation


class Listeners(Generic[T]):
    def __init__(self) -> None:
        self._listeners: list[T] = []

    def register(self, listener: T) -> None:
        if listener not in self._listeners:
            self._listeners.append(listener)

    def unregister(self, listener: T) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def __iter__(self) -> Iterator[T]:
        # A copy: a listener may unregister itself (or another) while the event is told.
        return iter(list(self._listeners))


class Registry(Generic[T]):
    """`unique`: registering another thing under a name already taken is a wiring fault (the same
    thing again is not); otherwise the later registration replaces the earlier."""

    def __init__(self, what: str, *, unique: bool = False) -> None:
        self.what = what
        self.unique = unique
        self._items: dict[str, T] = {}

    def register(self, name: str, item: T) -> None:
        if self.unique and name in self._items and self._items[name] != item:
            raise ValueError(f"{self.what} {name!r} is registered twice")
        self._items[name] = item

    def unregister(self, name: str) -> None:
        self._items.pop(name, None)

    def get(self, name: str) -> T | None:
        return self._items.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def by_name(self) -> dict[str, T]:
        return dict(sorted(self._items.items()))
