import PaidIcon from "@mui/icons-material/Paid";
import SummarizeIcon from "@mui/icons-material/Summarize";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { GridColDef, GridPaginationModel } from "@mui/x-data-grid";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  BTN_SETTLEMENT_PAY,
  entriesExportUrl,
  useHeadOfficeCommand,
  useMarkMonthPaid,
  useMonthSettlements,
  useRollUpMonth,
  type MonthSettlement,
} from "../../api/settlement";
import { CappedExportButton } from "../../components/CappedExportButton";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DetailError } from "../../components/feedback";
import { FormDialog } from "../../components/FormDialog";
import { LimitedTextField } from "../../components/LimitedTextField";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { useSubmissionKey } from "../../lib/submissionKey";
import { REFERENCE_MAX } from "./checks";
import { MonthStatusChip, NS, pairText, rowWithTestId, SettlementGrid } from "./grid";

const MonthRow = rowWithTestId("month-row");
const MONTH = /^\d{4}-\d{2}$/;

/** The month's settlements, one per pair of stores: head office rolls an ended month's locked
 * statements up (after a confirmation) and marks each settlement paid with the bank transfer's
 * reference; the month's entries export as a workbook. */
export function MonthSettlements({ initialMonth }: { initialMonth: string }) {
  const { t } = useTranslation(NS);
  const [month, setMonth] = useState(initialMonth);
  const [chosenPaging, setPaging] = useState<{ month: string; model: GridPaginationModel }>({
    month,
    model: { page: 0, pageSize: 20 },
  });
  const paging = chosenPaging.month === month ? chosenPaging.model : { ...chosenPaging.model, page: 0 };
  const months = useMonthSettlements({ month, pageNo: paging.page + 1, pageSize: paging.pageSize });
  const mayPay = useHeadOfficeCommand(BTN_SETTLEMENT_PAY);
  const [rolling, setRolling] = useState(false);
  const rollKey = useSubmissionKey({ month });
  const rollUp = useRollUpMonth(() => rollKey.renew());
  const [paying, setPaying] = useState<MonthSettlement | null>(null);
  const valid = MONTH.test(month);

  const columns: GridColDef<MonthSettlement>[] = [
    {
      field: "pair",
      headerName: t("fields.pair"),
      flex: 2,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => pairText(row.fromStoreName, row.toStoreName),
    },
    {
      field: "amount",
      headerName: t("fields.amount"),
      flex: 1,
      minWidth: 120,
      align: "right",
      headerAlign: "right",
      sortable: false,
      renderCell: ({ row }) => formatMoney(row.amount),
    },
    {
      field: "statements",
      headerName: t("fields.statements"),
      width: 110,
      align: "right",
      headerAlign: "right",
      sortable: false,
    },
    {
      field: "status",
      headerName: t("fields.status"),
      width: 120,
      sortable: false,
      renderCell: ({ row }) => <MonthStatusChip month={row} testId={`month-status-${row.settlementId}`} />,
    },
    { field: "reference", headerName: t("fields.reference"), flex: 1, minWidth: 140, sortable: false },
    {
      field: "paidAt",
      headerName: t("fields.paidAt"),
      flex: 1,
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => (row.paidAt ? `${storeDateTime(row.paidAt)} · ${row.paidBy}` : ""),
    },
    ...(mayPay
      ? [
          {
            field: "actions",
            headerName: "",
            width: 140,
            sortable: false,
            renderCell: ({ row }) =>
              row.status === "due" ? (
                <Button
                  size="small"
                  startIcon={<PaidIcon />}
                  onClick={() => setPaying(row)}
                  data-testid={`month-paid-${row.settlementId}`}
                >
                  {t("months.markPaid")}
                </Button>
              ) : null,
          } satisfies GridColDef<MonthSettlement>,
        ]
      : []),
  ];

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          type="month"
          size="small"
          label={t("fields.month")}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "months-month" } }}
        />
        {mayPay ? (
          <Button
            variant="outlined"
            startIcon={<SummarizeIcon />}
            onClick={() => setRolling(true)}
            disabled={!valid || rollUp.isPending}
            data-testid="months-rollup"
          >
            {t("months.rollUp")}
          </Button>
        ) : null}
        {valid ? (
          <CappedExportButton
            url={entriesExportUrl(month)}
            fileName={`settlement-${month}.xlsx`}
            count={null}
            ns={NS}
            testId="entries-export"
          />
        ) : null}
      </Paper>
      {months.isError ? (
        <DetailError
          message={months.error instanceof ApiError ? months.error.message : undefined}
          onRetry={() => void months.refetch()}
        />
      ) : (
        <SettlementGrid
          rows={months.data?.list ?? []}
          columns={columns}
          getRowId={(row) => row.settlementId}
          row={MonthRow}
          testId="months-grid"
          label={t("months.title")}
          loading={valid && months.isFetching}
          emptyText={t("months.empty", { month })}
          paging={{ model: paging, total: months.data?.total ?? 0, onChange: (model) => setPaging({ month, model }) }}
        />
      )}
      <ConfirmDialog
        open={rolling}
        title={t("months.rollUpTitle")}
        message={t("months.rollUpConfirm", { month })}
        busy={rollUp.isPending}
        onCancel={() => setRolling(false)}
        onConfirm={() => rollUp.mutate({ month, key: rollKey.key }, { onSettled: () => setRolling(false) })}
      />
      {paying ? <MarkPaidDialog settlement={paying} onClose={() => setPaying(null)} /> : null}
    </>
  );
}

/** Marking a month's settlement paid asks the bank transfer's reference (required). */
function MarkPaidDialog({ settlement, onClose }: { settlement: MonthSettlement; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [reference, setReference] = useState("");
  const [checked, setChecked] = useState(false);
  const submission = useSubmissionKey({ id: settlement.settlementId, reference: reference.trim() });
  const paid = useMarkMonthPaid(() => {
    submission.renew();
    onClose();
  });
  const serverFields = paid.error instanceof ApiError ? paid.error.fields : {};
  const missing = checked && !reference.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const value = reference.trim();
    if (!value || value.length > REFERENCE_MAX) return;
    paid.mutate({ id: settlement.settlementId, reference: value, key: submission.key });
  };
  return (
    <FormDialog title={t("months.paidTitle")} maxWidth="xs" onClose={onClose} onSubmit={submit} saving={paid.isPending}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">
          {t("months.paidText", {
            from: settlement.fromStoreName,
            to: settlement.toStoreName,
            amount: formatMoney(settlement.amount),
            month: settlement.month,
          })}
        </Typography>
        <LimitedTextField
          size="small"
          maxChars={REFERENCE_MAX}
          label={t("fields.reference")}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={missing || Boolean(serverFields.reference)}
          helperText={missing ? t("errors.referenceRequired") : serverFields.reference?.[0]}
          required
          slotProps={{ htmlInput: { "data-testid": "month-reference" } }}
        />
        {paid.error instanceof ApiError && !serverFields.reference ? (
          <Alert severity="error">{paid.error.message}</Alert>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
