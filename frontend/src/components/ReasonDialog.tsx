import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LimitedTextField } from "./LimitedTextField";

const REASON_MAX = 200;

interface ReasonDialogProps {
  title: string;
  text: string;
  label: string;
  confirmLabel: string;
  /** The reason typed, kept by the caller (its submission key follows it). */
  reason: string;
  onReasonChange: (reason: string) => void;
  busy: boolean;
  /** The server's message about the reason (or the request), shown under the field. */
  serverError?: string;
  confirmColor?: "primary" | "warning";
  onConfirm: () => void;
  onClose: () => void;
}

/** The reason of a ReasonDialog and the server's word on it, which typing clears: `field` goes to the
 * dialog as it is. */
export function useReason() {
  const [reason, setReason] = useState("");
  const [serverError, setServerError] = useState<string | undefined>();
  const onReasonChange = (value: string) => {
    setReason(value);
    setServerError(undefined);
  };
  return { reason: reason.trim(), setServerError, field: { reason, onReasonChange, serverError } };
}

/** A step that needs its reason (reopening a day, asking to reopen one): the reason is required and
 * at most 200 characters before anything is sent. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation("common");
  const titleId = useId();
  const [checked, setChecked] = useState(false);
  const { reason, busy, serverError } = props;
  const missing = checked && !reason.trim();
  const confirm = () => {
    setChecked(true);
    if (!reason.trim() || reason.trim().length > REASON_MAX) return;
    props.onConfirm();
  };
  return (
    <Dialog open onClose={busy ? undefined : props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{props.text}</DialogContentText>
        <LimitedTextField
          maxChars={REASON_MAX}
          label={props.label}
          value={reason}
          onChange={(event) => props.onReasonChange(event.target.value)}
          required
          fullWidth
          multiline
          error={missing || Boolean(serverError)}
          helperText={missing ? t("reasonNeeded") : serverError}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {t("cancel")}
        </Button>
        <Button color={props.confirmColor ?? "primary"} variant="contained" onClick={confirm} disabled={busy}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
