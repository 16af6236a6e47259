/** The export button of a list: the applied filters as an .xlsx in the page's language. Spec §5's
 * cap holds for the immediate download only: for 100,000 rows or more the server answers 202 and
 * makes the file in the download centre, which the notice links to. */
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchExport } from "../api/catalog";
import { i18n } from "../i18n";
import { saveBlob } from "../lib/download";
import { notify } from "../lib/notices";
import { overImmediateExportCap } from "../lib/timeRange";

export const DOWNLOAD_CENTRE_PATH = "/downloadCenter";

/** The notice of an export sent to the download centre: the server's words, and a link there. */
export function notifyExportQueued(message: string): void {
  const t = i18n.getFixedT(null, "common");
  notify("info", message || t("export.queued"), {
    durationMs: 8000,
    action: { label: t("export.openDownloadCentre"), onClick: () => window.location.assign(DOWNLOAD_CENTRE_PATH) },
  });
}

type Props = {
  /** The export call with the list's filters (`exportUrl(path, filters)`). */
  url: string;
  /** The name to save under when the server sends none. */
  fileName: string;
  /** The rows the filters find (the list's total), or null while unknown: at the cap or above, the
   * button says beforehand that the file will be made in the download centre. */
  count: number | null;
  /** The page's translation namespace: its `export.button` and `export.failed`. */
  ns: string;
  testId?: string;
};

export function CappedExportButton({ url, fileName, count, ns, testId }: Props) {
  const { t } = useTranslation(ns);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const outcome = await fetchExport(url, fileName);
      if (outcome.kind === "queued") {
        notifyExportQueued(outcome.message);
        return;
      }
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
      title={count !== null && overImmediateExportCap(count) ? i18n.t("common:export.toCentre") : undefined}
      data-testid={testId}
    >
      {t("export.button")}
    </Button>
  );
}
