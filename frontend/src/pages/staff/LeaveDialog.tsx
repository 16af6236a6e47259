import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { leaveEmployee, staffKeys } from "../../api/staff";
import { leftDateError } from "./rules";
import { storeToday } from "../../lib/dates";
import { DateField } from "../../components/dates/DateField";

/** The confirmation of an employee leaving, with the leaving date (today by default). */
export function LeaveDialog({
  employee,
  onClose,
}: {
  employee: { id: number; name: string; hireDate: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("staff");
  const queryClient = useQueryClient();
  const today = storeToday();
  const [leftDate, setLeftDate] = useState(today);
  const [error, setError] = useState("");
  const leave = useMutation({
    mutationFn: (id: number) => leaveEmployee(id, leftDate),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      onClose();
    },
    onError: (failure) => {
      if (failure instanceof ApiError) setError(failure.fields.leftDate?.[0] ?? "");
    },
  });
  const confirm = () => {
    if (!employee) return;
    const found = leftDateError(leftDate, employee.hireDate, today);
    setError(found ? t(found) : "");
    if (!found) leave.mutate(employee.id);
  };
  return (
    <Dialog open={employee !== null} onClose={onClose} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">{t("leave.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("leave.text", { name: employee?.name ?? "" })}</DialogContentText>
        <DateField
          fullWidth
          label={t("fields.leftDate")}
          value={leftDate}
          onChange={setLeftDate}
          error={Boolean(error)}
          helperText={error || " "}
          maxDate={today}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("cancel")}</Button>
        <Button color="error" variant="contained" disabled={leave.isPending} onClick={confirm}>
          {t("leave.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
