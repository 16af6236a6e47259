import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client";
import { checkStoreMaster } from "../api/shell";
import { LimitedTextField } from "../components/LimitedTextField";
import { tooLong } from "../lib/limits";
import { AUTHORIZATION_CODE_MAX } from "./nav";
import { notify } from "../lib/notices";

interface AuthorizationDialogProps {
  open: boolean;
  storeId: number;
  onClose: () => void;
  /** After "authorization passed": the role list is refreshed by the caller. */
  onPassed: () => void;
}

/** Spec §2.4 shop-owner authorization: a masked code of at most 20 characters, checked by
 * POST /rest/acct/checkStoreMaster (passed through with no alert: the answer shows here). */
export function AuthorizationDialog({ open, storeId, onClose, onPassed }: AuthorizationDialogProps) {
  const { t } = useTranslation("shell");
  const { t: tc } = useTranslation("common");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setCode("");
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t("authorization.required"));
      return;
    }
    if (tooLong(code, AUTHORIZATION_CODE_MAX)) return;
    setBusy(true);
    setError(null);
    try {
      await checkStoreMaster({ storeId, authorizationCode: code });
      notify("success", t("authorization.passed"));
      setCode("");
      onPassed();
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : "";
      setError(message || tc("requestFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="authorization-title" maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="authorization-title">{t("authorization.title")}</DialogTitle>
        <DialogContent>
          <LimitedTextField
            maxChars={AUTHORIZATION_CODE_MAX}
            autoFocus
            fullWidth
            margin="dense"
            type="password"
            autoComplete="off"
            label={t("authorization.code")}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error !== null}
            helperText={error ?? t("authorization.help", { max: AUTHORIZATION_CODE_MAX })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {tc("cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("authorization.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
