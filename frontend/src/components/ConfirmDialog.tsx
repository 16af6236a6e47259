import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { useTranslation } from "react-i18next";

interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  message: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no prompt (the spec's "confirm prompt"). */
export function ConfirmDialog({ open, title, message, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation("common");
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      {title ? <DialogTitle id={`${id}-title`}>{title}</DialogTitle> : null}
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t("no")}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} autoFocus>
          {t("yes")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
