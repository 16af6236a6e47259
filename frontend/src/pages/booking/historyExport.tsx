import { NS } from "./historyFilters";
import { exportFileName, exportUrl } from "./historyRules";
import { type HistoryFilters } from "../../api/bookingHistory";
import { CappedExportButton } from "../../components/CappedExportButton";

/**
 * Exports the applied filters as an .xlsx. Spec §5: 100,000 rows or more are refused here before
 * any call; the server refuses too (400 with the same sentence), and its message is shown.
 */
export function HistoryExportButton({ filters, total }: { filters: HistoryFilters; total: number | null }) {
  return (
    <CappedExportButton
      url={exportUrl(filters)}
      fileName={exportFileName(filters)}
      count={total}
      ns={NS}
      testId="history-export"
    />
  );
}
