import CloseIcon from "@mui/icons-material/Close";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  APPROVAL_BOXES,
  APPROVAL_STATUSES,
  approvalKeys,
  approveRequest,
  rejectRequest,
  useApproval,
  useApprovalKinds,
  useApprovals,
  withdrawRequest,
  type ApprovalBox,
  type ApprovalDetail,
  type ApprovalRow,
  type ApprovalSearch,
} from "../../api/approvals";
import { newIdempotencyKey } from "../../api/client";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { FilterSelect } from "../../components/filters";
import { Facts } from "../../components/layout";
import { NOWRAP, usePaging, type PagedColumn } from "../../components/PagedTable";
import { FormDateRange, SearchButtons } from "../../components/records/filterFields";
import { RecordsPage } from "../../components/records/RecordsPage";
import { RecordTabs } from "../../components/records/RecordTabs";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { reversedRange, useFilterForm } from "../../lib/filterForm";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { ConfirmDialog } from "../../components/ConfirmDialog";

const NS = "approvals";
const REMARK_MAX = 200;

interface FilterInput {
  kind: string;
  status: string;
  from: string;
  to: string;
}

const EMPTY: FilterInput = { kind: "", status: "", from: "", to: "" };

function filtersFrom(input: FilterInput): ApprovalSearch {
  return {
    kind: input.kind || null,
    status: (input.status || null) as ApprovalSearch["status"],
    dateFrom: input.from || null,
    dateTo: input.to || null,
  };
}

/** `?id=12` → 12 (the request whose drawer opens with the page: a QR code or a refund links here). */
export function requestIdFrom(search: string): number | null {
  return idFromSearch(search);
}

interface ApprovalCenterPageProps {
  search?: string;
}

/** /approvalCenter (no role code, spec §2.2): the requests waiting for me, mine, decided by me, or all
 * I may see, filtered by kind, status and the day asked; a row opens its drawer with what its kind
 * shows of it, a link to its subject, and approve / reject (with a confirmation) or withdraw. */
export function ApprovalCenterPage({ search = window.location.search }: ApprovalCenterPageProps) {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const [box, setBox] = useState<ApprovalBox>("waiting");
  const form = useFilterForm({ empty: EMPTY, toSearch: filtersFrom, paging, check: reversedRange });
  const { input, set } = form;
  const [openId, setOpenId] = useState<number | null>(() => requestIdFrom(search));
  const kinds = useApprovalKinds();
  const result = useApprovals({ box, pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, ...form.filters });
  const columns: PagedColumn<ApprovalRow>[] = [
    {
      key: "createdAt",
      label: t("columns.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
    { key: "kind", label: t("columns.kind"), render: (row) => row.kindName },
    { key: "subject", label: t("columns.subject"), render: (row) => row.subject },
    {
      key: "amount",
      label: t("columns.amount"),
      align: "right",
      render: (row) => (row.amount === null ? t("dash") : formatMoney(row.amount)),
    },
    { key: "store", label: t("columns.store"), render: (row) => row.storeName },
    { key: "applicant", label: t("columns.applicant"), render: (row) => row.applicantName },
    { key: "status", label: t("columns.status"), render: (row) => <StatusChip row={row} /> },
    { key: "decidedBy", label: t("columns.decidedBy"), render: (row) => row.decidedByName || t("dash") },
  ];
  return (
    <RecordsPage
      title={t("title")}
      intro={
        <RecordTabs
          value={box}
          label={t("boxes.label")}
          options={APPROVAL_BOXES.map((value) => ({ value, label: t(`boxes.${value}`) }))}
          onChange={(next) => paging.refilter(() => setBox(next))}
        />
      }
      onSearch={form.submit}
      filters={
        <>
          <FilterSelect
            id="approval-kind"
            label={t("filters.kind")}
            allLabel={t("filters.all")}
            value={input.kind}
            options={(kinds.data ?? []).map((kind) => ({ value: kind.kind, label: kind.name }))}
            minWidth={180}
            onChange={(value) => set("kind", value)}
          />
          <FilterSelect
            id="approval-status"
            label={t("filters.status")}
            allLabel={t("filters.all")}
            value={input.status}
            options={APPROVAL_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            minWidth={140}
            onChange={(value) => set("status", value)}
          />
          <FormDateRange
            form={form}
            fromLabel={t("filters.from")}
            toLabel={t("filters.to")}
            toError={form.error && t(`members:${form.error}`)}
          />
          <SearchButtons searchLabel={t("filters.search")} resetLabel={t("filters.reset")} onReset={form.reset} />
        </>
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.id,
        rowTestId: (row) => `approval-row-${row.id}`,
        onRowClick: (row) => setOpenId(row.id),
        emptyText: t(`empty.${box}`),
      }}
    >
      <ApprovalDrawer id={openId} onClose={() => setOpenId(null)} />
    </RecordsPage>
  );
}

function StatusChip({ row }: { row: Pick<ApprovalRow, "status" | "statusName"> }) {
  const color =
    row.status === "pending"
      ? "warning"
      : row.status === "approved"
        ? "success"
        : row.status === "rejected"
          ? "error"
          : "default";
  return <Chip size="small" color={color} label={row.statusName} />;
}

function ApprovalDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const detail = useApproval(id);
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 480, maxWidth: "100%" }, "data-testid": "approval-drawer" } as object }}
    >
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", p: 2 }}>
        <Typography variant="h6" component="h2">
          {t("detail.title")}
        </Typography>
        <IconButton aria-label={t("detail.close")} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2 }}>
        {id === null ? null : detail.isPending ? (
          <Loading />
        ) : detail.isError ? (
          <DetailError
            message={detailFailure(detail.error, t("detail.notFound"))}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <RequestDetail key={`${detail.data.id}-${detail.data.status}`} request={detail.data} />
        )}
      </Box>
    </Drawer>
  );
}

