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
import { useId, useState } from "react";
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

/** Cancel with a reason (required, from findInvalidReason) and an optional remark: POST inValid. */
export function CancelDialog({
  id,
  name,
  onClose,
  onDone,
}: {
  id: number;
  name: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("booking");
  const titleId = useId();
  const reasons = useInvalidReasons();
  const [reason, setReason] = useState("");
  const [remark, setRemark] = useState("");
  const [error, setError] = useState("");
  const cancel = useMutation({
    mutationFn: () => bookingApi.cancel(remark.trim() ? { id, reason, remark: remark.trim() } : { id, reason }),
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: () => onDone(),
  });
  const submit = () => {
    if (tooLong(reason, REMARK_MAX)) return;
    if (!reason) {
      setError(t("cancel.reasonRequired"));
      return;
    }
    cancel.mutate();
  };
  return (
    <Dialog open onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("cancel.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("cancel.confirm", { name })}</DialogContentText>
        {reasons.isError ? <Alert severity="error">{reasons.error.message}</Alert> : null}
        <TextField
          select
          fullWidth
          required
          margin="dense"
          label={t("cancel.reason")}
          value={reason}
          error={Boolean(error)}
          helperText={error || " "}
          onChange={(event) => {
            setReason(event.target.value);
            setError("");
          }}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending}>
          {t("cancel.keep")}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={submit}
          disabled={cancel.isPending}
          data-testid="cancel-confirm"
        >
          {t("cancel.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Takes back an arrival, a no-show or a cancellation the same day: a reason is required and goes to
 * the history and the system log (POST undoStatus). */
export function UndoDialog({
  id,
  status,
  onClose,
  onDone,
}: {
  id: number;
  status: ReservationDetail["status"];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("booking");
  const titleId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const undo = useMutation({
    mutationFn: () => bookingApi.undo({ id, reason: reason.trim() }),
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: () => onDone(),
  });
  const submit = () => {
    if (!reason.trim()) {
      setError(t("undo.reasonRequired"));
      return;
    }
    undo.mutate();
  };
  return (
    <Dialog open onClose={undo.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("undo.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("undo.confirm", { status: t(`status.${status}`) })}</DialogContentText>
        <TextField
          fullWidth
          required
          multiline
          minRows={2}
          margin="dense"
          label={t("undo.reason")}
          value={reason}
          error={Boolean(error)}
          helperText={error || " "}
          onChange={(event) => {
            setReason(event.target.value);
            setError("");
          }}
          slotProps={{ htmlInput: { maxLength: REMARK_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={undo.isPending}>
          {t("undo.keep")}
        </Button>
        <Button variant="contained" onClick={submit} disabled={undo.isPending} data-testid="undo-confirm">
          {t("undo.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Start of service on an any-nurse reservation: the nurse on duty who gives it (POST startService). */
export function NurseDialog({
  id,
  date,
  onClose,
  onDone,
}: {
  id: number;
  date: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("booking");
  const titleId = useId();
  const nurses = useNurseOptions(date);
  const [nurseId, setNurseId] = useState("");
  const [error, setError] = useState("");
  const start = useMutation({
    mutationFn: () => bookingApi.startService({ id, nurseId: Number(nurseId) }),
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: () => onDone(),
  });
  const submit = () => {
    if (!nurseId) {
      setError(t("startService.nurseRequired"));
      return;
    }
    start.mutate();
  };
  return (
    <Dialog open onClose={start.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("actions.startService")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("startService.chooseNurse")}</DialogContentText>
        {nurses.isError ? <Alert severity="error">{nurses.error.message}</Alert> : null}
        <TextField
          select
          fullWidth
          required
          margin="dense"
          label={t("fields.nurse")}
          value={nurses.data?.some((nurse) => String(nurse.id) === nurseId) ? nurseId : ""}
          error={Boolean(error)}
          helperText={error || " "}
          onChange={(event) => {
            setNurseId(event.target.value);
            setError("");
          }}
        >
          {(nurses.data ?? []).map((nurse) => (
            <MenuItem key={nurse.id} value={String(nurse.id)}>
              {nurse.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={start.isPending}>
          {t("undo.keep")}
        </Button>
        <Button variant="contained" onClick={submit} disabled={start.isPending} data-testid="start-service-confirm">
          {t("actions.startService")}
        </Button>
      </DialogActions>
    </Dialog>
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
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("booking");
  const titleId = useId();
  const options = nursesFreeFor(board, reservation);
  const [nurseId, setNurseId] = useState("");
  const [error, setError] = useState("");
  const chosen = options.find((nurse) => String(nurse.id) === nurseId);
  const assign = useMutation({
    mutationFn: () => bookingApi.change({ id: reservation.id, nurseId: Number(nurseId) }),
    onSuccess: () => {
      notify("success", t("reassign.done", { name: reservation.name, nurse: chosen?.name ?? "" }));
      onDone();
      onClose();
    },
    onError: (failure) => {
      const problems = conflictProblems(failure);
      setError(problems ? problems.map((problem) => problem.message).join("; ") : failure.message);
      onDone();
    },
  });
  const submit = () => {
    if (!nurseId) {
      setError(t("reassign.nurseRequired"));
      return;
    }
    assign.mutate();
  };
  return (
    <Dialog open onClose={assign.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("reassign.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("reassign.text", { nurse: reservation.nurseName })}</DialogContentText>
        {options.length === 0 ? (
          <Alert severity="info" data-testid="reassign-none">
            {t("reassign.none")}
          </Alert>
        ) : (
          <TextField
            select
            fullWidth
            required
            margin="dense"
            label={t("fields.nurse")}
            value={chosen ? nurseId : ""}
            error={Boolean(error)}
            helperText={error || " "}
            onChange={(event) => {
              setNurseId(event.target.value);
              setError("");
            }}
            slotProps={{ htmlInput: { "data-testid": "reassign-nurse" } }}
          >
            {options.map((nurse) => (
              <MenuItem key={nurse.id} value={String(nurse.id)}>
                {nurse.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={assign.isPending}>
          {t("undo.keep")}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={assign.isPending || options.length === 0}
          data-testid="reassign-confirm"
        >
          {t("reassign.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
