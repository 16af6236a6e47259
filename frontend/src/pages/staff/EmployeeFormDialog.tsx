import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  AREA_CODES,
  POSITIONS,
  SKILL_LEVELS,
  saveEmployee,
  staffKeys,
  type EmployeeDetail,
  type EmployeeInput,
} from "../../api/staff";
import { validateEmployee, type EmployeeErrors } from "./rules";
import { storeToday } from "../../lib/dates";
import { LimitedTextField } from "../../components/LimitedTextField";
import { DateField } from "../../components/dates/DateField";

/** Create or edit an employee; the server's field messages show under the fields. */
export function EmployeeFormDialog({
  open,
  initial,
  onClose,
  onSaved,
}: {
  open: boolean;
  initial: EmployeeInput;
  onClose: () => void;
  onSaved?: (employee: EmployeeDetail) => void;
}) {
  const { t } = useTranslation("staff");
  const queryClient = useQueryClient();
  const [form, setForm] = useState<EmployeeInput>(initial);
  const [errors, setErrors] = useState<EmployeeErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const today = storeToday();

  const save = useMutation({
    mutationFn: () => saveEmployee({ ...form, name: form.name.trim(), phone: form.phone.trim() }),
    onSuccess: async (employee) => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      onSaved?.(employee);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setServerErrors(
          Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0] ?? ""])),
        );
      }
    },
  });

  const set = <K extends keyof EmployeeInput>(key: K, value: EmployeeInput[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setServerErrors((previous) => ({ ...previous, [key]: "" }));
  };
  const message = (field: string) => {
    const key = errors[field as keyof EmployeeErrors];
    return key ? t(key) : serverErrors[field] || "";
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateEmployee(form, today);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="employee-form-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="employee-form-title">{form.id ? t("form.editTitle") : t("form.createTitle")}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={12}>
              <TextField
                fullWidth
                required
                label={t("fields.name")}
                value={form.name}
                onChange={(event) => set("name", event.target.value)}
                error={Boolean(message("name"))}
                helperText={message("name") || " "}
              />
            </Grid>
            <Grid size={4}>
              <TextField
                select
                fullWidth
                label={t("fields.areaCode")}
                value={form.areaCode}
                onChange={(event) => set("areaCode", event.target.value as EmployeeInput["areaCode"])}
                helperText=" "
              >
                {AREA_CODES.map((code) => (
                  <MenuItem key={code} value={code}>
                    {t(`areaCodes.${code}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={8}>
              <LimitedTextField
                maxChars={11}
                fullWidth
                required
                label={t("fields.phone")}
                value={form.phone}
                onChange={(event) => set("phone", event.target.value)}
                error={Boolean(message("phone") || message("areaCode"))}
                helperText={message("phone") || message("areaCode") || " "}
                slotProps={{ htmlInput: { inputMode: "numeric" } }}
              />
            </Grid>
            <Grid size={6}>
              <TextField
                select
                fullWidth
                required
                label={t("fields.position")}
                value={form.position}
                onChange={(event) => set("position", event.target.value as EmployeeInput["position"])}
                error={Boolean(message("position"))}
                helperText={message("position") || " "}
              >
                {POSITIONS.map((position) => (
                  <MenuItem key={position} value={position}>
                    {t(`positions.${position}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={6}>
              <TextField
                select
                fullWidth
                label={t("fields.skillLevel")}
                value={form.skillLevel}
                onChange={(event) => set("skillLevel", event.target.value as EmployeeInput["skillLevel"])}
                helperText=" "
              >
                <MenuItem value="">{t("none")}</MenuItem>
                {SKILL_LEVELS.map((level) => (
                  <MenuItem key={level} value={level}>
                    {t(`skillLevels.${level}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={6}>
              <DateField
                fullWidth
                required
                label={t("fields.hireDate")}
                value={form.hireDate ?? ""}
                onChange={(value) => set("hireDate", value || null)}
                error={Boolean(message("hireDate"))}
                helperText={message("hireDate") || " "}
                maxDate={today}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
