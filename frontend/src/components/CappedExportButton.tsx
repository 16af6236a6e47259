/** The export button of a list: the applied filters as an .xlsx in the page's language, refused
 * before any call at 100,000 rows or more (spec §5; the server refuses it too). */
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchExport } from "../api/catalog";
import { saveBlob } from "../lib/download";
import { exportRefused } from "../lib/timeRange";
import { notify } from "../lib/notices";

type Props = {
  /** The export call with the list's filters (`exportUrl(path, filters)`). */
  url: string;
  /** The name to save under when the server sends none. */
  fileName: string;
  /** The rows the filters find (the list's total), or null while unknown. */
  count: number | null;
  /** The page's translation namespace: its `export.button`, `export.tooMany` and `export.failed`. */
  ns: string;
  testId?: string;
};

export function CappedExportButton({ url, fileName, count, ns, testId }: Props) {
  const { t } = useTranslation(ns);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (count !== null && exportRefused(count)) {
      notify("error", t("export.tooMany"), { durationMs: 4000 });
      return;
    }
    setBusy(true);
    try {
      const outcome = await fetchExport(url, fileName);
      if (outcome.kind === "refused") {
        notify("error", outcome.message || t("export.failed"), { durationMs: 4000 });
        return;
      }
      saveBlob(outcome.blob, outcome.fileName);
    } catch {
      // The network failed: the browser's own words ("Failed to fetch") say nothing to staff.
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
      data-testid={testId}
    >
      {t("export.button")}
    </Button>
  );
}
