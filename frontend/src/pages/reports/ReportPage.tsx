/** Every business report's page (issue 29 §2): one island for all report routes, told its report's
 * key by the page context. The filters come from the report's select answer (and from the address,
 * so a drill-down or a reload shows the same figures); the table, totals and chart from show; the
 * export goes to the download centre. */
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  DOWNLOAD_CENTRE_ROUTE,
  EMPTY_FILTERS,
  exportReport,
  filtersFromSearch,
  reportQuery,
  useReportSelect,
  useReportShow,
  type ReportFilterValues,
  type ReportSelect,
} from "../../api/reports";
import { PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { pageContext } from "../../islands/pageContext";
import { storeDate, storeTime, storeToday } from "../../lib/dates";
import { timeRangeError, type RangeError } from "../../lib/timeRange";
import { ReportCharts } from "./report/ReportChart";
import { NS, ReportFiltersForm } from "./report/ReportFilters";
import { PAGE_SIZES, ReportGrid } from "./report/ReportGrid";

/** The first filters: the report's default range, then whatever the address names. */
export function initialFilters(select: ReportSelect, search: string): ReportFilterValues {
  return {
    ...EMPTY_FILTERS,
    from: select.usesDates ? select.defaultRange.from : "",
    to: select.defaultRange.to,
    ...filtersFromSearch(
      search,
      select.extra.map((extra) => extra.name),
    ),
  };
}

/** "Data as of 14:32" today, with the date on another day. */
function asOfText(asOf: string): string {
  const day = storeDate(asOf);
  return day === storeToday() ? storeTime(asOf) : `${day} ${storeTime(asOf)}`;
}

export function ReportPage({ reportKey }: { reportKey: string }) {
  const { t } = useTranslation(NS);
  const select = useReportSelect(reportKey);
  if (select.isPending) return <PageFrame title={t("loading")}>{null}</PageFrame>;
  if (select.isError) {
    const error = select.error;
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <PageFrame title={t("unavailable")}>
        <Alert severity={missing ? "info" : "error"} data-testid="report-unavailable">
          {missing ? t("notFound") : error.message}
        </Alert>
      </PageFrame>
    );
  }
  return <LoadedReport reportKey={reportKey} select={select.data} />;
}

function LoadedReport({ reportKey, select }: { reportKey: string; select: ReportSelect }) {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState(() => initialFilters(select, window.location.search));
  const [applied, setApplied] = useState<ReportFilterValues | null>(() =>
    select.usesDates && timeRangeError(draft.from, draft.to, select.maxDays) ? null : draft,
  );
  const [rangeError, setRangeError] = useState<RangeError | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 20);
  const [sort, setSort] = useState("");
  const [exported, setExported] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState("");
  const show = useReportShow(reportKey, applied, pageNo, pageSize, sort);

  useEffect(() => {
    // The address follows the applied filters, so a reload or a shared link shows the same report.
    if (!applied) return;
    const query = new URLSearchParams(reportQuery(applied)).toString();
    window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  }, [applied]);

  const update = (patch: Partial<ReportFilterValues>) => setDraft((current) => ({ ...current, ...patch }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    const found = select.usesDates ? timeRangeError(draft.from, draft.to, select.maxDays) : null;
    setRangeError(found);
    if (found) return;
    setPageNo(1);
    setApplied({ ...draft });
    setExported(null);
  };
  const runExport = async () => {
    if (!applied) return;
    setExporting(true);
    setExportError("");
    try {
      const { jobId } = await exportReport(reportKey, applied, sort);
      setExported(jobId);
    } catch (failure) {
      setExportError(failure instanceof Error ? failure.message : t("export.failed"));
    } finally {
      setExporting(false);
    }
  };

  const data = show.data;
  return (
    <PageFrame
      wide
      title={select.title}
      actions={
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          disabled={!applied || exporting}
          onClick={() => void runExport()}
          data-testid="report-export"
        >
          {t("export.button")}
        </Button>
      }
    >
      <ReportFiltersForm select={select} draft={draft} onChange={update} rangeError={rangeError} onSubmit={search} />
      {exported !== null ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="report-exported">
          {t("export.queued")}{" "}
          <Link href={DOWNLOAD_CENTRE_ROUTE} data-testid="report-download-centre">
            {t("export.open")}
          </Link>
        </Alert>
      ) : null}
      {exportError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {exportError}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ mb: 1, gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        {data ? (
          <Typography variant="body2" color="text.secondary" data-testid="report-as-of">
            {t("asOf", { time: asOfText(data.asOf) })}
          </Typography>
        ) : null}
        {applied?.grouping === "today" ? (
          <Typography variant="body2" color="warning.main" data-testid="report-regrouped">
            {t("regrouped")}
          </Typography>
        ) : null}
        {select.ownFigures ? (
          <Typography variant="body2" color="text.secondary">
            {t("ownFigures")}
          </Typography>
        ) : null}
      </Stack>
      {show.isError ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="report-error">
          {show.error.message}
        </Alert>
      ) : null}
      {data ? <ReportCharts series={data.series} /> : null}
      <ReportGrid
        columns={data?.columns ?? select.columns}
        rows={data?.list ?? []}
        total={data?.total ?? 0}
        totals={data?.totals ?? null}
        loading={show.isFetching}
        filters={applied ?? draft}
        pageNo={pageNo}
        pageSize={pageSize}
        sort={sort}
        onPage={(no, size) => {
          setPageNo(size === pageSize ? no : 1);
          setPageSize(size);
        }}
        onSort={(next) => {
          setSort(next);
          setPageNo(1);
        }}
      />
    </PageFrame>
  );
}

mountIsland(<ReportPage reportKey={pageContext().props?.report ?? ""} />);
