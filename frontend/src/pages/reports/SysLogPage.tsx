import CloseIcon from "@mui/icons-material/Close";
import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import FormControl from "@mui/material/FormControl";
import IconButton from "@mui/material/IconButton";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  sysLogExportUrl,
  useSysLog,
  useSysLogActions,
  useSysLogStores,
  type SysLogEntry,
  type SysLogFilters,
} from "../../api/sysLog";
import { LimitedTextField } from "../../components/LimitedTextField";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { DateField } from "../../components/dates/DateField";
import { Facts, PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { storeDateTime, storeToday } from "../../lib/dates";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../../lib/paging";
import { timeRangeError, type RangeError } from "../../lib/timeRange";
import { CappedExportButton } from "../../components/CappedExportButton";

const NS = "sysLog";
/** docs/api.md: sysLog/list's dateFrom and dateTo are at most 92 days apart. */
export const SYS_LOG_MAX_SPAN_DAYS = 92;

export function defaultSysLogFilters(today: string): SysLogFilters {
  return { dateFrom: today, dateTo: today, storeId: "", who: "", role: "", action: "", objectType: "", objectId: "" };
}

/** /sysLog (CZRZ-0001): the system log of the role's stores, filtered by time range (required, spec
 * §5), who, role, action, object and store; a detail drawer; the Excel export. Phones arrive masked. */
export function SysLogPage() {
  const { t } = useTranslation(NS);
  const paging = usePaging(DEFAULT_PAGE_SIZE);
  const [draft, setDraft] = useState(() => defaultSysLogFilters(storeToday()));
  const [applied, setApplied] = useState(draft);
  const [rangeError, setRangeError] = useState<RangeError | null>(null);
  const [open, setOpen] = useState<SysLogEntry | null>(null);
  const entries = useSysLog(applied, paging.pageIndex + 1, paging.pageSize);
  const actions = useSysLogActions();
  const stores = useSysLogStores();

  const update = (patch: Partial<SysLogFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    const found = timeRangeError(draft.dateFrom, draft.dateTo, SYS_LOG_MAX_SPAN_DAYS);
    setRangeError(found);
    if (found) return;
    paging.refilter(() => setApplied(draft));
  };
  const rangeText = rangeError ? t(rangeError) : "";
  const onStart = rangeError === "range.startRequired";

  const columns: PagedColumn<SysLogEntry>[] = [
    {
      key: "time",
      label: t("fields.time"),
      headSx: NOWRAP,
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    {
      key: "who",
      label: t("fields.who"),
      render: (row) => (row.userName ? `${row.userName} (${row.loginName})` : row.loginName || t("dash")),
    },
    { key: "role", label: t("fields.role"), render: (row) => row.roleName || t("dash") },
    { key: "store", label: t("fields.store"), render: (row) => row.storeName || t("dash") },
    { key: "action", label: t("fields.action"), render: (row) => row.actionName },
    { key: "object", label: t("fields.object"), render: (row) => objectText(row) || t("dash") },
  ];

  return (
    <PageFrame wide title={t("title")} actions={<ExportButton filters={applied} total={entries.data?.total ?? null} />}>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          role="search"
          aria-label={t("filters.label")}
          noValidate
          onSubmit={search}
          sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}
        >
          <DateField
            size="small"
            label={t("filters.dateFrom")}
            value={draft.dateFrom}
            onChange={(value) => update({ dateFrom: value })}
            error={onStart}
            helperText={onStart ? rangeText : " "}
            inputProps={{ "data-testid": "syslog-date-from" }}
          />
          <DateField
            size="small"
            label={t("filters.dateTo")}
            value={draft.dateTo}
            onChange={(value) => update({ dateTo: value })}
            error={Boolean(rangeError) && !onStart}
            helperText={rangeError && !onStart ? rangeText : " "}
            inputProps={{ "data-testid": "syslog-date-to" }}
          />
          <LimitedTextField
            maxChars={64}
            size="small"
            label={t("filters.who")}
            value={draft.who}
            onChange={(event) => update({ who: event.target.value })}
            slotProps={{ htmlInput: { "data-testid": "syslog-who" } }}
          />
          <LimitedTextField
            maxChars={100}
            size="small"
            label={t("filters.role")}
            value={draft.role}
            onChange={(event) => update({ role: event.target.value })}
            slotProps={{ htmlInput: { "data-testid": "syslog-role" } }}
          />
          <FormControl size="small" sx={{ minWidth: 180 }} data-testid="syslog-action">
            <InputLabel id="syslog-action-label">{t("filters.action")}</InputLabel>
            <Select
              labelId="syslog-action-label"
              label={t("filters.action")}
              value={draft.action}
              onChange={(event) => update({ action: String(event.target.value) })}
            >
              <MenuItem value="">{t("filters.allActions")}</MenuItem>
              {(actions.data ?? []).map((option) => (
                <MenuItem key={option.code} value={option.code}>
                  {option.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {(stores.data?.length ?? 0) > 1 ? (
            <FormControl size="small" sx={{ minWidth: 160 }} data-testid="syslog-store">
              <InputLabel id="syslog-store-label">{t("filters.store")}</InputLabel>
              <Select
                labelId="syslog-store-label"
                label={t("filters.store")}
                value={draft.storeId}
                onChange={(event) => update({ storeId: String(event.target.value) })}
              >
                <MenuItem value="">{t("filters.allStores")}</MenuItem>
                {(stores.data ?? []).map((store) => (
                  <MenuItem key={store.id} value={String(store.id)}>
                    {store.name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          ) : null}
          <LimitedTextField
            maxChars={64}
            size="small"
            label={t("filters.objectType")}
            value={draft.objectType}
            onChange={(event) => update({ objectType: event.target.value })}
            slotProps={{ htmlInput: { "data-testid": "syslog-object-type" } }}
          />
          <LimitedTextField
            maxChars={64}
            size="small"
            label={t("filters.objectId")}
            value={draft.objectId}
            onChange={(event) => update({ objectId: event.target.value })}
            slotProps={{ htmlInput: { "data-testid": "syslog-object-id" } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="syslog-search">
            {t("filters.search")}
          </Button>
        </Box>
      </Paper>

      <PagedTable
        label={t("title")}
        testId="syslog-table"
        result={entries}
        paging={paging}
        pageSizes={PAGE_SIZES}
        columns={columns}
        rowKey={(row) => row.id}
        onRowClick={(row) => setOpen(row)}
        rowTestId={(row) => `syslog-row-${row.id}`}
        emptyText={t("empty")}
        paginationTestId="syslog-pagination"
      />

      <EntryDrawer entry={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}

/** The object as a person reads it: its kind and its business name ("Order SO2026…"). */
export function objectText(entry: Pick<SysLogEntry, "objectTypeName" | "objectName">): string {
  return [entry.objectTypeName, entry.objectName].filter(Boolean).join(" ");
}

/** One entry whole: who, where, what, the object and the (masked) detail as the server kept it. */
function EntryDrawer({ entry, onClose }: { entry: SysLogEntry | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const dash = t("dash");
  return (
    <Drawer anchor="right" open={entry !== null} onClose={onClose}>
      {entry ? (
        <Box
          sx={{ width: { xs: "100vw", sm: 480 }, p: 3 }}
          role="dialog"
          aria-label={t("detail.title")}
          data-testid="syslog-detail"
        >
          <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 2 }}>
            <Typography variant="h6" component="h2">
              {t("detail.title")}
            </Typography>
            <IconButton aria-label={t("detail.close")} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Facts
            items={[
              [t("fields.time"), storeDateTime(entry.createdAt)],
              [t("fields.account"), entry.loginName || dash],
              [t("fields.name"), entry.userName || dash],
              [t("fields.role"), entry.roleName || dash],
              [t("fields.store"), entry.storeName || dash],
              [
                t("fields.action"),
                entry.actionName === entry.action ? entry.action : `${entry.actionName} (${entry.action})`,
              ],
              [
                t("fields.objectType"),
                entry.objectTypeName === entry.objectType
                  ? entry.objectType || dash
                  : `${entry.objectTypeName} (${entry.objectType})`,
              ],
              [t("fields.objectId"), entry.objectId || dash],
              [t("fields.object"), entry.objectName || dash],
              [t("fields.ip"), entry.ipAddress || dash],
            ]}
          />
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
            {t("fields.detail")}
          </Typography>
          <Box
            component="pre"
            data-testid="syslog-detail-json"
            sx={{
              m: 0,
              p: 1.5,
              bgcolor: "grey.100",
              borderRadius: 1,
              overflowX: "auto",
              fontSize: 13,
              whiteSpace: "pre-wrap",
            }}
          >
            {Object.keys(entry.detail ?? {}).length ? JSON.stringify(entry.detail, null, 2) : t("detail.none")}
          </Box>
        </Box>
      ) : null}
    </Drawer>
  );
}

function ExportButton({ filters, total }: { filters: SysLogFilters; total: number | null }) {
  return (
    <CappedExportButton
      url={sysLogExportUrl(filters)}
      fileName={`system-log_${filters.dateFrom}_${filters.dateTo}.xlsx`}
      count={total}
      ns={NS}
      testId="syslog-export"
    />
  );
}

mountIsland(<SysLogPage />);
