"""Floor 3 of billing: the till. Paying an order with its tenders (cash, stored value, points,
sessions, provider tenders), the providers' word on them, and what a payment settles. It reads orders
and writes through the ledgers; refunds, deposits and closing build on it."""
