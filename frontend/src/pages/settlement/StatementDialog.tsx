import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { hasButtonCode } from "../../api/session";
import {
  BTN_SETTLEMENT_PAY,
  BTN_SETTLEMENT_STATEMENT,
  useConfirmStatement,
  useDisputeStatement,
  useStatement,
  type StatementDetail,
  type StatementEntry,
} from "../../api/settlement";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DetailError, detailFailure, Loading } from "../../components/feedback";
import { FormDialog } from "../../components/FormDialog";
import { Facts } from "../../components/layout";
import { LimitedTextField } from "../../components/LimitedTextField";
import { WideDialog } from "../../components/WideDialog";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { useSubmissionKey } from "../../lib/submissionKey";
import {
  cardText,
  confirmedByText,
  disputeBody,
  disputeProblems,
  NOTE_MAX,
  percentText,
  type DisputeDraft,
  type DisputeProblems,
} from "./checks";
import { NS, pairText, rowWithTestId, SettlementGrid, StatementStatusChip } from "./grid";

const EntryRow = rowWithTestId("entry-row");

/** A statement with every entry it nets; confirming it (after a confirmation that says who owes whom
 * how much) and disputing it, as the server allows the chosen store (`canConfirm`, `canDispute`) and
 * the role's codes allow the person. */
export function StatementDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const statement = useStatement(id);
  const detail = statement.data;
  const [confirming, setConfirming] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const confirmKey = useSubmissionKey({ confirm: id });
  const confirm = useConfirmStatement(() => confirmKey.renew());
  const mayConfirm = hasButtonCode(BTN_SETTLEMENT_STATEMENT) || hasButtonCode(BTN_SETTLEMENT_PAY);
  const mayDispute = hasButtonCode(BTN_SETTLEMENT_STATEMENT);

  return (
    <WideDialog
      open
      onClose={onClose}
      title={detail ? t("statement.title", { date: detail.date }) : t("statements.title")}
      testId="statement-dialog"
    >
      <DialogContent>
        {statement.error ? (
          <DetailError
            message={detailFailure(statement.error, t("statement.notFound"))}
            error={statement.error}
            onRetry={() => void statement.refetch()}
          />
        ) : !detail ? (
          <Loading />
        ) : (
          <StatementBody detail={detail} />
        )}
      </DialogContent>
      <DialogActions>
        {detail?.canConfirm && mayConfirm ? (
          <Button
            variant="contained"
            onClick={() => setConfirming(true)}
            disabled={confirm.isPending}
            data-testid="statement-confirm"
          >
            {t("statement.confirm")}
          </Button>
        ) : null}
        {detail?.canDispute && mayDispute ? (
          <Button variant="outlined" color="warning" onClick={() => setDisputing(true)} data-testid="statement-dispute">
            {t("statement.dispute")}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t("close")}</Button>
      </DialogActions>
      {detail ? (
        <ConfirmDialog
          open={confirming}
          title={t("statement.confirmTitle")}
          message={t("statement.confirmText", {
            from: detail.fromStoreName,
            to: detail.toStoreName,
            amount: formatMoney(detail.amount),
          })}
          busy={confirm.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => confirm.mutate({ id, key: confirmKey.key }, { onSettled: () => setConfirming(false) })}
        />
      ) : null}
      {disputing && detail ? <DisputeDialog statement={detail} onClose={() => setDisputing(false)} /> : null}
    </WideDialog>
  );
}

function StatementBody({ detail }: { detail: StatementDetail }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Facts
        items={[
          [t("fields.pair"), pairText(detail.fromStoreName, detail.toStoreName)],
          [t("fields.amount"), <strong key="amount">{formatMoney(detail.amount)}</strong>],
          [t("fields.day"), detail.date],
          [
            t("fields.status"),
            <StatementStatusChip
              key="status"
              status={detail.status}
              label={detail.statusName}
              testId="statement-status"
            />,
          ],
          [t("fields.confirmedBy"), confirmedByText(detail) || t("statement.noConfirmation")],
          ...(detail.lockedAt
            ? [[t("fields.lockedBy"), `${detail.lockedBy} · ${storeDateTime(detail.lockedAt)}`] as const]
            : []),
        ]}
      />
      {detail.disputeId !== null ? (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="statement-disputed">
          {t("statement.disputeWaiting")}
        </Alert>
      ) : null}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t("statement.entries", { count: detail.entryCount })}
      </Typography>
      <EntriesGrid entries={detail.entries} />
    </>
  );
}

