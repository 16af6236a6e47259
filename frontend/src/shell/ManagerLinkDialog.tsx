import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchManagerLink } from "../api/shell";
import type { Navigate } from "./guard";

interface ManagerLinkDialogProps {
  open: boolean;
  onClose: () => void;
  navigate: Navigate;
}

/** Spec §2.4 manager hand-over: the manager-side login link, in a new tab or in this one. */
export function ManagerLinkDialog({ open, onClose, navigate }: ManagerLinkDialogProps) {
  const { t } = useTranslation("shell");
  const [busy, setBusy] = useState(false);

  const go = async (newTab: boolean) => {
    setBusy(true);
    try {
      const link = await fetchManagerLink(newTab);
      if (newTab) {
        window.open(link.url, "_blank", "noopener");
        onClose();
      } else {
        navigate(link.url);
      }
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="manager-link-title">
      <DialogTitle id="manager-link-title">{t("managerLoginTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("managerLoginText")}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("common:cancel")}
        </Button>
        <Button onClick={() => void go(false)} disabled={busy}>
          {t("openHere")}
        </Button>
        <Button variant="contained" onClick={() => void go(true)} disabled={busy}>
          {t("openInNewTab")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
