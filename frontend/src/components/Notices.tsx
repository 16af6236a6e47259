import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import { useEffect, useState } from "react";
import { dismiss, subscribe, type Notice } from "../lib/notices";

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
          <Alert severity={notice.severity} onClose={() => dismiss(notice.id)} variant="filled" role="alert">
            {notice.title ? <AlertTitle>{notice.title}</AlertTitle> : null}
            {notice.message}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
