import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { billKeys, changeLineStaff, type OrderDetail, type OrderLine } from "../../../api/bills";
import { ApiError, newIdempotencyKey } from "../../../api/client";
import { useEmployeeSearch } from "../../../api/staff";
import { NS } from "./parts";
import { RemoveButton } from "../../../components/RemoveButton";
import { FailureNote } from "../../../components/feedback";

interface Row {
  employeeId: number;
  name: string;
  share: string;
}

/** Another employee (or other shares) for an order's line (`order/changeNurse`). The shares are the
 * server's to check (above 0, adding up to 1); a paid order's credits move with the staff, which the
 * dialog says before the cashier confirms, and need a reason, kept in the system log. */
export function StaffChangeDialog({
  order,
  line,
  onClose,
}: {
  order: OrderDetail;
  line: OrderLine;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const employees = useEmployeeSearch({ pageNo: 1, pageSize: 100, status: "active" });
  const paid = order.status === "paid";
  const [reason, setReason] = useState("");
  const [rows, setRows] = useState<Row[]>(() =>
    line.staff.map((s) => ({ employeeId: s.employeeId, name: s.name, share: s.share })),
  );
  // One key per submitted body: a retry of the same change sends the same key.
  const [submission, setSubmission] = useState<{ key: string; body: string } | null>(null);
  const change = useMutation({
    mutationFn: ({ key }: { key: string }) =>
      changeLineStaff(
        {
          orderId: order.orderId,
          orderLineId: line.orderLineId,
          staff: rows.map((row) => ({ employeeId: row.employeeId, share: row.share.trim() })),
          ...(paid ? { reason: reason.trim() } : {}),
        },
        key,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billKeys.all });
      onClose();
    },
  });
  const submit = () => {
    const body = JSON.stringify([rows, reason]);
    const key = submission?.body === body ? submission.key : newIdempotencyKey();
    setSubmission({ key, body });
    change.mutate({ key });
  };
  const add = (employeeId: number) => {
    const employee = employees.data?.list.find((row) => row.id === employeeId);
    if (!employee || rows.some((row) => row.employeeId === employeeId)) return;
    setRows([...rows, { employeeId, name: employee.name, share: rows.length === 0 ? "1" : "" }]);
  };
  const failure = change.error instanceof ApiError ? change.error : null;
  const fieldMessage = failure ? Object.values(failure.fields).flat().join(" ") : "";
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("staffChange.title", { name: line.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {paid ? t("staffChange.paidNote") : t("staffChange.unpaidNote")}
        </DialogContentText>
        <Stack spacing={1}>
          {rows.map((row, index) => (
            <Stack key={row.employeeId} direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <TextField size="small" label={t("staffChange.employee")} value={row.name} disabled sx={{ flex: 1 }} />
              <TextField
                size="small"
                label={t("staffChange.shareOf", { name: row.name })}
                value={row.share}
                onChange={(event) =>
                  setRows(rows.map((r, i) => (i === index ? { ...r, share: event.target.value } : r)))
                }
                sx={{ width: 140 }}
              />
              <RemoveButton
                label={t("staffChange.remove", { name: row.name })}
                onClick={() => setRows(rows.filter((_, i) => i !== index))}
              />
            </Stack>
          ))}
          <TextField
            select
            size="small"
            label={t("staffChange.add")}
            value=""
            onChange={(event) => add(Number(event.target.value))}
          >
            {(employees.data?.list ?? [])
              .filter((employee) => !rows.some((row) => row.employeeId === employee.id))
              .map((employee) => (
                <MenuItem key={employee.id} value={employee.id}>
                  {employee.name}
                </MenuItem>
              ))}
          </TextField>
          {paid ? (
            <TextField
              size="small"
              required
              label={t("staffChange.reason")}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          ) : null}
        </Stack>
        <FailureNote message={failure ? fieldMessage || failure.message : null} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("back")}</Button>
        <Button
          variant="contained"
          disabled={rows.length === 0 || (paid && !reason.trim()) || change.isPending}
          onClick={submit}
        >
          {t("staffChange.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
