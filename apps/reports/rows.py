"""The rows reports' reads build, as their output serializers write them (named after them,
with `Row` added)."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict


class SystemLogRow(TypedDict):
    """As SystemLogOutputSerializer writes it."""

    id: int
    createdAt: datetime
    loginName: str
    userName: str
    roleName: str
    storeId: int | None
    storeName: str
    action: str
    actionName: str
    objectType: str
    objectTypeName: str
    objectId: str
    objectName: str
    detail: object  # the entry's detail with its phones masked (mask_phones_in)
    ipAddress: str
