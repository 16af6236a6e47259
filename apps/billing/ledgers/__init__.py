"""Floor 1 of billing: the ledgers every part writes through (the intention-deposit ledger, the stock
the till moves). They know rows and amounts, not orders being priced or paid."""
