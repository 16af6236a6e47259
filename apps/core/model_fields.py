"""Model fields that mean the same in every app (the request fields are apps.core.fields)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.lazy_text import StrOrPromise

# Yuan with two decimals, up to 10¹⁰: one figure for every amount of money the product stores.
MONEY_DIGITS = 12
# A user's name as copied beside the user who did something: it outlives the account.
USER_NAME_MAX_LENGTH = 40


# The field's set and get types follow `null=` in the options, which a signature cannot say.
def money_field(
    verbose_name: StrOrPromise, *, at_least_zero: bool = False, **options: Any
) -> models.DecimalField[Any, Any]:
    """An amount of money in yuan, to the fen. `at_least_zero`: a price or a value that is never
    negative, refused by the model's validation (a ledger's signed amounts leave it off)."""
    if at_least_zero:
        options["validators"] = [MinValueValidator(Decimal("0"))]
    return models.DecimalField(verbose_name, max_digits=MONEY_DIGITS, decimal_places=2, **options)


# The related user's type is the project's user model, which this floor cannot import.
def user_field(
    verbose_name: StrOrPromise, *, reverse_accessor: bool = False, **options: Any
) -> models.ForeignKey[Any, Any]:
    """The user who did something (the operator, who created or closed it), left empty when the
    account goes: the name copied beside it (`user_name_field`) still says who it was. The user has
    no reverse accessor to the rows unless `reverse_accessor` (the ledgers' first migrations gave
    their operator one, which their migration state keeps). `options` override the defaults."""
    options = {"null": True, "blank": True, "on_delete": models.SET_NULL, **options}
    if not reverse_accessor:
        options.setdefault("related_name", "+")
    return models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=verbose_name, **options)


def user_name_field(verbose_name: StrOrPromise) -> models.CharField[str, str]:
    """A user's name as it was when they did something (empty for no one)."""
    return models.CharField(verbose_name, max_length=USER_NAME_MAX_LENGTH, blank=True)


# The related store's type is org's, which this floor cannot import.
def store_or_chain_field(help_text: StrOrPromise) -> models.ForeignKey[Any, Any]:
    """The one store a setting or a mapping holds at, or empty when it holds at every store of the
    chain (a store's own row wins over the chain's). It goes with its store."""
    return models.ForeignKey(
        "org.OrgUnit",
        verbose_name=_("store"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        help_text=help_text,
    )


def created_at_field() -> models.DateTimeField[datetime, datetime]:
    return models.DateTimeField(_("created"), auto_now_add=True)


def updated_at_field() -> models.DateTimeField[datetime, datetime]:
    return models.DateTimeField(_("updated"), auto_now=True)
