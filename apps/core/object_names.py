"""Rows named as a person reads them (issue 28 §9): an order by its number (SO…), a stocktake by its
number (PD…), a member by the member code and the masked name, in the reader's language where words
are involved. Each app names its own rows in its `names.py` with a `Namer`; the readers that show
another app's rows (the system log, the stock flow) call them, a page of rows at once."""

from __future__ import annotations

from collections.abc import Callable, Collection

# The names of the rows of one kind that still exist, by id, in the active language.
Namer = Callable[[Collection[int]], dict[int, str]]
