import CloseIcon from "@mui/icons-material/Close";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DetailError } from "../../components/feedback";
import {
  bookingApi,
  bookingKeys,
  useReservationDetail,
  type Board,
  type ReservationDetail,
  type StatusAction,
} from "../../api/booking";
import { ReservationStatusChip } from "../../components/ReservationStatusChip";
import { actionsFor, canUndo, formatDateTime, formatTime, newOrderHref, statusMove, zoneParts } from "./rules";
import { formatPhone } from "../../lib/phone";
import { currentSession } from "../../api/session";

/** The till's page code (/account): the bill button shows only to a role that may open it. */
const CASHIER_PAGE_CODE = "ERP-KDJC-PAG-0003-0000";
/** A reservation is billed once the customer is in the store. */
const BILLABLE: readonly string[] = ["arrived", "inService", "done"];
import { CancelDialog, NurseDialog, ReassignDialog, UndoDialog } from "./reservationDialogs";

interface ReservationDrawerProps {
  id: number | null;
  onClose: () => void;
  navigate: (url: string) => void;
  refetchInterval: number | false;
  /** The board of the day, whose rows say whether the nurse is off duty and who could take over. */
  board?: Board;
}

/** A reservation's details, history and the actions its status allows. It stays open across the
 * board's timed refreshes (its own query refreshes with them). */
export function ReservationDrawer({ id, onClose, navigate, refetchInterval, board }: ReservationDrawerProps) {
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
          <DetailBody reservation={detail.data} navigate={navigate} board={board} />
        ) : null}
      </Box>
    </Drawer>
  );
}

/** A fact of the reservation as a term and its description. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: "flex", gap: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

function DetailFacts({ reservation }: { reservation: ReservationDetail }) {
  const { t, i18n } = useTranslation("booking");
  const fact = (label: string, value: string) => <Fact label={label} value={value} />;
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gap: 0.5 }}>
      {fact(t("fields.phone"), formatPhone(reservation.areaCode, reservation.phone) || "—")}
      {fact(
        t("fields.time"),
        `${formatDateTime(reservation.startTime)}–${formatTime(reservation.endTime, i18n.language)} (${t("minutes", { count: reservation.duration })})`,
      )}
      {fact(t("fields.nurse"), reservation.nurseId === null ? t("board.anyNurse") : reservation.nurseName)}
      {fact(t("fields.projects"), reservation.projects.map((project) => project.name).join(", ") || "—")}
      {fact(t("fields.source"), reservation.sourceName || "—")}
      {fact(t("fields.remark"), reservation.remark || "—")}
      {reservation.status === "cancelled" ? fact(t("fields.cancelReason"), reservation.cancelReasonName || "—") : null}
      {reservation.forced ? fact(t("fields.forced"), t("detail.forced")) : null}
    </Box>
  );
}

/** Each change of the reservation's status, newest last, with who made it and why. */
function DetailHistory({ reservation }: { reservation: ReservationDetail }) {
  const { t } = useTranslation("booking");
  return (
    <>
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
                    formatDateTime(entry.at),
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
    </>
  );
}

function DetailBody({
  reservation,
  navigate,
  board,
}: {
  reservation: ReservationDetail;
  navigate: (url: string) => void;
  board?: Board;
}) {
  const { t } = useTranslation("booking");
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<StatusAction | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const [choosingNurse, setChoosingNurse] = useState(false);
  const [reassigning, setReassigning] = useState(false);
  const [canBill] = useState(() => Boolean(currentSession()?.menu?.includes(CASHIER_PAGE_CODE)));
  const needsNurse = board?.reservations.find((row) => row.id === reservation.id)?.needsAnotherNurse ?? false;

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
  return (
    <Stack spacing={2} data-testid={`reservation-detail-${reservation.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {reservation.name}
        </Typography>
        {reservation.walkIn ? <Chip size="small" label={t("board.walkIn")} /> : null}
        <ReservationStatusChip status={reservation.status} testId="detail-status" />
      </Stack>
      {needsNurse && board ? (
        <Alert
          severity="warning"
          data-testid="detail-needs-another-nurse"
          action={
            reservation.status === "booked" ? (
              <Button color="inherit" size="small" onClick={() => setReassigning(true)} data-testid="action-reassign">
                {t("reassign.action")}
              </Button>
            ) : undefined
          }
        >
          {t("board.needsAnotherNurse")}: {t("board.needsAnotherNurseHint", { nurse: reservation.nurseName })}
        </Alert>
      ) : null}
      <DetailFacts reservation={reservation} />
      {reservation.billedOrderNo ? (
        // Billed once: the till will not bill it again (RES-40907), so the bill button is gone.
        <Alert severity="success" data-testid="detail-billed">
          {t("detail.billed", { orderNo: reservation.billedOrderNo })}
        </Alert>
      ) : null}

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
        {canBill && BILLABLE.includes(reservation.status) && !reservation.billedOrderNo ? (
          <Button variant="contained" href={`/account?reservationId=${reservation.id}`} data-testid="action-bill">
            {t("actions.bill")}
          </Button>
        ) : null}
      </Stack>

      <Divider />
      <DetailHistory reservation={reservation} />

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
      {reassigning && board ? (
        <ReassignDialog
          reservation={reservation}
          board={board}
          onClose={() => setReassigning(false)}
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
