import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { ChipProps } from "@mui/material/Chip";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey, type Page } from "../../api/client";
import {
  BTN_WRITE_OFF_CANCEL,
  groupBuyApi,
  groupBuyKeys,
  useWriteOffRecords,
  type RecordFilters,
  type WriteOffPlatform,
  type WriteOffRecord,
} from "../../api/groupBuy";
import { hasButtonCode } from "../../api/session";
import { storeDateTime } from "../../lib/dates";
import { PAGE_SIZES } from "../../lib/paging";
import { formatPhone } from "../../lib/phone";
import { LimitedTextField } from "../LimitedTextField";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../PagedTable";
import { ServeDialog } from "./ServeDialog";

/** Spec §9: page sizes 10, 20, 30, 40; default 10. */
/** The server's limit on a cancellation's reason (apps/groupbuy/choices.py). */
export const CANCEL_REASON_MAX = 200;

export type RecordStatusKey = "served" | "notServed" | "pending" | "cancelling" | "cancelled";

/** Spec §4 "Write-off record status": "served" when the record has an order, otherwise "written off,
 * not served"; a write-off waiting for its platform, or cancelled, says so. */
export function recordStatusKey(record: Pick<WriteOffRecord, "status" | "served" | "orderId">): RecordStatusKey {
  if (record.status === "pending") return "pending";
  if (record.status === "cancelling") return "cancelling";
  if (record.status === "cancelled") return "cancelled";
  return record.served || record.orderId !== null ? "served" : "notServed";
}

const STATUS_COLORS: Record<RecordStatusKey, ChipProps["color"]> = {
  served: "success",
  notServed: "warning",
  pending: "info",
  cancelling: "default",
  cancelled: "default",
};

/** A done write-off whose member has not been served yet can be served. */
export const canServe = (record: WriteOffRecord) => recordStatusKey(record) === "notServed";
/** A done write-off (served or not) can be cancelled, with the button code. */
export const canCancel = (record: WriteOffRecord) => record.status === "done";

/** The answer's record replaces the row at once (served, its order number; cancelled); the lists are
 * then asked again. */
function showAnswer(queryClient: QueryClient, record: WriteOffRecord): void {
  queryClient.setQueriesData<Page<WriteOffRecord>>({ queryKey: [...groupBuyKeys.all, "records"] }, (page) =>
    page ? { ...page, list: page.list.map((row) => (row.id === record.id ? record : row)) } : page,
  );
  void queryClient.invalidateQueries({ queryKey: groupBuyKeys.all });
}

type Draft = { platformId: string; checkCode: string; unifiedCode: string; phone: string };
const EMPTY_DRAFT: Draft = { platformId: "", checkCode: "", unifiedCode: "", phone: "" };

function filtersOf(draft: Draft): RecordFilters {
  return {
    platformId: draft.platformId ? Number(draft.platformId) : null,
    checkCode: draft.checkCode.trim() || null,
    unifiedCode: draft.unifiedCode.trim() || null,
    phone: draft.phone.trim() || null,
  };
}

