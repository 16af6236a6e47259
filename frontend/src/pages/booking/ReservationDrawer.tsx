import CloseIcon from "@mui/icons-material/Close";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../shell/ConfirmDialog";
import { DetailError } from "../../components/feedback";
import {
  bookingApi,
  bookingKeys,
  useInvalidReasons,
  useReservationDetail,
  type ReservationDetail,
  type StatusAction,
} from "../../api/booking";
import { STATUS_COLORS } from "./parts";
import { REMARK_MAX, actionsFor, formatDateTime, formatTime, newOrderHref } from "./rules";
import { formatPhone } from "../../lib/phone";

interface ReservationDrawerProps {
  id: number | null;
  onClose: () => void;
  navigate: (url: string) => void;
  refetchInterval: number | false;
}

/** A reservation's details, history and the actions its status allows. It stays open across the
 * board's timed refreshes (its own query refreshes with them). */
export function ReservationDrawer({ id, onClose, navigate, refetchInterval }: ReservationDrawerProps) {
  const { t } = useTranslation("booking");
  const detail = useReservationDetail(id, refetchInterval);
  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 420, maxWidth: "100%" }, "data-testid": "reservation-drawer" } as object }}
    >
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", px: 2, py: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t("detail.title")}
        </Typography>
        <IconButton aria-label={t("detail.close")} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2, overflowY: "auto" }}>
        {detail.isPending ? (
          <Stack direction="row" spacing={2} role="status" sx={{ alignItems: "center" }}>
            <CircularProgress size={20} />
            <Typography>{t("loading")}</Typography>
          </Stack>
        ) : detail.isError && !detail.data ? (
          <DetailError message={detail.error.message} onRetry={() => void detail.refetch()} />
        ) : detail.data ? (
          <DetailBody reservation={detail.data} navigate={navigate} />
        ) : null}
      </Box>
    </Drawer>
  );
}

function DetailBody({ reservation, navigate }: { reservation: ReservationDetail; navigate: (url: string) => void }) {
  const { t, i18n } = useTranslation("booking");
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<StatusAction | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const colors = STATUS_COLORS[reservation.status];

  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  const act = useMutation({
    mutationFn: (action: StatusAction) => bookingApi.act(action, reservation.id),
    onSettled: () => {
      setConfirming(null);
      void refresh();
    },
  });

  const run = (action: StatusAction) => (action === "noShow" ? setConfirming(action) : act.mutate(action));
  const fact = (label: string, value: string) => (
    <Box sx={{ display: "flex", gap: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );

  return (
    <Stack spacing={2} data-testid={`reservation-detail-${reservation.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {reservation.name}
        </Typography>
        {reservation.walkIn ? <Chip size="small" label={t("board.walkIn")} /> : null}
        <Chip
          size="small"
          data-testid="detail-status"
          label={reservation.statusName || t(`status.${reservation.status}`)}
          sx={{ bgcolor: colors.fill, color: colors.main, border: `1px solid ${colors.main}` }}
        />
      </Stack>
      <Box component="dl" sx={{ m: 0, display: "grid", gap: 0.5 }}>
        {fact(t("fields.phone"), formatPhone(reservation.areaCode, reservation.phone) || "—")}
        {fact(
          t("fields.time"),
          `${formatDateTime(reservation.startTime, i18n.language)}–${formatTime(reservation.endTime, i18n.language)} (${t("minutes", { count: reservation.duration })})`,
        )}
        {fact(t("fields.nurse"), reservation.nurseId === null ? t("board.anyNurse") : reservation.nurseName)}
        {fact(t("fields.projects"), reservation.projects.map((project) => project.name).join(", ") || "—")}
        {fact(t("fields.source"), reservation.sourceName || "—")}
        {fact(t("fields.remark"), reservation.remark || "—")}
        {reservation.status === "cancelled"
          ? fact(t("fields.cancelReason"), reservation.cancelReasonName || "—")
          : null}
        {reservation.forced ? fact(t("fields.forced"), t("detail.forced")) : null}
      </Box>

      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        {actionsFor(reservation.status).map((action) =>
          action === "cancel" ? (
            <Button
              key={action}
              color="error"
              variant="outlined"
              onClick={() => setCancelling(true)}
              data-testid="action-cancel"
            >
              {t("actions.cancel")}
            </Button>
          ) : action === "edit" ? (
            <Button
              key={action}
              onClick={() => navigate(newOrderHref({ id: reservation.id }))}
              data-testid="action-edit"
            >
              {t("actions.edit")}
            </Button>
          ) : (
            <Button
              key={action}
              variant={action === "noShow" ? "outlined" : "contained"}
              color={action === "noShow" ? "warning" : "primary"}
              disabled={act.isPending}
              onClick={() => run(action)}
              data-testid={`action-${action}`}
            >
              {t(`actions.${action}`)}
            </Button>
          ),
        )}
      </Stack>

      <Divider />
      <Typography variant="subtitle2">{t("detail.history")}</Typography>
      {reservation.history.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("detail.noHistory")}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="detail-history">
          {reservation.history.map((entry, index) => (
            <ListItem key={`${entry.at}-${index}`} disableGutters>
              <ListItemText
                primary={entry.kindName || entry.kind}
                secondary={`${formatDateTime(entry.at, i18n.language)} · ${entry.by}`}
              />
            </ListItem>
          ))}
        </List>
      )}

      <ConfirmDialog
        open={confirming === "noShow"}
        title={t("actions.noShow")}
        message={t("detail.confirmNoShow", { name: reservation.name })}
        busy={act.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => act.mutate("noShow")}
      />
      {cancelling ? (
        <CancelDialog
          id={reservation.id}
          name={reservation.name}
          onClose={() => setCancelling(false)}
          onDone={() => void refresh()}
        />
      ) : null}
    </Stack>
  );
}

/** Cancel with a reason (required, from findInvalidReason) and an optional remark: POST inValid. */
function CancelDialog({
  id,
  name,
  onClose,
  onDone,
}: {
  id: number;
  name: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("booking");
  const titleId = useId();
  const reasons = useInvalidReasons();
  const [reason, setReason] = useState("");
  const [remark, setRemark] = useState("");
  const [error, setError] = useState("");
  const cancel = useMutation({
    mutationFn: () => bookingApi.cancel(remark.trim() ? { id, reason, remark: remark.trim() } : { id, reason }),
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: () => onDone(),
  });
  const submit = () => {
    if (!reason) {
      setError(t("cancel.reasonRequired"));
      return;
    }
    cancel.mutate();
  };
  return (
    <Dialog open onClose={cancel.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("cancel.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("cancel.confirm", { name })}</DialogContentText>
        {reasons.isError ? <Alert severity="error">{reasons.error.message}</Alert> : null}
        <TextField
          select
          fullWidth
          required
          margin="dense"
          label={t("cancel.reason")}
          value={reason}
          error={Boolean(error)}
          helperText={error || " "}
          onChange={(event) => {
            setReason(event.target.value);
            setError("");
          }}
        >
          {(reasons.data ?? []).map((option) => (
            <MenuItem key={option.code} value={option.code}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={t("cancel.remark")}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          slotProps={{ htmlInput: { maxLength: REMARK_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending}>
          {t("cancel.keep")}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={submit}
          disabled={cancel.isPending}
          data-testid="cancel-confirm"
        >
          {t("cancel.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
