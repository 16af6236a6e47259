import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_CANCEL_DECIDE,
  CANCEL_STATUSES,
  decideCancellation,
  memberKeys,
  useCancellations,
  type CancelRequest,
  type CancelStatus,
} from "../../api/members";
import { hasButtonCode } from "../../api/session";
import { mountIsland } from "../../islands/mount";
import { FilterSelect } from "../../components/filters";
import { storeDateTime } from "../../lib/dates";
import { usePaging, type PagedColumn } from "../../components/PagedTable";
import { RecordsPage } from "../../components/records/RecordsPage";
import { LimitedTextField } from "../../components/LimitedTextField";
import { tooLong } from "../../lib/limits";
import { formatPhone } from "../../lib/phone";

const STATUS_COLOURS: Record<CancelStatus, "warning" | "success" | "default"> = {
  pending: "warning",
  approved: "success",
  rejected: "default",
};

/** /logoutList (no code): the store's cancellation requests; a role with BTN-HYGL-CANCEL-DECIDE
 * approves (anonymising the member) or rejects the pending ones. */
export function CancellationRequestsPage() {
  const { t } = useTranslation("members");
  const paging = usePaging();
  const [status, setStatus] = useState<CancelStatus | "">("pending");
  const [deciding, setDeciding] = useState<{ request: CancelRequest; approve: boolean } | null>(null);
  const [canDecide] = useState(() => hasButtonCode(BTN_CANCEL_DECIDE));
  const result = useCancellations({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, status });

  const columns: PagedColumn<CancelRequest>[] = [
    {
      key: "requestedAt",
      label: t("logout.requestedAt"),
      render: (row) => storeDateTime(row.requestedAt),
    },
    { key: "member", label: t("logout.member"), render: (row) => row.memberName },
    { key: "phone", label: t("fields.phone"), render: (row) => formatPhone("", row.phone) },
    { key: "reason", label: t("logout.reason"), render: (row) => row.reason },
    { key: "requestedBy", label: t("logout.requestedBy"), render: (row) => row.requestedBy },
    {
      key: "status",
      label: t("logout.status"),
      render: (row) => (
        <Chip
          size="small"
          color={STATUS_COLOURS[row.status] ?? "default"}
          label={row.statusName || t(`logout.statuses.${row.status}`)}
        />
      ),
    },
    {
      key: "decided",
      label: t("logout.decidedBy"),
      render: (row) => (row.decidedBy ? `${row.decidedBy} ${storeDateTime(row.decidedAt)}` : t("dash")),
    },
    { key: "remark", label: t("logout.decisionRemark"), render: (row) => row.decisionRemark || t("dash") },
  ];
  if (canDecide) {
    columns.push({
      key: "actions",
      label: t("logout.actions"),
      render: (row) =>
        row.status === "pending" ? (
          <Stack direction="row" spacing={1}>
            <Button size="small" color="error" onClick={() => setDeciding({ request: row, approve: true })}>
              {t("logout.approve")}
            </Button>
            <Button size="small" onClick={() => setDeciding({ request: row, approve: false })}>
              {t("logout.reject")}
            </Button>
          </Stack>
        ) : null,
    });
  }

  return (
    <RecordsPage
      title={t("logout.title")}
      filters={
        <FilterSelect
          id="cancel-status-filter"
          label={t("logout.status")}
          allLabel={t("logout.allStatuses")}
          value={status}
          options={CANCEL_STATUSES.map((value) => ({ value, label: t(`logout.statuses.${value}`) }))}
          minWidth={160}
          onChange={(value) => paging.refilter(() => setStatus(value as CancelStatus | ""))}
        />
      }
      table={{
        result,
        paging,
        columns,
        rowKey: (row) => row.id,
        emptyText: t("logout.empty"),
      }}
    >
      {deciding ? (
        <DecideDialog request={deciding.request} approve={deciding.approve} onClose={() => setDeciding(null)} />
      ) : null}
    </RecordsPage>
  );
}

/** The confirmation of a decision, with an optional remark; approving warns that it cannot be undone. */
function DecideDialog({
  request,
  approve,
  onClose,
}: {
  request: CancelRequest;
  approve: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("members");
  const titleId = useId();
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState("");
  const decide = useMutation({
    mutationFn: () => decideCancellation(request.id, approve, remark),
    onSuccess: onClose,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
  return (
    <Dialog open onClose={decide.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {t(approve ? "logout.approveTitle" : "logout.rejectTitle", { name: request.memberName })}
      </DialogTitle>
      <DialogContent>
        {approve ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t("logout.approveWarning")}
          </Alert>
        ) : (
          <DialogContentText sx={{ mb: 2 }}>{t("logout.rejectText")}</DialogContentText>
        )}
        <LimitedTextField
          maxChars={200}
          fullWidth
          multiline
          minRows={2}
          label={t("logout.remark")}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={decide.isPending}>
          {t("cancel")}
        </Button>
        <Button
          variant="contained"
          color={approve ? "error" : "primary"}
          disabled={decide.isPending || tooLong(remark, 200)}
          onClick={() => decide.mutate()}
        >
          {approve ? t("logout.confirmApprove") : t("logout.confirmReject")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

mountIsland(<CancellationRequestsPage />);
