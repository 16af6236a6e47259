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
  useNurseOptions,
  useReservationDetail,
  type ReservationDetail,
  type StatusAction,
} from "../../api/booking";
import { ReservationStatusChip } from "../../components/ReservationStatusChip";
import {
  REMARK_MAX,
  actionsFor,
  canUndo,
  formatDateTime,
  formatTime,
  newOrderHref,
  statusMove,
  zoneParts,
} from "./rules";
import { LimitedTextField } from "../../components/LimitedTextField";
import { tooLong } from "../../lib/limits";
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
  const [undoing, setUndoing] = useState(false);
  const [choosingNurse, setChoosingNurse] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  const act = useMutation({
    mutationFn: (action: StatusAction) => bookingApi.act(action, reservation.id),
    onSettled: () => {
      setConfirming(null);
      void refresh();
    },
  });

  const run = (action: StatusAction) => {
    if (action === "noShow") setConfirming(action);
    // An any-nurse reservation is served by someone: the desk names her first.
    else if (action === "startService" && reservation.nurseId === null) setChoosingNurse(true);
    else act.mutate(action);
  };
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
        <ReservationStatusChip status={reservation.status} testId="detail-status" />
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
        {canUndo(reservation) ? (
          <Button variant="outlined" onClick={() => setUndoing(true)} data-testid="action-undo">
            {t("undo.action", { status: t(`status.${reservation.status}`) })}
          </Button>
        ) : null}
        {actionsFor(reservation).map((action) =>
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
          {reservation.history.map((entry, index) => {
            const move = statusMove(entry);
            return (
              <ListItem key={`${entry.at}-${index}`} disableGutters data-testid={`history-entry-${index}`}>
                <ListItemText
                  primary={
                    move
                      ? `${entry.kindName || entry.kind}: ${t(`status.${move.from}`)} → ${t(`status.${move.to}`)}`
                      : entry.kindName || entry.kind
                  }
                  secondary={[
                    formatDateTime(entry.at, i18n.language),
                    entry.by,
                    move?.reason ? t("undo.reasonShown", { reason: move.reason }) : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                />
              </ListItem>
            );
          })}
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
      {undoing ? (
        <UndoDialog
          id={reservation.id}
          status={reservation.status}
          onClose={() => setUndoing(false)}
          onDone={() => void refresh()}
        />
      ) : null}
      {choosingNurse ? (
        <NurseDialog
          id={reservation.id}
          date={zoneParts(reservation.startTime).date}
          onClose={() => setChoosingNurse(false)}
          onDone={() => void refresh()}
        />
      ) : null}
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
    if (tooLong(reason, REMARK_MAX)) return;
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
        <LimitedTextField
          maxChars={REMARK_MAX}
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={t("cancel.remark")}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
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

/** Takes back an arrival, a no-show or a cancellation the same day: a reason is required and goes to
 * the history and the system log (POST undoStatus). */
function UndoDialog({
  id,
  status,
  onClose,
  onDone,
}: {
  id: number;
  status: ReservationDetail["status"];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("booking");
  const titleId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const undo = useMutation({
    mutationFn: () => bookingApi.undo({ id, reason: reason.trim() }),
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: () => onDone(),
  });
  const submit = () => {
    if (!reason.trim()) {
      setError(t("undo.reasonRequired"));
      return;
    }
    undo.mutate();
  };
  return (
    <Dialog open onClose={undo.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("undo.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("undo.confirm", { status: t(`status.${status}`) })}</DialogContentText>
        <TextField
          fullWidth
          required
          multiline
          minRows={2}
          margin="dense"
          label={t("undo.reason")}
          value={reason}
          error={Boolean(error)}
          helperText={error || " "}
          onChange={(event) => {
            setReason(event.target.value);
            setError("");
          }}
          slotProps={{ htmlInput: { maxLength: REMARK_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={undo.isPending}>
          {t("undo.keep")}
        </Button>
        <Button variant="contained" onClick={submit} disabled={undo.isPending} data-testid="undo-confirm">
          {t("undo.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Start of service on an any-nurse reservation: the nurse on duty who gives it (POST startService). */
function NurseDialog({
  id,
  date,
  onClose,
  onDone,
}: {
  id: number;
  date: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("booking");
  const titleId = useId();
  const nurses = useNurseOptions(date);
  const [nurseId, setNurseId] = useState("");
  const [error, setError] = useState("");
  const start = useMutation({
    mutationFn: () => bookingApi.startService({ id, nurseId: Number(nurseId) }),
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: () => onDone(),
  });
  const submit = () => {
    if (!nurseId) {
      setError(t("startService.nurseRequired"));
      return;
    }
    start.mutate();
  };
  return (
    <Dialog open onClose={start.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("actions.startService")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("startService.chooseNurse")}</DialogContentText>
        {nurses.isError ? <Alert severity="error">{nurses.error.message}</Alert> : null}
        <TextField
          select
          fullWidth
          required
          margin="dense"
          label={t("fields.nurse")}
          value={nurses.data?.some((nurse) => String(nurse.id) === nurseId) ? nurseId : ""}
          error={Boolean(error)}
          helperText={error || " "}
          onChange={(event) => {
            setNurseId(event.target.value);
            setError("");
          }}
        >
          {(nurses.data ?? []).map((nurse) => (
            <MenuItem key={nurse.id} value={String(nurse.id)}>
              {nurse.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={start.isPending}>
          {t("undo.keep")}
        </Button>
        <Button variant="contained" onClick={submit} disabled={start.isPending} data-testid="start-service-confirm">
          {t("actions.startService")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
