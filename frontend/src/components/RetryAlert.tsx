import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A failed call: what went wrong and a retry button. */
export function RetryAlert({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t("retry")}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
