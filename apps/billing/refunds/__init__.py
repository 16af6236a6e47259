"""Floor 4 of billing: refunds. What an order can still give back, the quote, the refund itself
(lines, tenders, stock and cards back), its approval above the store's amount, and provider
refunds. It builds on the till's tenders; deposits and closing build on it."""
