"""Model fields that mean the same in every app (the request fields are apps.core.fields)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.validators import MinValueValidator
from django.db import models

from apps.core.lazy_text import StrOrPromise

# Yuan with two decimals, up to 10¹⁰: one figure for every amount of money the product stores.
MONEY_DIGITS = 12


# The field's set and get types follow `null=` in the options, which a signature cannot say.
def money_field(
    verbose_name: StrOrPromise, *, at_least_zero: bool = False, **options: Any
) -> models.DecimalField[Any, Any]:
    """An amount of money in yuan, to the fen. `at_least_zero`: a price or a value that is never
    negative, refused by the model's validation (a ledger's signed amounts leave it off)."""
    if at_least_zero:
        options["validators"] = [MinValueValidator(Decimal("0"))]
    return models.DecimalField(verbose_name, max_digits=MONEY_DIGITS, decimal_places=2, **options)
