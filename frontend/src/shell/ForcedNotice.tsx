import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { markMessagesRead, messagingKeys, useMandatoryNotice, type MandatoryNotice } from "../api/messaging";

/** Seconds left from `showTime`, counted down once a second. */
function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil(seconds)));
  const done = left <= 0;
  useEffect(() => {
    if (done) return undefined;
    // One interval from the start until 0 (not one per tick).
    const timer = window.setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [done]);
  return left;
}

interface ForcedNoticeDialogProps {
  notice: MandatoryNotice;
  onClose: () => void;
}

/** Spec §4 forced notice: no Esc, no backdrop close; the close button waits for the countdown. */
export function ForcedNoticeDialog({ notice, onClose }: ForcedNoticeDialogProps) {
  const { t } = useTranslation("shell");
  const left = useCountdown(notice.showTime);
  const titleId = `forced-notice-${notice.id}`;
  return (
    // No onClose: Esc and backdrop clicks ask to close, and nothing listens.
    <Dialog open aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{notice.msgName || t("notice.title")}</DialogTitle>
      <DialogContent dividers>
        {/* The server sanitised this rich text (apps/messaging/sanitize.py). */}
        <Box
          className="rich-text"
          sx={{ "& img": { maxWidth: "100%" }, "& table": { borderCollapse: "collapse" }, wordBreak: "break-word" }}
          dangerouslySetInnerHTML={{ __html: notice.graphicDescription }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} disabled={left > 0}>
          {left > 0 ? t("notice.closeIn", { seconds: left }) : t("notice.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks once per page for the forced notice; closing it marks it read so it does not come back. */
export function ForcedNotice({ storeId }: { storeId: number }) {
  const queryClient = useQueryClient();
  const { data } = useMandatoryNotice(storeId);
  const [closed, setClosed] = useState<number | null>(null);
  if (!data || !data.id || closed === data.id) return null;
  const close = () => {
    setClosed(data.id);
    void markMessagesRead([data.id], { quiet: true })
      .catch(() => undefined)
      .finally(() => {
        queryClient.setQueryData(messagingKeys.mandatory(storeId), null);
        void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      });
  };
  return <ForcedNoticeDialog key={data.id} notice={data} onClose={close} />;
}
