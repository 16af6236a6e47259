"""A fake provider that reports a success unlike the payment it was asked for (decision 0009,
"mismatched"): another amount, currency, merchant, application or terminal, in its answers, its
queries' answers, its notifications and its bill, all signed as any other. A provider's word that
is genuine but not what was asked must never pay a tender.

    with fake.misreporting(amount=1):      # the payments asked for meanwhile report 0.01 paid
        ...                                # ask for the payment here
    payment.reported["currency"] = "USD"   # or one payment of the fake's book, from now on

What a payment will report is copied onto it when it is created, so the payment keeps misreporting
after the `with` ends (its notification may come later, from the poller's query or the customer)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from apps.core.json_types import JsonObject

# amount: cents; currency: ISO 4217; merchant: WeChat Pay mchid, Alipay seller_id, the gateway's
# merchant_id; app: WeChat Pay appid, Alipay app_id; terminal: the terminal or box that took it.
MISREPORTABLE = frozenset({"amount", "currency", "merchant", "app", "terminal"})


class Misreporting:
    misreport: JsonObject

    @contextmanager
    def misreporting(self, **reported: Any) -> Iterator[None]:
        unknown = set(reported) - MISREPORTABLE
        if unknown:
            raise ValueError(f"a fake can misreport only {sorted(MISREPORTABLE)}, not {sorted(unknown)}")
        self.misreport = dict(reported)
        try:
            yield
        finally:
            self.misreport = {}
