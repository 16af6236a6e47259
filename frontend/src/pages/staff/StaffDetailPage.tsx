import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { closeDuration, saveDuration, staffKeys, useEmployee, type EmployeeDetail } from "../../api/staff";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, Meta, PageFrame } from "../../components/layout";
import { EmployeeFormDialog } from "./EmployeeFormDialog";
import { LeaveDialog } from "./LeaveDialog";
import { durationMinutesError, employeeInputFrom } from "./rules";
import { LimitedTextField } from "../../components/LimitedTextField";
import { tooLong } from "../../lib/limits";
import { formatPhone } from "../../lib/phone";

const LIST_ROUTE = "/staffList";

interface StaffDetailPageProps {
  search?: string;
}

/** /staffDetail?id= (YGGL-PAG-0002-0100): one employee, editing, leaving and service durations. */
export function StaffDetailPage({ search = window.location.search }: StaffDetailPageProps) {
  const { t } = useTranslation("staff");
  const [id] = useState(() => idFromSearch(search));
  const detail = useEmployee(id);
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState(false);

  return (
    <PageFrame title={t("detail.title")}>
      <BackLink href={LIST_ROUTE}>{t("detail.back")}</BackLink>
      {id === null ? (
        <Alert severity="warning">{t("detail.notFound")}</Alert>
      ) : detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <DetailError
          message={detailFailure(detail.error, t("detail.notFound"))}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <Stack spacing={2}>
          <EmployeeFacts employee={detail.data} onEdit={() => setEditing(true)} onLeave={() => setLeaving(true)} />
          <Durations employee={detail.data} />
          {editing ? (
            <EmployeeFormDialog open initial={employeeInputFrom(detail.data)} onClose={() => setEditing(false)} />
          ) : null}
          {leaving ? <LeaveDialog employee={detail.data} onClose={() => setLeaving(false)} /> : null}
        </Stack>
      )}
    </PageFrame>
  );
}

function EmployeeFacts({
  employee,
  onEdit,
  onLeave,
}: {
  employee: EmployeeDetail;
  onEdit: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation("staff");
  const active = employee.status === "active";
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap" }}>
        <Typography variant="h6" component="h2">
          {employee.name}
        </Typography>
        <Chip size="small" color={active ? "success" : "default"} label={employee.statusName} />
        <Box sx={{ flexGrow: 1 }} />
        {active ? (
          <>
            <Button variant="outlined" onClick={onEdit}>
              {t("detail.edit")}
            </Button>
            <Button color="error" onClick={onLeave}>
              {t("leave.action")}
            </Button>
          </>
        ) : null}
      </Stack>
      <Box component="dl" sx={{ display: "grid", rowGap: 1, m: 0 }}>
        <Meta label={t("fields.phone")}>{formatPhone(employee.areaCode, employee.phone)}</Meta>
        <Meta label={t("fields.position")}>{employee.positionName}</Meta>
        <Meta label={t("fields.skillLevel")}>{employee.skillLevelName || "—"}</Meta>
        <Meta label={t("fields.hireDate")}>{employee.hireDate}</Meta>
        {employee.leftDate ? <Meta label={t("fields.leftDate")}>{employee.leftDate}</Meta> : null}
        <Meta label={t("fields.store")}>{employee.storeName}</Meta>
        <Meta label={t("fields.account")}>{employee.userAccount || "—"}</Meta>
        <Meta label={t("fields.roles")}>{employee.roles.length ? employee.roles.join(", ") : "—"}</Meta>
      </Box>
    </Paper>
  );
}

function Durations({ employee }: { employee: EmployeeDetail }) {
  const { t } = useTranslation("staff");
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<"category" | "project">("category");
  const [target, setTarget] = useState("");
  const [minutes, setMinutes] = useState("60");
  const [error, setError] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKeys.detail(employee.id) });
  const save = useMutation({
    mutationFn: () =>
      saveDuration({
        employeeId: employee.id,
        projectId: kind === "project" ? Number(target) : null,
        category: kind === "category" ? target.trim() : "",
        minutes: Number(minutes),
      }),
    onSuccess: async () => {
      setTarget("");
      await refresh();
    },
    onError: (failure) => {
      if (failure instanceof ApiError) setError(Object.values(failure.fields)[0]?.[0] ?? failure.message);
    },
  });
  const close = useMutation({ mutationFn: closeDuration, onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong(target, 50)) return;
    const invalidTarget = kind === "project" ? !/^[1-9]\d*$/.test(target.trim()) : target.trim() === "";
    const found = invalidTarget ? "errors.durationTarget" : durationMinutesError(minutes);
    setError(found ? t(found) : "");
    if (!found) save.mutate();
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="durations-title">
      <Typography id="durations-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("durations.title")}
      </Typography>
      {employee.durations.length === 0 ? (
        <Typography color="text.secondary">{t("durations.empty")}</Typography>
      ) : (
        <Table size="small" aria-label={t("durations.title")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("durations.item")}</TableCell>
              <TableCell align="right">{t("durations.minutes")}</TableCell>
              <TableCell align="right">{t("list.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {employee.durations.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  {row.projectId !== null ? t("durations.project", { id: row.projectId }) : row.category}
                </TableCell>
                <TableCell align="right">{row.minutes}</TableCell>
                <TableCell align="right">
                  <Button size="small" disabled={close.isPending} onClick={() => close.mutate(row.id)}>
                    {t("durations.close")}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {employee.status === "active" ? (
        <Box component="form" noValidate onSubmit={submit} aria-label={t("durations.add")} sx={{ mt: 2 }}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", alignItems: "flex-start", rowGap: 2 }}>
            <TextField
              select
              size="small"
              label={t("durations.kind")}
              value={kind}
              onChange={(event) => setKind(event.target.value === "project" ? "project" : "category")}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="category">{t("durations.byCategory")}</MenuItem>
              <MenuItem value="project">{t("durations.byProject")}</MenuItem>
            </TextField>
            <LimitedTextField
              maxChars={50}
              size="small"
              label={kind === "project" ? t("durations.projectId") : t("durations.category")}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            />
            <TextField
              size="small"
              type="number"
              label={t("durations.minutes")}
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 600 } }}
              sx={{ width: 120 }}
            />
            <Button type="submit" variant="outlined" disabled={save.isPending}>
              {t("durations.save")}
            </Button>
          </Stack>
          {error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}

mountIsland(<StaffDetailPage />);
