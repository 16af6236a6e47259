"""What a stock move is (the ledger's kinds) and what document it belongs to."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class MoveKind(models.TextChoices):
    """Why a product's stock in a store changed. The sign of a move's quantity says the direction;
    a kind says the reason, so reports can tell sales from use from loss."""

    RECEIPT = "receipt", _("goods in")
    SALE = "sale", _("sold")
    SALE_RETURN = "sale_return", _("sale refunded")
    OWED_PICKUP = "owed_pickup", _("owed goods taken")
    STORE_USE = "store_use", _("in-store use")
    SERVICE_USE = "service_use", _("consumed by a service")
    LOAN_OUT = "loan_out", _("lent out")
    LOAN_IN = "loan_in", _("borrowed in")
    RETURN_OUT = "return_out", _("returned to supplier or head office")
    STOCKTAKE = "stocktake", _("stocktake adjustment")