type Decision = "approve" | "reject" | null;

function RequestDetail({ request }: { request: ApprovalDetail }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<Decision>(null);
  const [askWithdraw, setAskWithdraw] = useState(false);
  const withdraw = useMutation({
    mutationFn: () => withdrawRequest(request.id),
    onSuccess: async () => {
      setAskWithdraw(false);
      await queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
    // The client shows the refusal's message as a notice.
    onError: () => setAskWithdraw(false),
  });
  const dash = t("dash");
  return (
    <Stack spacing={2} data-testid="approval-detail">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {request.kindName}
        </Typography>
        <StatusChip row={request} />
      </Stack>
      <Facts
        items={[
          [t("columns.subject"), request.subject],
          [t("columns.amount"), request.amount === null ? dash : formatMoney(request.amount)],
          [t("columns.store"), request.storeName],
          [t("columns.applicant"), request.applicantName],
          [t("columns.createdAt"), storeDateTime(request.createdAt)],
          [t("detail.reason"), request.reason || dash],
          [t("columns.decidedBy"), request.decidedByName || dash],
          [t("detail.decidedAt"), request.decidedAt ? storeDateTime(request.decidedAt) : dash],
          [t("detail.remark"), request.remark || dash],
          ...(request.externalNo ? ([[t("detail.externalNo"), request.externalNo]] as const) : []),
        ]}
      />
      {request.details.length > 0 ? (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t("detail.details")}
          </Typography>
          <Facts items={request.details.map((line) => [line.name, line.value] as const)} />
        </Box>
      ) : null}
      {request.detailRoute ? (
        <Link href={request.detailRoute} underline="hover">
          {t("detail.openSubject")}
        </Link>
      ) : null}
      {request.canDecide || request.canWithdraw ? (
        <Stack direction="row" spacing={1}>
          {request.canDecide ? (
            <>
              <Button variant="contained" color="success" onClick={() => setDeciding("approve")}>
                {t("actions.approve")}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDeciding("reject")}>
                {t("actions.reject")}
              </Button>
            </>
          ) : null}
          {request.canWithdraw ? (
            <Button variant="outlined" onClick={() => setAskWithdraw(true)}>
              {t("actions.withdraw")}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {deciding ? <DecisionDialog request={request} decision={deciding} onClose={() => setDeciding(null)} /> : null}
      <ConfirmDialog
        open={askWithdraw}
        message={t("actions.confirmWithdraw", { subject: request.subject })}
        busy={withdraw.isPending}
        onConfirm={() => withdraw.mutate()}
        onCancel={() => setAskWithdraw(false)}
      />
    </Stack>
  );
}

/** Approve (an optional remark) or reject (the reason required): the dialog is the confirmation; the
 * decision is sent once per dialog (one Idempotency-Key); the client shows its errmsg as the notice
 * (and a refusal's, which the dialog also keeps beside the remark: the refund can no longer be made). */
function DecisionDialog({
  request,
  decision,
  onClose,
}: {
  request: ApprovalDetail;
  decision: Exclude<Decision, null>;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState("");
  const [tried, setTried] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const approve = decision === "approve";
  const decide = useMutation({
    mutationFn: () =>
      approve ? approveRequest(request.id, remark.trim(), key) : rejectRequest(request.id, remark.trim(), key),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      onClose();
    },
  });
  const remarkError = !approve && tried && !remark.trim() ? t("actions.reasonRequired") : "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!approve && !remark.trim()) return;
    decide.mutate();
  };
  return (
    <Dialog open onClose={decide.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{approve ? t("actions.approveTitle") : t("actions.rejectTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t(approve ? "actions.confirmApprove" : "actions.confirmReject", {
              kind: request.kindName,
              subject: request.subject,
              amount: request.amount === null ? t("dash") : formatMoney(request.amount),
            })}
          </DialogContentText>
          <TextField
            fullWidth
            multiline
            minRows={2}
            required={!approve}
            label={approve ? t("actions.remark") : t("actions.rejectReason")}
            value={remark}
            onChange={(event) => setRemark(event.target.value.slice(0, REMARK_MAX))}
            error={Boolean(remarkError)}
            helperText={remarkError || " "}
          />
          {decide.isError ? (
            <Alert severity="error" data-testid="decision-refused">
              {decide.error.message}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={decide.isPending}>
            {t("actions.cancel")}
          </Button>
          <Button type="submit" variant="contained" color={approve ? "success" : "error"} disabled={decide.isPending}>
            {approve ? t("actions.approve") : t("actions.reject")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

mountIsland(<ApprovalCenterPage />);
