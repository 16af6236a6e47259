/** /downloadCenter (issue 29 §5): the caller's exports (head office: every export beneath its level),
 * each with its status, its progress while it is being made (the list polls meanwhile), its rows,
 * the download while it is kept, and when it is deleted. */
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchExport } from "../../api/catalog";
import { downloadUrl, useDownloadJobs, type ExportJob } from "../../api/reports";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { storeDateTime } from "../../lib/dates";
import { saveBlob } from "../../lib/download";
import { notify } from "../../lib/notices";

const NS = "reports";
const STATUS_COLOURS = {
  queued: "default",
  running: "info",
  done: "success",
  failed: "error",
  expired: "default",
} as const;

function Progress({ job }: { job: ExportJob }) {
  if (job.status !== "running" && job.status !== "queued") return null;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 140 }}>
      <LinearProgress
        variant={job.status === "queued" ? "indeterminate" : "determinate"}
        value={job.progress}
        sx={{ flex: 1 }}
        aria-label={`${job.progress}%`}
        data-testid={`job-progress-${job.jobId}`}
      />
      <Typography variant="caption">{job.progress}%</Typography>
    </Box>
  );
}

function DownloadButton({ job }: { job: ExportJob }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  if (job.status !== "done") return null;
  const run = async () => {
    setBusy(true);
    try {
      const outcome = await fetchExport(downloadUrl(job.jobId), `${job.report}-${job.jobId}.xlsx`);
      if (outcome.kind === "file") saveBlob(outcome.blob, outcome.fileName);
      else notify("error", outcome.message || t("export.failed"), { durationMs: 4000 });
    } catch {
      notify("error", t("export.failed"), { durationMs: 4000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={<FileDownloadIcon />}
      disabled={busy}
      onClick={() => void run()}
      data-testid={`job-download-${job.jobId}`}
    >
      {t("centre.download")}
    </Button>
  );
}

export function DownloadCenterPage() {
  const { t } = useTranslation(NS);
  const paging = usePaging(20);
  const jobs = useDownloadJobs(paging.pageIndex + 1, paging.pageSize);
  const columns: PagedColumn<ExportJob>[] = [
    {
      key: "report",
      label: t("centre.report"),
      render: (job) => (job.route ? <Link href={job.route}>{job.title}</Link> : job.title),
    },
    {
      key: "created",
      label: t("centre.created"),
      cellSx: NOWRAP,
      render: (job) => storeDateTime(job.createdAt),
    },
    {
      key: "status",
      label: t("centre.status"),
      render: (job) => (
        <Box>
          <Chip
            size="small"
            label={t(`centre.statuses.${job.status}`)}
            color={STATUS_COLOURS[job.status]}
            data-testid={`job-status-${job.jobId}`}
          />
          {job.status === "failed" && job.errorMessage ? (
            <Typography variant="caption" color="error" sx={{ display: "block" }}>
              {job.errorMessage}
            </Typography>
          ) : null}
          <Progress job={job} />
        </Box>
      ),
    },
    { key: "rows", label: t("centre.rows"), align: "right", render: (job) => job.rows },
    {
      key: "expires",
      label: t("centre.expires"),
      cellSx: NOWRAP,
      render: (job) => (job.status === "done" ? storeDateTime(job.expiresAt) : ""),
    },
    { key: "download", label: "", render: (job) => <DownloadButton job={job} /> },
  ];
  return (
    <PageFrame title={t("centre.title")}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("centre.kept")}
      </Typography>
      <PagedTable
        label={t("centre.title")}
        testId="download-centre"
        result={jobs}
        paging={paging}
        columns={columns}
        rowKey={(job) => job.jobId}
        rowTestId={(job) => `job-${job.jobId}`}
        emptyText={t("centre.empty")}
      />
    </PageFrame>
  );
}

mountIsland(<DownloadCenterPage />);