function EntriesGrid({ entries }: { entries: StatementEntry[] }) {
  const { t } = useTranslation(NS);
  const money = (field: "amount" | "value", headerName: string): GridColDef<StatementEntry> => ({
    field,
    headerName,
    minWidth: 120,
    flex: 1,
    align: "right",
    headerAlign: "right",
    renderCell: ({ row }) => formatMoney(row[field]),
  });
  const columns: GridColDef<StatementEntry>[] = [
    { field: "kindName", headerName: t("fields.kind"), flex: 2, minWidth: 200 },
    { field: "orderNo", headerName: t("fields.orderNo"), flex: 1, minWidth: 150 },
    {
      field: "cardNo",
      headerName: t("fields.card"),
      minWidth: 130,
      valueGetter: (_value, row) => cardText(row),
    },
    money("value", t("fields.value")),
    {
      field: "share",
      headerName: t("fields.share"),
      width: 100,
      align: "right",
      headerAlign: "right",
      renderCell: ({ row }) => percentText(row.share),
    },
    {
      field: "giftRatio",
      headerName: t("fields.giftRatio"),
      width: 110,
      align: "right",
      headerAlign: "right",
      renderCell: ({ row }) => percentText(row.giftRatio),
    },
    { field: "sessions", headerName: t("fields.sessions"), width: 90, align: "right", headerAlign: "right" },
    money("amount", t("fields.entryAmount")),
    {
      field: "reversesEntryId",
      headerName: t("fields.reverses"),
      width: 110,
      renderCell: ({ row }) => (row.reversesEntryId === null ? "" : `#${row.reversesEntryId}`),
    },
    { field: "servedStoreName", headerName: t("fields.owedTo"), flex: 1, minWidth: 120 },
    { field: "note", headerName: t("fields.note"), flex: 1, minWidth: 120 },
  ];
  return (
    <SettlementGrid
      rows={entries}
      columns={columns}
      getRowId={(row) => row.entryId}
      row={EntryRow}
      testId="statement-entries"
      label={t("statement.entriesLabel")}
      loading={false}
      emptyText={t("statement.noEntries")}
      height={entries.length > 12 ? 520 : undefined}
    />
  );
}

/** A dispute: what the from-store should owe the to-store more (negative: less) and why. Both are
 * required; head office decides in the approval centre, and the statement waits meanwhile. */
function DisputeDialog({ statement, onClose }: { statement: StatementDetail; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState<DisputeDraft>({ correction: "", reason: "" });
  const [problems, setProblems] = useState<DisputeProblems>({});
  const body = disputeBody(draft);
  const submission = useSubmissionKey({ id: statement.statementId, body });
  const dispute = useDisputeStatement(() => {
    submission.renew();
    onClose();
  });
  const serverFields = dispute.error instanceof ApiError ? dispute.error.fields : {};
  const problem = (field: keyof DisputeDraft) =>
    problems[field] ? t(`errors.${problems[field]}`, { max: NOTE_MAX }) : (serverFields[field]?.[0] ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = disputeProblems(draft);
    setProblems(found);
    if (Object.keys(found).length === 0) dispute.mutate({ id: statement.statementId, body, key: submission.key });
  };

  return (
    <FormDialog title={t("dispute.title")} maxWidth="sm" onClose={onClose} onSubmit={submit} saving={dispute.isPending}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">
          {t("dispute.help", {
            from: statement.fromStoreName,
            to: statement.toStoreName,
            amount: formatMoney(statement.amount),
          })}
        </Typography>
        <TextField
          size="small"
          label={t("fields.correction")}
          value={draft.correction}
          onChange={(event) => setDraft({ ...draft, correction: event.target.value })}
          error={Boolean(problem("correction"))}
          helperText={
            problem("correction") ||
            t("dispute.correctionHelp", { from: statement.fromStoreName, to: statement.toStoreName })
          }
          required
          slotProps={{ htmlInput: { "data-testid": "dispute-correction" } }}
        />
        <LimitedTextField
          size="small"
          maxChars={NOTE_MAX}
          label={t("fields.reason")}
          value={draft.reason}
          onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
          error={Boolean(problem("reason"))}
          helperText={problem("reason")}
          required
          multiline
          minRows={2}
          slotProps={{ htmlInput: { "data-testid": "dispute-reason" } }}
        />
        {dispute.error instanceof ApiError && Object.keys(serverFields).length === 0 ? (
          <Alert severity="error" data-testid="dispute-error">
            {dispute.error.message}
          </Alert>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
