import CloseIcon from "@mui/icons-material/Close";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { dismiss, subscribe, type Notice, type NoticeAction } from "../lib/notices";

/** A notice's action, and its close button (an Alert shows one or the other). */
function NoticeButton({ id, action }: { id: number; action: NoticeAction }) {
  const { t } = useTranslation("common");
  return (
    <>
      <Button
        color="inherit"
        size="small"
        onClick={() => {
          dismiss(id);
          action.onClick();
        }}
      >
        {action.label}
      </Button>
      <IconButton color="inherit" size="small" aria-label={t("close")} onClick={() => dismiss(id)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
  );
}

/** Renders the page's notice queue at the top centre; each closes after its own duration. */
export function Notices() {
  const [items, setItems] = useState<Notice[]>([]);
  useEffect(() => subscribe(setItems), []);
  return (
    <Stack spacing={1} sx={{ position: "fixed", top: 72, left: "50%", transform: "translateX(-50%)", zIndex: 2000 }}>
      {items.map((notice) => (
        <Snackbar
          key={notice.id}
          open
          autoHideDuration={notice.durationMs}
          onClose={() => dismiss(notice.id)}
          sx={{ position: "static", transform: "none" }}
        >
          <Alert
            severity={notice.severity}
            onClose={() => dismiss(notice.id)}
            variant="filled"
            role="alert"
            action={notice.action ? <NoticeButton id={notice.id} action={notice.action} /> : undefined}
          >
            {notice.title ? <AlertTitle>{notice.title}</AlertTitle> : null}
            {notice.message}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
