/** One look for a reservation's status wherever it shows (the board, the history, the drawer): the
 * same colours and the same word for each status. */
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";
import type { ReservationStatus } from "../api/booking";

/** Each status's colour: the border and text, and the fill. */
export const RESERVATION_STATUS_COLORS: Record<ReservationStatus, { main: string; fill: string }> = {
  booked: { main: "#1565c0", fill: "#e3f2fd" },
  arrived: { main: "#e65100", fill: "#fff3e0" },
  inService: { main: "#6a1b9a", fill: "#f3e5f5" },
  done: { main: "#2e7d32", fill: "#e8f5e9" },
  noShow: { main: "#c62828", fill: "#ffebee" },
  cancelled: { main: "#757575", fill: "#f5f5f5" },
};

const UNKNOWN = { main: "#757575", fill: "#f5f5f5" };

/** The colours of a status; a status this client does not know yet looks like a cancelled one. */
export function reservationStatusColors(status: string): { main: string; fill: string } {
  return RESERVATION_STATUS_COLORS[status as ReservationStatus] ?? UNKNOWN;
}

/** The word for a status, the same on every page. */
export function useReservationStatusWord(): (status: string) => string {
  const { t } = useTranslation("booking");
  return (status) => t(`status.${status}`, { defaultValue: status });
}

export function ReservationStatusChip({ status, testId }: { status: string; testId?: string }) {
  const word = useReservationStatusWord();
  const colors = reservationStatusColors(status);
  return (
    <Chip
      size="small"
      label={word(status)}
      data-testid={testId}
      data-status={status}
      sx={{ bgcolor: colors.fill, color: colors.main, border: `1px solid ${colors.main}`, fontWeight: 500 }}
    />
  );
}
