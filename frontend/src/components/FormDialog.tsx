/** A dialog that is one form: its title, its fields, Cancel, and Save, which submits it (so Enter
 * saves too) and waits while the save runs. */
import Button from "@mui/material/Button";
import Dialog, { type DialogProps } from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useId, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export function FormDialog({
  open = true,
  onClose,
  title,
  maxWidth,
  onSubmit,
  saving,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: string;
  maxWidth: DialogProps["maxWidth"];
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  /** The fields, in the dialog's content. */
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t("save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
