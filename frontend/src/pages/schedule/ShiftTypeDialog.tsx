import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { saveShiftType, useScheduleMutation, type ShiftTypeInput } from "../../api/schedule";
import { NAME_MAX_LENGTH, shiftTypeErrors, type ShiftTypeErrors } from "./scheduleRules";
import { LimitedTextField } from "../../components/LimitedTextField";
import { TimeField } from "../../components/dates/TimeField";

/** Creates or edits a shift type: name, start, end (after the start), colour, enabled. */
export function ShiftTypeDialog({ initial, onClose }: { initial: ShiftTypeInput; onClose: () => void }) {
  const { t } = useTranslation("schedule");
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<ShiftTypeErrors>({});
  const save = useScheduleMutation(saveShiftType, () => onClose());
  const set = (patch: Partial<ShiftTypeInput>) => setValue((current) => ({ ...current, ...patch }));

  const submit = () => {
    const found = shiftTypeErrors(value);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { ...value, name: value.name.trim() },
      {
        onError: (failure) => {
          if (!(failure instanceof ApiError)) return;
          const fields = failure.fields;
          setErrors({
            name: fields.name?.[0],
            start: fields.start?.[0],
            end: fields.end?.[0],
            color: fields.color?.[0],
          });
        },
      },
    );
  };
  // Our own keys are translated; the server's field messages are shown as they come.
  const message = (key: keyof ShiftTypeErrors) => {
    const text = errors[key];
    return text ? (text.startsWith("errors.") ? t(text) : text) : " ";
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="shift-type-title"
      maxWidth="xs"
      fullWidth
      data-testid="schedule-shift-dialog"
    >
      <DialogTitle id="shift-type-title">{initial.id ? t("shiftTypes.edit") : t("shiftTypes.create")}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <LimitedTextField
            maxChars={NAME_MAX_LENGTH}
            label={t("shiftTypes.name")}
            value={value.name}
            onChange={(event) => set({ name: event.target.value })}
            error={Boolean(errors.name)}
            helperText={message("name")}
            required
            slotProps={{ htmlInput: { "data-testid": "schedule-shift-name" } }}
          />
          <Stack direction="row" spacing={2}>
            <TimeField
              label={t("shiftTypes.start")}
              value={value.start}
              onChange={(start) => set({ start })}
              error={Boolean(errors.start)}
              helperText={message("start")}
              required
              fullWidth
              inputProps={{ "data-testid": "schedule-shift-start" }}
            />
            <TimeField
              label={t("shiftTypes.end")}
              value={value.end}
              onChange={(end) => set({ end })}
              error={Boolean(errors.end)}
              helperText={message("end")}
              required
              fullWidth
              inputProps={{ "data-testid": "schedule-shift-end" }}
            />
          </Stack>
          <TextField
            type="color"
            label={t("shiftTypes.color")}
            value={value.color}
            onChange={(event) => set({ color: event.target.value })}
            error={Boolean(errors.color)}
            helperText={message("color")}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "schedule-shift-color" } }}
          />
          <FormControlLabel
            control={<Switch checked={value.enabled} onChange={(event) => set({ enabled: event.target.checked })} />}
            label={t("shiftTypes.enabled")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="schedule-shift-save">
          {t("save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
