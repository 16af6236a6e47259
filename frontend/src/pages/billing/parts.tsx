/** Pieces the bills pages share: the time range of the filters and the export button. */
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import { Button } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ORDER_EXPORT_PATH, type OrderSearch } from "../../api/bills";
import { exportUrl, fetchExport } from "../../api/catalog";
import { notify } from "../../shell/notices";
import { saveBlob } from "../../lib/download";

export const NS = "bills";

/** Spec §9: an export of 100,000 rows or more is refused (here before any call, and by the server). */
export const EXPORT_MAX_ROWS = 100_000;

/** The first moment of `from` and the last of `to`, in the store's (the browser's) local time. */
export function timeRange(from: string, to: string): Pick<OrderSearch, "startTime" | "endTime"> {
  return { startTime: from ? `${from}T00:00:00` : null, endTime: to ? `${to}T23:59:59` : null };
}

/** Exports the applied filters as an .xlsx in the page's language. */
export function OrderExportButton({ filters, count }: { filters: OrderSearch; count: number | null }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (count !== null && count >= EXPORT_MAX_ROWS) {
      notify("error", t("export.tooMany"), { durationMs: 4000 });
      return;
    }
    setBusy(true);
    try {
      const outcome = await fetchExport(exportUrl(ORDER_EXPORT_PATH, filters), "orders.xlsx");
      if (outcome.kind === "refused") {
        notify("error", outcome.message || t("export.failed"), { durationMs: 4000 });
        return;
      }
      saveBlob(outcome.blob, outcome.fileName);
    } catch {
      notify("error", t("export.failed"), { durationMs: 4000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      disabled={busy}
      onClick={() => void run()}
      data-testid="orders-export"
    >
      {t("export.button")}
    </Button>
  );
}
