import AddIcon from "@mui/icons-material/Add";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RotaEmployee, ShiftType } from "../../api/schedule";
import { storeToday } from "../../lib/dates";
import { isWeekend, shiftPeriod, shownCell, textOn, type Choice, type RotaView } from "./scheduleRules";
import type { RotaEditor } from "./useRotaEditor";

/* The sections of /schedule (SchedulePage.tsx); the state is useRotaEditor's. */

const LEAVE_COLOR = "#fbe9e7";
const DAY_OFF_COLOR = "#eceff1";

function dayLabel(day: string, language: string, view: RotaView): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Intl.DateTimeFormat(language.toLowerCase().startsWith("en") ? "en-GB" : "zh-CN", {
    weekday: view === "week" ? "short" : "narrow",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, date)));
  return view === "week" ? `${weekday} ${day.slice(5)}` : `${date} ${weekday}`;
}

function ShiftChip({ shift, dense = false }: { shift: ShiftType; dense?: boolean }) {
  return (
    <Chip
      size="small"
      label={dense ? shift.name : `${shift.name} ${shift.start}–${shift.end}`}
      sx={{ bgcolor: shift.color, color: textOn(shift.color), opacity: shift.enabled ? 1 : 0.55, maxWidth: "100%" }}
    />
  );
}

/** What a cell shows: the shift as a coloured chip, leave, day off, or nothing. */
function CellContent({
  choice,
  shiftTypes,
  dense,
}: {
  choice: Choice;
  shiftTypes: readonly ShiftType[];
  dense: boolean;
}) {
  const { t } = useTranslation("schedule");
  if (choice.kind === "shift") {
    const shift = shiftTypes.find((item) => item.id === choice.shiftTypeId);
    return shift ? <ShiftChip shift={shift} dense={dense} /> : <Chip size="small" label={t("cell.unknownShift")} />;
  }
  if (choice.kind === "leave") return <Chip size="small" label={t("cell.leave")} sx={{ bgcolor: LEAVE_COLOR }} />;
  if (choice.kind === "dayOff") return <Chip size="small" label={t("cell.dayOff")} sx={{ bgcolor: DAY_OFF_COLOR }} />;
  return (
    <Typography variant="caption" color="text.disabled">
      —
    </Typography>
  );
}

