/** The reservation drawer's dialogs: cancel with a reason, undo a status with a reason, the nurse
 * who starts an any-nurse service, and another nurse for one the rota took off duty. Each posts one
 * call and reports back to the drawer. */
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type ChangeEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  bookingApi,
  conflictProblems,
  useInvalidReasons,
  useNurseOptions,
  type Board,
  type ReservationDetail,
} from "../../api/booking";
import { notify } from "../../lib/notices";
import { REMARK_MAX, nursesFreeFor } from "./rules";
import { LimitedTextField } from "../../components/LimitedTextField";
import { tooLong } from "../../lib/limits";

interface DialogCallbacks {
  onClose: () => void;
  onDone: () => void;
}

/** The one answer a dialog requires: its value, and the fault shown under the field until it changes. */
function useRequiredAnswer() {
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const fieldProps = {
    error: Boolean(error),
    helperText: error || " ",
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValue(event.target.value);
      setError("");
    },
  };
  /** Runs `call` when the answer is given (`given`), else shows `missing` under the field. */
  const submitWith = (given: boolean, missing: string, call: () => void) => {
    if (!given) {
      setError(missing);
      return;
    }
    call();
  };
  return { value, setError, fieldProps, submitWith };
}

/** The drawer learns of every answer (the board reloads); only a success closes the dialog. */
function reportBack({ onClose, onDone }: DialogCallbacks) {
  return {
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: () => onDone(),
  };
}

/** A reservation dialog's frame: title, what it does, the answer's field, and "keep" and the action,
 * neither of which a running call lets go. */
