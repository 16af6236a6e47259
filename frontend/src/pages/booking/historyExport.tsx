import FileDownloadIcon from "@mui/icons-material/FileDownload";
import { Button } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchExport } from "../../api/catalog";
import { notify } from "../../shell/notices";
import { NS } from "./historyFilters";
import { exportFileName, exportRefused, exportUrl } from "./historyRules";
import { type HistoryFilters } from "../../api/bookingHistory";
import { saveBlob } from "../../lib/download";

/**
 * Exports the applied filters as an .xlsx. Spec §5: 100,000 rows or more are refused here before
 * any call; the server refuses too (400 with the same sentence), and its message is shown.
 */
export function HistoryExportButton({ filters, total }: { filters: HistoryFilters; total: number | null }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (total !== null && exportRefused(total)) {
      notify("error", t("export.tooMany"), { durationMs: 4000 });
      return;
    }
    setBusy(true);
    try {
      const outcome = await fetchExport(exportUrl(filters), exportFileName(filters));
      if (outcome.kind === "refused") {
        notify("error", outcome.message || t("export.failed"), { durationMs: 4000 });
        return;
      }
      saveBlob(outcome.blob, outcome.fileName);
    } catch (failure) {
      notify("error", failure instanceof Error && failure.message ? failure.message : t("export.failed"), {
        durationMs: 4000,
      });
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
      data-testid="history-export"
    >
      {t("export.button")}
    </Button>
  );
}
