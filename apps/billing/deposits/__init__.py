"""Floor 5 of billing: intention deposits. Taking one (a payment of its own order), applying it to
another order (a tender at the till), refunding it (a refund of its order), and their reads. It
builds on the till and refunds; nothing below knows a deposit beyond its ledger."""