/** The shift types; `onCreate` and `onEdit` are absent when the role only reads the rota. */
export function ShiftTypesPanel({
  shiftTypes,
  onCreate,
  onEdit,
}: {
  shiftTypes: readonly ShiftType[];
  onCreate?: () => void;
  onEdit?: (shift: ShiftType) => void;
}) {
  const { t } = useTranslation("schedule");
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label={t("shiftTypes.title")} component="section">
      <Stack
        direction="row"
        sx={{ alignItems: "center", justifyContent: "space-between", mb: shiftTypes.length ? 1.5 : 0 }}
      >
        <Typography variant="subtitle1" component="h2">
          {t("shiftTypes.title")}
        </Typography>
        {onCreate ? (
          <Button size="small" startIcon={<AddIcon />} onClick={onCreate} data-testid="schedule-shift-create">
            {t("shiftTypes.create")}
          </Button>
        ) : null}
      </Stack>
      {shiftTypes.length === 0 ? (
        <Alert
          severity="info"
          data-testid="schedule-no-shift-types"
          action={
            onCreate ? (
              <Button color="inherit" size="small" onClick={onCreate}>
                {t("shiftTypes.create")}
              </Button>
            ) : undefined
          }
        >
          {t(onCreate ? "shiftTypes.empty" : "shiftTypes.emptyReadOnly")}
        </Alert>
      ) : (
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {shiftTypes.map((shift) => (
            <Chip
              key={shift.id}
              label={`${shift.name} ${shift.start}–${shift.end}${shift.enabled ? "" : ` (${t("shiftTypes.disabled")})`}`}
              onClick={onEdit ? () => onEdit(shift) : undefined}
              aria-label={onEdit ? t("shiftTypes.editNamed", { name: shift.name }) : undefined}
              data-testid={`schedule-shift-${shift.id}`}
              sx={{ bgcolor: shift.color, color: textOn(shift.color), opacity: shift.enabled ? 1 : 0.55 }}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

export function ConfirmCopyDialog({
  open,
  weekStart,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  weekStart: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("schedule");
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="copy-week-title" data-testid="schedule-copy-dialog">
      <DialogTitle id="copy-week-title">{t("copy.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("copy.text", { weekStart })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t("cancel")}</Button>
        <Button
          color="warning"
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          data-testid="schedule-copy-confirm"
        >
          {t("copy.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation("schedule");
  return (
    <Container component="main" maxWidth="xl" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t("title")}
      </Typography>
      {children}
    </Container>
  );
}

/** The view (week or month), the way through periods, copy last week, and the edits' discard and save. */
export function RotaToolbar({ editor }: { editor: RotaEditor }) {
  const { t } = useTranslation(["schedule", "staff"]);
  const { view, setView, anchor, setAnchor, from, to, canEdit, employees, setConfirmCopy, setPending } = editor;
  const { editCount, save } = editor;
  return (
    <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1.5, mb: 2 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_event, next: RotaView | null) => next && setView(next)}
        aria-label={t("view.label")}
      >
        <ToggleButton value="week" data-testid="schedule-view-week">
          {t("view.week")}
        </ToggleButton>
        <ToggleButton value="month" data-testid="schedule-view-month">
          {t("view.month")}
        </ToggleButton>
      </ToggleButtonGroup>
      <IconButton
        size="small"
        onClick={() => setAnchor(shiftPeriod(view, anchor, -1))}
        aria-label={t(`view.previous.${view}`)}
        data-testid="schedule-prev"
      >
        <ChevronLeftIcon />
      </IconButton>
      <Button size="small" onClick={() => setAnchor(storeToday())} data-testid="schedule-today">
        {t(`view.current.${view}`)}
      </Button>
      <IconButton
        size="small"
        onClick={() => setAnchor(shiftPeriod(view, anchor, 1))}
        aria-label={t(`view.next.${view}`)}
        data-testid="schedule-next"
      >
        <ChevronRightIcon />
      </IconButton>
      <Typography sx={{ fontWeight: 500 }} data-testid="schedule-period">
        {from} – {to}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      {canEdit && view === "week" ? (
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() => setConfirmCopy(true)}
          disabled={employees.length === 0}
          data-testid="schedule-copy-last-week"
        >
          {t("copy.button")}
        </Button>
      ) : null}
      {canEdit ? (
        <>
          <Button
            onClick={() => setPending({})}
            disabled={editCount === 0 || save.isPending}
            data-testid="schedule-discard"
          >
            {t("edits.discard")}
          </Button>
          <Button
            variant="contained"
            onClick={editor.saveEdits}
            disabled={editCount === 0 || save.isPending}
            data-testid="schedule-save"
          >
            {t("edits.save", { count: editCount })}
          </Button>
        </>
      ) : null}
    </Stack>
  );
}

/** The rota: a row per employee (the signed-in one's highlighted), a cell per day. */
export function RotaGrid({ editor }: { editor: RotaEditor }) {
  const { t, i18n } = useTranslation(["schedule", "staff"]);
  const { days, employees, mine, dense, view } = editor;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table
          size="small"
          aria-label={t("grid.label")}
          data-testid="schedule-grid"
          sx={{ tableLayout: dense ? "fixed" : "auto" }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 120, width: dense ? 120 : undefined }}>{t("grid.employee")}</TableCell>
              {days.map((day) => (
                <TableCell
                  key={day}
                  align="center"
                  sx={{
                    whiteSpace: "nowrap",
                    px: dense ? 0.25 : 1,
                    width: dense ? 56 : undefined,
                    bgcolor: isWeekend(day) ? "action.hover" : undefined,
                  }}
                >
                  {dayLabel(day, i18n.language, view)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {employees.map((employee) => (
              <TableRow
                key={employee.id}
                selected={employee.id === mine}
                data-testid={`schedule-row-${employee.id}`}
                data-mine={employee.id === mine ? "true" : undefined}
              >
                <TableCell>
                  <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
                    <Typography variant="body2">{employee.name}</Typography>
                    {employee.id === mine ? (
                      <Chip size="small" color="primary" label={t("grid.you")} data-testid="schedule-mine" />
                    ) : null}
                  </Stack>
                  <Typography variant="caption" color="text.secondary">
                    {t(`staff:positions.${employee.position}`, { defaultValue: employee.position })}
                  </Typography>
                </TableCell>
                {days.map((day) => (
                  <RotaCell key={day} editor={editor} employee={employee} day={day} />
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** A day of an employee: a button that opens the cell menu when the role edits, otherwise the text.
 * An edit not saved yet is outlined. */
function RotaCell({ editor, employee, day }: { editor: RotaEditor; employee: RotaEmployee; day: string }) {
  const { t } = useTranslation(["schedule", "staff"]);
  const { pending, savedDays, mine, canEdit, setMenu, types, dense } = editor;
  const { choice, edited } = shownCell(pending, savedDays, employee.id, day);
  const label = t("cell.label", { name: employee.name, date: day });
  return (
    <TableCell
      align="center"
      sx={{ p: 0.25, bgcolor: isWeekend(day) && employee.id !== mine ? "action.hover" : undefined }}
    >
      {canEdit ? (
        <ButtonBase
          onClick={(event) => setMenu({ element: event.currentTarget, employee, date: day })}
          aria-label={label}
          data-testid={`schedule-cell-${employee.id}-${day}`}
          data-edited={edited ? "true" : undefined}
          sx={{
            width: "100%",
            minHeight: 36,
            borderRadius: 1,
            px: 0.25,
            outline: edited ? "2px dashed" : "none",
            outlineColor: "warning.main",
            overflow: "hidden",
          }}
        >
          <CellContent choice={choice} shiftTypes={types} dense={dense} />
        </ButtonBase>
      ) : (
        <Box
          aria-label={label}
          data-testid={`schedule-cell-${employee.id}-${day}`}
          sx={{
            minHeight: 36,
            px: 0.25,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            overflow: "hidden",
          }}
        >
          <CellContent choice={choice} shiftTypes={types} dense={dense} />
        </Box>
      )}
    </TableCell>
  );
}

/** The choices of a cell: the enabled shift types, leave, day off, or nothing. */
export function CellMenu({ editor }: { editor: RotaEditor }) {
  const { t } = useTranslation(["schedule", "staff"]);
  const { menu, setMenu, types, choose } = editor;
  return (
    <Menu
      anchorEl={menu?.element ?? null}
      open={menu !== null}
      onClose={() => setMenu(null)}
      data-testid="schedule-cell-menu"
    >
      {types
        .filter((shift) => shift.enabled)
        .map((shift) => (
          <MenuItem key={shift.id} onClick={() => choose({ kind: "shift", shiftTypeId: shift.id })}>
            <ListItemIcon>
              <Box sx={{ width: 14, height: 14, borderRadius: "50%", bgcolor: shift.color }} />
            </ListItemIcon>
            <ListItemText primary={shift.name} secondary={`${shift.start}–${shift.end}`} />
          </MenuItem>
        ))}
      {types.some((shift) => shift.enabled) ? <Divider /> : null}
      <MenuItem onClick={() => choose({ kind: "leave" })}>{t("cell.leave")}</MenuItem>
      <MenuItem onClick={() => choose({ kind: "dayOff" })}>{t("cell.dayOff")}</MenuItem>
      <MenuItem onClick={() => choose({ kind: "none" })}>{t("cell.clear")}</MenuItem>
    </Menu>
  );
}
