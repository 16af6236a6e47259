import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Dispatch, SetStateAction } from "react";
import { useTranslation } from "react-i18next";
import { STATUSES, type Board, type BoardNurse, type ReservationStatus } from "../../api/booking";
import { RESERVATION_STATUS_COLORS as STATUS_COLORS } from "../../components/ReservationStatusChip";
import { formatDay, shiftDate, type BoardFilters } from "./rules";
import { DateField } from "../../components/dates/DateField";

/** The board's day (previous, today, next, or a date) and its filters: status, nurse, cancelled. */
export function BoardToolbar({
  date,
  today,
  setDate,
  filters,
  setFilters,
  nurses,
}: {
  date: string;
  today: string;
  setDate: (next: string) => void;
  filters: BoardFilters;
  setFilters: Dispatch<SetStateAction<BoardFilters>>;
  nurses: readonly BoardNurse[];
}) {
  const { t, i18n } = useTranslation("booking");
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
      <Stack direction="row" sx={{ flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
        <Stack direction="row" sx={{ alignItems: "center" }}>
          <IconButton
            aria-label={t("board.previousDay")}
            onClick={() => setDate(shiftDate(date, -1))}
            data-testid="date-previous"
          >
            <ChevronLeftIcon />
          </IconButton>
          <Button size="small" onClick={() => setDate(today)} disabled={date === today} data-testid="date-today">
            {t("board.today")}
          </Button>
          <IconButton
            aria-label={t("board.nextDay")}
            onClick={() => setDate(shiftDate(date, 1))}
            data-testid="date-next"
          >
            <ChevronRightIcon />
          </IconButton>
        </Stack>
        <DateField
          size="small"
          label={t("board.date")}
          value={date}
          onChange={(value) => {
            // A half-typed date leaves the board on the day it shows.
            if (value) setDate(value);
          }}
          inputProps={{ "data-testid": "date-input" }}
        />
        <Typography variant="body2" color="text.secondary" data-testid="board-day">
          {formatDay(date, i18n.language)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <TextField
          select
          size="small"
          label={t("board.statusFilter")}
          value={filters.status}
          onChange={(event) =>
            setFilters((previous) => ({ ...previous, status: event.target.value as ReservationStatus | "" }))
          }
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{t("board.allStatuses")}</MenuItem>
          {STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t("board.nurseFilter")}
          value={String(filters.nurseId)}
          onChange={(event) => {
            const value = event.target.value;
            setFilters((previous) => ({
              ...previous,
              nurseId: value === "" || value === "any" ? value : Number(value),
            }));
          }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{t("board.allNurses")}</MenuItem>
          {nurses.map((nurse) => (
            <MenuItem key={nurse.id} value={String(nurse.id)}>
              {nurse.name}
            </MenuItem>
          ))}
          <MenuItem value="any">{t("board.anyNurse")}</MenuItem>
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={filters.showCancelled}
              onChange={(event) => setFilters((previous) => ({ ...previous, showCancelled: event.target.checked }))}
              slotProps={{ input: { "data-testid": "show-cancelled" } as object }}
            />
          }
          label={t("board.showCancelled")}
        />
      </Stack>
    </Paper>
  );
}

/** The day's counts by status; a click filters the board to that status (again: all). */
export function CountsStrip({
  board,
  onPick,
  active,
}: {
  board: Board;
  onPick: (status: ReservationStatus | "") => void;
  active: string;
}) {
  const { t } = useTranslation("booking");
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: "wrap", gap: 1, mb: 1.5 }}
      data-testid="counts"
      aria-label={t("board.counts")}
    >
      <Chip
        label={`${t("board.total")} ${board.counts.total ?? 0}`}
        variant={active === "" ? "filled" : "outlined"}
        onClick={() => onPick("")}
        data-testid="count-total"
      />
      {STATUSES.map((status) => (
        <Chip
          key={status}
          data-testid={`count-${status}`}
          label={`${t(`status.${status}`)} ${board.counts[status] ?? 0}`}
          onClick={() => onPick(active === status ? "" : status)}
          variant={active === status ? "filled" : "outlined"}
          sx={{
            borderColor: STATUS_COLORS[status].main,
            color: STATUS_COLORS[status].main,
            bgcolor: active === status ? STATUS_COLORS[status].fill : undefined,
          }}
        />
      ))}
    </Stack>
  );
}