function ReservationActionDialog({
  title,
  text,
  pending,
  onClose,
  onSubmit,
  keepLabel,
  submitLabel,
  submitTestId,
  submitColor,
  submitDisabled = false,
  children,
}: {
  title: string;
  text: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  keepLabel: string;
  submitLabel: string;
  submitTestId: string;
  submitColor?: "error";
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {keepLabel}
        </Button>
        <Button
          color={submitColor}
          variant="contained"
          onClick={onSubmit}
          disabled={pending || submitDisabled}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A required choice of nurse among `nurses`. */
function NurseSelect({
  nurses,
  value,
  fieldProps,
  testId,
}: {
  nurses: readonly { id: number; name: string }[];
  value: string;
  fieldProps: ReturnType<typeof useRequiredAnswer>["fieldProps"];
  testId?: string;
}) {
  const { t } = useTranslation("booking");
  return (
    <TextField
      select
      fullWidth
      required
      margin="dense"
      label={t("fields.nurse")}
      value={value}
      {...fieldProps}
      slotProps={{ htmlInput: { "data-testid": testId } }}
    >
      {nurses.map((nurse) => (
        <MenuItem key={nurse.id} value={String(nurse.id)}>
          {nurse.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Cancel with a reason (required, from findInvalidReason) and an optional remark: POST inValid. */
export function CancelDialog({ id, name, ...callbacks }: { id: number; name: string } & DialogCallbacks) {
  const { t } = useTranslation("booking");
  const reasons = useInvalidReasons();
  const reason = useRequiredAnswer();
  const [remark, setRemark] = useState("");
  const cancel = useMutation({
    mutationFn: () =>
      bookingApi.cancel(
        remark.trim() ? { id, reason: reason.value, remark: remark.trim() } : { id, reason: reason.value },
      ),
    ...reportBack(callbacks),
  });
  const submit = () => {
    if (tooLong(reason.value, REMARK_MAX)) return;
    reason.submitWith(Boolean(reason.value), t("cancel.reasonRequired"), () => cancel.mutate());
  };
  return (
    <ReservationActionDialog
      title={t("cancel.title")}
      text={t("cancel.confirm", { name })}
      pending={cancel.isPending}
      onClose={callbacks.onClose}
      onSubmit={submit}
      keepLabel={t("cancel.keep")}
      submitLabel={t("cancel.submit")}
      submitTestId="cancel-confirm"
      submitColor="error"
    >
      {reasons.isError ? <Alert severity="error">{reasons.error.message}</Alert> : null}
      <TextField
        select
        fullWidth
        required
        margin="dense"
        label={t("cancel.reason")}
        value={reason.value}
        {...reason.fieldProps}
      >
        {(reasons.data ?? []).map((option) => (
          <MenuItem key={option.code} value={option.code}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <LimitedTextField
        maxChars={REMARK_MAX}
        fullWidth
        multiline
        minRows={2}
        margin="dense"
        label={t("cancel.remark")}
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
      />
    </ReservationActionDialog>
  );
}

/** Takes back an arrival, a no-show or a cancellation the same day: a reason is required and goes to
 * the history and the system log (POST undoStatus). */
export function UndoDialog({
  id,
  status,
  ...callbacks
}: { id: number; status: ReservationDetail["status"] } & DialogCallbacks) {
  const { t } = useTranslation("booking");
  const reason = useRequiredAnswer();
  const undo = useMutation({
    mutationFn: () => bookingApi.undo({ id, reason: reason.value.trim() }),
    ...reportBack(callbacks),
  });
  return (
    <ReservationActionDialog
      title={t("undo.title")}
      text={t("undo.confirm", { status: t(`status.${status}`) })}
      pending={undo.isPending}
      onClose={callbacks.onClose}
      onSubmit={() => reason.submitWith(Boolean(reason.value.trim()), t("undo.reasonRequired"), () => undo.mutate())}
      keepLabel={t("undo.keep")}
      submitLabel={t("undo.submit")}
      submitTestId="undo-confirm"
    >
      <TextField
        fullWidth
        required
        multiline
        minRows={2}
        margin="dense"
        label={t("undo.reason")}
        value={reason.value}
        {...reason.fieldProps}
        slotProps={{ htmlInput: { maxLength: REMARK_MAX } }}
      />
    </ReservationActionDialog>
  );
}

/** Start of service on an any-nurse reservation: the nurse on duty who gives it (POST startService). */
export function NurseDialog({ id, date, ...callbacks }: { id: number; date: string } & DialogCallbacks) {
  const { t } = useTranslation("booking");
  const nurses = useNurseOptions(date);
  const nurse = useRequiredAnswer();
  const start = useMutation({
    mutationFn: () => bookingApi.startService({ id, nurseId: Number(nurse.value) }),
    ...reportBack(callbacks),
  });
  return (
    <ReservationActionDialog
      title={t("actions.startService")}
      text={t("startService.chooseNurse")}
      pending={start.isPending}
      onClose={callbacks.onClose}
      onSubmit={() => nurse.submitWith(Boolean(nurse.value), t("startService.nurseRequired"), () => start.mutate())}
      keepLabel={t("undo.keep")}
      submitLabel={t("actions.startService")}
      submitTestId="start-service-confirm"
    >
      {nurses.isError ? <Alert severity="error">{nurses.error.message}</Alert> : null}
      <NurseSelect
        nurses={nurses.data ?? []}
        value={nurses.data?.some((option) => String(option.id) === nurse.value) ? nurse.value : ""}
        fieldProps={nurse.fieldProps}
      />
    </ReservationActionDialog>
  );
}

/** A reservation whose nurse the rota now has off duty goes to a nurse on duty and free then, in one
 * step: the board's move (POST change) with the same time, so the server checks her as for a drag. */
export function ReassignDialog({
  reservation,
  board,
  onClose,
  onDone,
}: {
  reservation: Pick<ReservationDetail, "id" | "name" | "nurseId" | "nurseName" | "startTime" | "endTime">;
  board: Pick<Board, "nurses" | "reservations">;
} & DialogCallbacks) {
  const { t } = useTranslation("booking");
  const options = nursesFreeFor(board, reservation);
  const nurse = useRequiredAnswer();
  const chosen = options.find((option) => String(option.id) === nurse.value);
  const assign = useMutation({
    mutationFn: () => bookingApi.change({ id: reservation.id, nurseId: Number(nurse.value) }),
    onSuccess: () => {
      notify("success", t("reassign.done", { name: reservation.name, nurse: chosen?.name ?? "" }));
      onDone();
      onClose();
    },
    onError: (failure) => {
      const problems = conflictProblems(failure);
      nurse.setError(problems ? problems.map((problem) => problem.message).join("; ") : failure.message);
      onDone();
    },
  });
  return (
    <ReservationActionDialog
      title={t("reassign.title")}
      text={t("reassign.text", { nurse: reservation.nurseName })}
      pending={assign.isPending}
      onClose={onClose}
      onSubmit={() => nurse.submitWith(Boolean(nurse.value), t("reassign.nurseRequired"), () => assign.mutate())}
      keepLabel={t("undo.keep")}
      submitLabel={t("reassign.submit")}
      submitTestId="reassign-confirm"
      submitDisabled={options.length === 0}
    >
      {options.length === 0 ? (
        <Alert severity="info" data-testid="reassign-none">
          {t("reassign.none")}
        </Alert>
      ) : (
        <NurseSelect
          nurses={options}
          value={chosen ? nurse.value : ""}
          fieldProps={nurse.fieldProps}
          testId="reassign-nurse"
        />
      )}
    </ReservationActionDialog>
  );
}
