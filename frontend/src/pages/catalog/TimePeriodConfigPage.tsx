import AddIcon from "@mui/icons-material/Add";
import SaveIcon from "@mui/icons-material/Save";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { catalogKeys, saveTimePeriods, useTimePeriods } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { DetailError, Loading } from "../../components/feedback";
import { PageFrame } from "./parts";
import { blankRow, periodProblems, periodsToSave, rowsFrom, type PeriodProblem, type PeriodRow } from "./periods";
import { TimeField } from "../../components/dates/TimeField";
import { RemoveButton } from "../../components/RemoveButton";

const EVERY_DAY = "every";
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** /timeperiodConfig (DWGL-0003): the acting store's bookable slots, edited as one table. */
export function TimePeriodConfigPage() {
  const { t } = useTranslation("catalog");
  const queryClient = useQueryClient();
  const periods = useTimePeriods();
  const [rows, setRows] = useState<PeriodRow[] | null>(null);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);

  // The table starts from the loaded periods once; set while rendering, not in an effect.
  if (periods.data && rows === null) setRows(rowsFrom(periods.data));

  const save = useMutation({
    mutationFn: saveTimePeriods,
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogKeys.timePeriods(), saved);
      setRows(rowsFrom(saved));
      setChecked(false);
      setServerErrors([]);
    },
    onError: (failure) => {
      if (failure instanceof ApiError) {
        const messages = Object.values(failure.fields).flat();
        setServerErrors(messages.length > 0 ? messages : [failure.message]);
      }
    },
  });

  const current = rows ?? [];
  const problems = periodProblems(current);
  const shown = checked ? problems : [];
  const problemText = (problem: PeriodProblem) => t(`periods.errors.${problem.kind}`, problem);
  const rowHasProblem = (index: number, kinds: PeriodProblem["kind"][]) =>
    shown.some((problem) => problem.row === index && kinds.includes(problem.kind));

  const update = (key: string, change: Partial<PeriodRow>) =>
    setRows((value) => (value ?? []).map((row) => (row.key === key ? { ...row, ...change } : row)));

  const submit = () => {
    setChecked(true);
    setServerErrors([]);
    if (problems.length > 0) return;
    save.mutate(periodsToSave(current));
  };

  return (
    <PageFrame title={t("periods.title")}>
      {periods.isPending ? (
        <Loading />
      ) : periods.isError ? (
        <DetailError message={periods.error.message} onRetry={() => void periods.refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t("periods.hint")}
          </Typography>
          {shown.length > 0 || serverErrors.length > 0 ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {[...shown.map(problemText), ...serverErrors].map((text) => (
                <div key={text}>{text}</div>
              ))}
            </Alert>
          ) : null}
          <TableContainer>
            <Table size="small" aria-label={t("periods.title")}>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>{t("periods.weekday")}</TableCell>
                  <TableCell>{t("periods.start")}</TableCell>
                  <TableCell>{t("periods.end")}</TableCell>
                  <TableCell>{t("periods.capacity")}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {current.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <Typography color="text.secondary">{t("periods.empty")}</Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  current.map((row, index) => (
                    <TableRow key={row.key}>
                      <TableCell>{index + 1}</TableCell>
                      <TableCell>
                        <TextField
                          select
                          size="small"
                          sx={{ minWidth: 140 }}
                          value={row.weekday === null ? EVERY_DAY : String(row.weekday)}
                          onChange={(event) =>
                            update(row.key, {
                              weekday: event.target.value === EVERY_DAY ? null : Number(event.target.value),
                            })
                          }
                          slotProps={{ htmlInput: { "aria-label": t("periods.weekdayOf", { n: index + 1 }) } }}
                          error={rowHasProblem(index, ["overlap"])}
                        >
                          <MenuItem value={EVERY_DAY}>{t("periods.everyDay")}</MenuItem>
                          {WEEKDAYS.map((day) => (
                            <MenuItem key={day} value={String(day)}>
                              {t(`periods.weekdays.${day}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                      </TableCell>
                      <TableCell>
                        <TimeField
                          size="small"
                          value={row.start}
                          onChange={(value) => update(row.key, { start: value })}
                          ariaLabel={t("periods.startOf", { n: index + 1 })}
                          error={rowHasProblem(index, ["time", "endBeforeStart", "overlap"])}
                        />
                      </TableCell>
                      <TableCell>
                        <TimeField
                          size="small"
                          value={row.end}
                          onChange={(value) => update(row.key, { end: value })}
                          ariaLabel={t("periods.endOf", { n: index + 1 })}
                          error={rowHasProblem(index, ["time", "endBeforeStart", "overlap"])}
                        />
                      </TableCell>
                      <TableCell>
                        <TextField
                          type="number"
                          size="small"
                          sx={{ width: 100 }}
                          value={row.capacity}
                          onChange={(event) => update(row.key, { capacity: event.target.value })}
                          slotProps={{
                            htmlInput: { min: 1, step: 1, "aria-label": t("periods.capacityOf", { n: index + 1 }) },
                          }}
                          error={rowHasProblem(index, ["capacity"])}
                        />
                      </TableCell>
                      <TableCell>
                        <RemoveButton
                          label={t("periods.remove", { n: index + 1 })}
                          onClick={() => setRows((value) => (value ?? []).filter((item) => item.key !== row.key))}
                        />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button
              startIcon={<AddIcon />}
              onClick={() => setRows((value) => [...(value ?? []), blankRow(value ?? [])])}
            >
              {t("periods.add")}
            </Button>
            <Button variant="contained" startIcon={<SaveIcon />} disabled={save.isPending} onClick={submit}>
              {t("save")}
            </Button>
            <Button
              disabled={save.isPending}
              onClick={() => {
                setRows(rowsFrom(periods.data ?? []));
                setChecked(false);
                setServerErrors([]);
              }}
            >
              {t("periods.undo")}
            </Button>
          </Stack>
        </Paper>
      )}
    </PageFrame>
  );
}

mountIsland(<TimePeriodConfigPage />);
