"""What the inventory learns from the apps above it without importing them (ARCHITECTURE: a hook the
lower app defines, filled in the higher app's AppConfig.ready()).

`move_documents`: the kinds of document a stock move may point to (StockMove.document_kind, written
by whoever moves the stock: billing's orders, refunds and owed goods; the inventory's own stocktakes
and stock documents), each with its name in the reader's language and the numbers of its rows, so the
stock flow shows "order SO…" and not "order 8"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from apps.core.hooks import Listeners, Registry
from apps.core.lazy_text import StrOrPromise
from apps.core.object_names import Namer

if TYPE_CHECKING:
    from apps.inventory.models import StockDocument, StockMove


@dataclass(frozen=True)
class MoveDocument:
    name: StrOrPromise
    numbers: Namer


move_documents: Registry[MoveDocument] = Registry("stock move document", unique=True)
register_move_document = move_documents.register


# Every listener hears of a loan (or a loan return) the receiving store confirmed, with the moves
# that brought its goods in, inside the confirmation's transaction (the settlement between stores,
# issue 30: the receiver owes the sender for goods lent and not given back).
loan_received: Listeners[Callable[[StockDocument, list[StockMove]], None]] = Listeners()
