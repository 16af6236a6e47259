import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { StrandedReservation } from "../../api/schedule";
import { storeDateTime } from "../../lib/dates";

/** The rota change would take nurses off duty for these reservations: each is named (time, member,
 * projects, nurse) before the principal saves anyway or goes back to the edits. Saved anyway, the
 * reservations keep their nurse and the board marks them as needing another. */
export function StrandedDialog({
  reservations,
  busy,
  onCancel,
  onConfirm,
}: {
  reservations: StrandedReservation[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("schedule");
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby={titleId} data-testid="schedule-stranded-dialog">
      <DialogTitle id={titleId}>{t("stranded.title")}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t("stranded.text", { count: reservations.length })}
        </Alert>
        <List dense disablePadding>
          {reservations.map((reservation) => (
            <ListItem key={reservation.id} disableGutters data-testid={`stranded-${reservation.id}`}>
              <ListItemText
                primary={`${storeDateTime(reservation.startTime)} · ${reservation.name}`}
                secondary={t("stranded.detail", {
                  projects: reservation.projects.join(", ") || "—",
                  nurse: reservation.nurseName,
                })}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid="schedule-stranded-cancel">
          {t("cancel")}
        </Button>
        <Button
          color="warning"
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid="schedule-stranded-confirm"
        >
          {t("stranded.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
