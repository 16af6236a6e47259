"""Floor 2 of billing: orders. Draft lines and their pricing, the commit and cancel, the checks
before paying, the signature, what a paid line credits the staff, order reads (with the refunds an
order shows, as written). Below the till: nothing here takes money."""