/** The written-off records of the store (spec §2.4, §9) with their filters, under the form. */
export function WriteOffRecords({
  platformType,
  platforms,
}: {
  platformType: number;
  platforms: readonly WriteOffPlatform[];
}) {
  const { t } = useTranslation("groupBuy");
  const queryClient = useQueryClient();
  const [mayCancel] = useState(() => hasButtonCode(BTN_WRITE_OFF_CANCEL));
  const paging = usePaging(10);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [filters, setFilters] = useState<RecordFilters>({});
  const [serving, setServing] = useState<WriteOffRecord | null>(null);
  const [cancelling, setCancelling] = useState<WriteOffRecord | null>(null);
  const result = useWriteOffRecords({
    ...filters,
    platformType,
    pageNo: paging.pageIndex + 1,
    pageSize: paging.pageSize,
  });

  const set = (key: keyof Draft, value: string) => setDraft((previous) => ({ ...previous, [key]: value }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    paging.refilter(() => setFilters(filtersOf(draft)));
  };
  const reset = () => {
    setDraft(EMPTY_DRAFT);
    paging.refilter(() => setFilters({}));
  };

  const columns: PagedColumn<WriteOffRecord>[] = [
    { key: "platform", label: t("records.platform"), cellSx: NOWRAP, render: (row) => row.masterValue.name },
    { key: "code", label: t("records.code"), render: (row) => row.checkCode },
    {
      key: "itemName",
      label: t("records.itemName"),
      cellSx: { minWidth: 120 },
      render: (row) => row.commodity.name || "-",
    },
    { key: "itemCode", label: t("records.itemCode"), render: (row) => row.commodity.unifiedCode || "-" },
    { key: "orderCode", label: t("records.orderCode"), render: (row) => row.orderCode ?? "-" },
    {
      key: "phone",
      label: t("records.phone"),
      cellSx: NOWRAP,
      render: (row) => formatPhone(row.areaCode, row.phone),
    },
    {
      key: "status",
      label: t("records.status"),
      render: (row) => {
        const key = recordStatusKey(row);
        return (
          <Chip
            size="small"
            color={STATUS_COLORS[key]}
            label={row.statusLabel || t(`status.${key}`)}
            data-testid={`groupbuy-status-${row.id}`}
            data-status={key}
          />
        );
      },
    },
    { key: "time", label: t("records.time"), cellSx: NOWRAP, render: (row) => storeDateTime(row.createdAt) },
    {
      key: "actions",
      label: t("records.actions"),
      render: (row) => (
        // Wraps rather than widening the table past the dialog.
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
          {canServe(row) ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => setServing(row)}
              data-testid={`groupbuy-serve-${row.id}`}
            >
              {t("records.serve")}
            </Button>
          ) : null}
          {mayCancel && canCancel(row) ? (
            <Button
              size="small"
              color="error"
              onClick={() => setCancelling(row)}
              data-testid={`groupbuy-cancel-${row.id}`}
            >
              {t("records.cancel")}
            </Button>
          ) : null}
        </Stack>
      ),
    },
  ];

  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("records.title")}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={search}
        role="search"
        aria-label={t("records.title")}
        sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: 2 }}
      >
        <TextField
          select
          size="small"
          label={t("records.filterPlatform")}
          value={draft.platformId}
          onChange={(event) => set("platformId", event.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t("records.allPlatforms")}</MenuItem>
          {platforms.map((platform) => (
            <MenuItem key={platform.id} value={String(platform.id)}>
              {platform.name}
            </MenuItem>
          ))}
        </TextField>
        <LimitedTextField
          maxChars={64}
          size="small"
          label={t("records.code")}
          value={draft.checkCode}
          onChange={(event) => set("checkCode", event.target.value)}
        />
        <LimitedTextField
          maxChars={32}
          size="small"
          label={t("records.itemCode")}
          value={draft.unifiedCode}
          onChange={(event) => set("unifiedCode", event.target.value)}
        />
        <LimitedTextField
          maxChars={11}
          size="small"
          label={t("records.phone")}
          value={draft.phone}
          onChange={(event) => set("phone", event.target.value.trim())}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
        />
        <Button type="submit" variant="contained">
          {t("records.search")}
        </Button>
        <Button onClick={reset}>{t("records.reset")}</Button>
      </Box>
      <PagedTable
        label={t("records.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        columns={columns}
        nowrapHeads
        rowKey={(row) => row.id}
        rowTestId={(row) => `groupbuy-record-${row.id}`}
        emptyText={t("records.empty")}
        testId="groupbuy-records"
        paginationTestId="groupbuy-records-pagination"
        labelRowsPerPage={t("records.rowsPerPage")}
      />
      {serving ? (
        <ServeDialog
          record={serving}
          onClose={() => setServing(null)}
          onServed={(answer) => {
            showAnswer(queryClient, answer.record);
            setServing(null);
          }}
        />
      ) : null}
      {cancelling ? <CancelDialog record={cancelling} onClose={() => setCancelling(null)} /> : null}
    </Box>
  );
}

/** Cancelling a write-off at its platform (BTN-TGHX-CANCEL): a reason is required; the red button
 * says what it does. */
function CancelDialog({ record, onClose }: { record: WriteOffRecord; onClose: () => void }) {
  const { t } = useTranslation("groupBuy");
  const titleId = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const submission = useRef<{ reason: string; key: string } | null>(null);
  const cancel = useMutation({
    mutationFn: (body: { recordId: number; reason: string; key: string }) =>
      groupBuyApi.cancel({ recordId: body.recordId, reason: body.reason }, body.key),
    onSuccess: (answer) => {
      showAnswer(queryClient, answer.record);
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const text = reason.trim();
    setMissing(!text);
    if (!text || text.length > CANCEL_REASON_MAX) return;
    if (submission.current?.reason !== text) submission.current = { reason: text, key: newIdempotencyKey() };
    cancel.mutate({ recordId: record.id, reason: text, key: submission.current.key });
  };
  return (
    <Dialog
      open
      onClose={cancel.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="groupbuy-cancel-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t("records.cancelTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t("records.cancelMessage", { code: record.checkCode })}</DialogContentText>
          {cancel.error ? (
            // The platform's refusal or a closed window: groupPurchasing/* errors come back quiet.
            <Alert severity="error" sx={{ mb: 2 }} data-testid="groupbuy-cancel-error">
              {cancel.error.message}
            </Alert>
          ) : null}
          <LimitedTextField
            maxChars={CANCEL_REASON_MAX}
            autoFocus
            fullWidth
            multiline
            minRows={2}
            required
            label={t("records.cancelReason")}
            value={reason}
            error={missing}
            helperText={missing ? t("records.cancelReasonRequired") : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={cancel.isPending}>
            {t("records.keep")}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={cancel.isPending}>
            {t("records.cancelConfirm")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
