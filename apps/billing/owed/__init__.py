"""Floor 6 of billing: owed goods (欠货). The list of what paid orders still owe and handing it over.
The till writes the owed rows through the stock ledger; this part reads them and takes from them.
Beside closing, which it does not import."""
