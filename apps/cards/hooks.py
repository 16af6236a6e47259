"""What the cards tell the apps above them without importing them (ARCHITECTURE: a hook the lower
app defines, filled in the higher app's AppConfig.ready()).

`card_entry_written`: every listener hears of each card ledger entry inside the transaction that
writes it, under the card's row lock. The settlement between stores (issue 30) writes its clearing
entries there, so a cross-store use and its clearing commit together or not at all; a listener that
raises undoes the use."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from apps.core.hooks import Listeners

if TYPE_CHECKING:
    from apps.cards.models import Card, CardEntry

card_entry_written: Listeners[Callable[[Card, CardEntry], None]] = Listeners()
