"""Floor 6 of billing: the daily closing and the ledger audits. The day's figures, closing and
reopening a day, and the checks that every part's books agree with themselves; it reads every part
below and no part reads it. Beside owed goods, which it does not import."""
