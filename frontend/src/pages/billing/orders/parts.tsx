/** Pieces the bills pages share: the time range of the filters and the export button. */
import { ORDER_EXPORT_PATH, type OrderSearch } from "../../../api/bills";
import { exportUrl } from "../../../api/catalog";
import { CappedExportButton } from "../../../components/CappedExportButton";

export const NS = "bills";

/** The first moment of `from` and the last of `to`, in the store's (the browser's) local time. */
export function timeRange(from: string, to: string): Pick<OrderSearch, "startTime" | "endTime"> {
  return { startTime: from ? `${from}T00:00:00` : null, endTime: to ? `${to}T23:59:59` : null };
}

/** Exports the applied filters as an .xlsx in the page's language. */
export function OrderExportButton({ filters, count }: { filters: OrderSearch; count: number | null }) {
  return (
    <CappedExportButton
      url={exportUrl(ORDER_EXPORT_PATH, filters)}
      fileName="orders.xlsx"
      count={count}
      ns={NS}
      testId="orders-export"
    />
  );
}
