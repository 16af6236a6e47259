/** How a report's cells read: by the column's kind (money with the money helper, times in the
 * store's zone), a link to the order, member or refund behind a row, and a drill-down to the report
 * that explains a figure, with the page's filters carried over. */
import Link from "@mui/material/Link";
import type { ReportColumn, ReportFilterValues, ReportRow } from "../../../api/reports";
import { EMPTY_FILTERS, reportQuery } from "../../../api/reports";
import { storeDateTime } from "../../../lib/dates";
import { formatMoney } from "../../../lib/money";

const LINK_PAGES: Record<string, (id: string) => string> = {
  order: (id) => `/orderDetails?${new URLSearchParams({ orderId: id }).toString()}`,
  member: (id) => `/personalAccount?${new URLSearchParams({ memId: id }).toString()}`,
  refund: (id) => `/refundDetail?${new URLSearchParams({ id }).toString()}`,
};

/** A value as its kind reads on the page ("" for none). */
export function cellText(kind: ReportColumn["kind"], value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (kind === "money") return formatMoney(String(value));
  if (kind === "datetime") return storeDateTime(String(value));
  if (kind === "percent") return `${String(value)}%`;
  return String(value);
}

/** The page a row's link opens, or null when the row carries no id for it. */
export function linkHref(column: ReportColumn, row: ReportRow): string | null {
  if (!column.link) return null;
  const id = row[column.linkKey ?? column.key];
  if (id === null || id === undefined || id === "") return null;
  return LINK_PAGES[column.link]?.(String(id)) ?? null;
}

/** The target report's page with the time range and store scope of `filters` and the drill's own
 * filters read from the row. */
export function drillHref(column: ReportColumn, row: ReportRow, filters: ReportFilterValues): string | null {
  const drill = column.drill;
  if (!drill?.route) return null;
  const { from, to, storeId, regionId, grouping } = filters;
  const query = reportQuery({ ...EMPTY_FILTERS, from, to, storeId, regionId, grouping });
  for (const [target, rowKey] of Object.entries(drill.filters)) {
    const value = row[rowKey];
    if (value !== null && value !== undefined && value !== "") query[target] = String(value);
  }
  return `${drill.route}?${new URLSearchParams(query).toString()}`;
}

export function ReportCell({
  column,
  row,
  filters,
}: {
  column: ReportColumn;
  row: ReportRow;
  filters: ReportFilterValues;
}) {
  const text = cellText(column.kind, row[column.key]);
  const href = linkHref(column, row) ?? (text ? drillHref(column, row, filters) : null);
  if (!href || !text) return <>{text}</>;
  return (
    <Link href={href} underline="hover" data-testid={`report-link-${column.key}`}>
      {text}
    </Link>
  );
}
