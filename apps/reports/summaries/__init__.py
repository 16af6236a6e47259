"""Summary tables that keep the reports' figures fresh, fast and explainable (issue 29 §1;
docs/decisions/0044).

How they stay fresh: database triggers on the facts (billing's orders, lines, line staff, staff
credits, tenders, refunds and refund tenders; members; the history of regions, categories and
positions) mark the store's business day dirty in the writer's own transaction
(`models.DirtyStoreDay`, migration 0003). A Celery beat task (`apps.reports.tasks.drain_summaries`,
every 30 s) and every report reading on the primary drain the queue: each dirty store-day is
recomputed from the facts, set-based, in one transaction (`drain`, `recompute`). A nightly task
rebuilds the last `SUMMARY_CHECK_DAYS` days into scratch tables and compares (`audit`): a difference
is written to the system log and raised as a task for the owner and head office, then fixed; the
same comparison over every day is `manage.py audit_ledgers`' "summaries".

History keeps its context: each row holds the region, category or position of its day (org,
catalog and staff keep effective-dated history). `regroup_today=True` regroups by today's values.

The selectors other apps and reports call (apps.reports.summaries.selectors; keyword-only;
`stores` are store ids already in the caller's scope; dates are business days, inclusive):

- `ensure_fresh(stores) -> int`: drain the stores' dirty days when reading on the primary. Call it
  once at the start of a report's read; the other selectors do not drain.
- `summaries_as_of(stores) -> datetime`: the "data as of" of a summary-backed report.
- `store_day_figures(*, stores, date_from, date_to, regroup_today=False) -> list[StoreDayFiguresRow]`:
  per store and day: orders, sales (= service_amount + product_amount + card_sale_amount),
  sessions_served, refunds, refunded, net_sales (= sales − refunded), new_members,
  stored_value_sold, stored_value_spent, and region_id (then, or today's).
- `store_totals(*, stores, date_from, date_to) -> dict`: the same figures summed over the range.
- `region_figures(*, stores, date_from, date_to, regroup_today=False) -> list[RegionFiguresRow]`.
- `staff_day_figures(*, stores, date_from, date_to, employee_id=None, category_id=None,
  regroup_today=False) -> list[StaffFiguresRow]`: per employee over the range (with
  `category_id`, only lines of that category as categorised then): service, sale (products), card_sale,
  card_consumption, clawed_back (refunds' negative credits), net (all credits), sessions, orders,
  position (then, or today's).
- `sales_trend(*, stores, date_from, date_to, employee_id=None, category_id=None) -> list[TrendPoint]`:
  net sales by day, every day of the range (of one employee, one category, or both).
- `category_figures(*, stores, date_from, date_to, item_types=None) -> list[CategoryFiguresRow]`:
  quantity and amount by item type and category (as categorised on the day sold).
- `tender_figures(*, stores, date_from, date_to) -> list[TenderFiguresRow]`: takings by method.
- `member_operation_days(*, stores, date_from, date_to)`, `member_operation_months(...)`: the
  store-days (a queryset to page) and store-months of MemberOperation's figures.
- The Commission report reads `CommissionMonthSummary` rows, priced by the drain
  (`commission_months`: `staff_kind_sums` per store, month, employee, kind, position and plan
  version span, priced by apps.commission.figures.month_figures; a closed month from its lines).

What each figure counts, and which day a fact belongs to, is in `recompute`'s docstring."""
