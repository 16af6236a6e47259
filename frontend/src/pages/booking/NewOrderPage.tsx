import PersonSearchIcon from "@mui/icons-material/PersonSearch";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Paper,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useFormDraft } from "../../lib/formDraft";
import { useTranslation } from "react-i18next";
import { MEMBER_AREA_CODES, type MemberAreaCode, type MemberRow } from "../../api/members";
import { currentSession, hasButtonCode } from "../../api/session";
import { MemberSearchDialog } from "../../components/members/MemberSearchDialog";
import { formatMemberPhone } from "../../components/members/rules";
import { mountIsland } from "../../islands/mount";
import { ConfirmDialog } from "../../shell/ConfirmDialog";
import { notify } from "../../shell/notices";
import { PageFrame } from "../../components/layout";
import { DetailError, Loading } from "../../components/feedback";
import { BackLink } from "../../components/layout";
import {
  BTN_FORCE_UPDATE,
  bookingApi,
  conflictProblems,
  useAccountInfo,
  useBoard,
  useBookableProjects,
  useCheck,
  useDuration,
  useNurseOptions,
  useReservationDetail,
  useSources,
  type Problem,
  type ReservationBody,
} from "../../api/booking";
import { ProblemList } from "./parts";
import {
  DURATION_MAX,
  DURATION_MIN,
  NAME_MAX,
  REMARK_MAX,
  boardHref,
  draftBody,
  draftErrors,
  draftFromReservation,
  draftFromSearch,
  formatDateTime,
  freeSlots,
  hm,
  isIsoDate,
  todayInStore,
  type Draft,
  type DraftField,
} from "./rules";

export interface NewOrderPageProps {
  search?: string;
  navigate?: (url: string) => void;
}

function idFromSearch(search: string): number | null {
  const id = Number(new URLSearchParams(search).get("id"));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /newOrder (ERP-YUKB-PAG-0001-0000): book for a member or a walk-in; /newOrder?id= edits,
 * ?nurseId=&start= (from an empty cell of the board) prefills. The check result shows before saving;
 * a conflict (RES-51021) shows its problems, and a role with BTN-YUKB-FORCE-UPDATE may save anyway. */
export function NewOrderPage({
  search = window.location.search,
  navigate = (url) => window.location.assign(url),
}: NewOrderPageProps) {
  const { t } = useTranslation("booking");
  const [id] = useState(() => idFromSearch(search));
  const [initial] = useState(() => draftFromSearch(search, todayInStore()));
  const detail = useReservationDetail(id);

  const title = id === null ? t("form.newTitle") : t("form.editTitle");
  return (
    <PageFrame wide title={title}>
      <BackLink href={boardHref(initial.date)}>{t("form.back")}</BackLink>
      {id === null ? (
        <OrderForm initial={initial} maskedPhone="" navigate={navigate} />
      ) : detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <DetailError message={detail.error.message} onRetry={() => void detail.refetch()} />
      ) : (
        <OrderForm initial={draftFromReservation(detail.data)} maskedPhone={detail.data.phone} navigate={navigate} />
      )}
    </PageFrame>
  );
}

function OrderForm({
  initial,
  maskedPhone,
  navigate,
}: {
  initial: Draft;
  maskedPhone: string;
  navigate: (url: string) => void;
}) {
  const { t, i18n } = useTranslation("booking");
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  const [canForce] = useState(() => hasButtonCode(BTN_FORCE_UPDATE));
  const [draft, setDraft] = useState<Draft>(initial);
  const [member, setMember] = useState<MemberRow | null>(null);
  const [finding, setFinding] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [saveProblems, setSaveProblems] = useState<Problem[] | null>(null);
  const [saveError, setSaveError] = useState("");
  const [askForce, setAskForce] = useState(false);
  // The duration follows the projects and nurse until the person types one; editing keeps the saved one.
  const [durationKey, setDurationKey] = useState(() =>
    initial.id === null ? "" : JSON.stringify([initial.projectIds, initial.nurseId]),
  );

  // What was typed survives a session that ends meanwhile (lib/formDraft.ts), the duration as typed.
  const kept = useFormDraft("reservation", draft, (restored: Draft) => {
    setDraft(restored);
    setDurationKey(JSON.stringify([restored.projectIds, restored.nurseId]));
  });

  const projects = useBookableProjects(storeId);
  const nurses = useNurseOptions(isIsoDate(draft.date) ? draft.date : "");
  const sources = useSources();
  const account = useAccountInfo(draft.kind === "member" ? draft.memId : null);
  const board = useBoard(isIsoDate(draft.date) ? draft.date : "", false);
  const duration = useDuration(draft.projectIds, draft.nurseId);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setSaveProblems(null);
    setSaveError("");
  };

  // The suggested duration fills the field once per choice of projects and nurse: adjusted while
  // rendering (React's pattern for state that follows other state), not in an effect.
  const currentKey = JSON.stringify([draft.projectIds, draft.nurseId]);
  if (duration.data && durationKey !== currentKey) {
    const minutes = duration.data.minutes;
    setDurationKey(currentKey);
    setDraft((previous) => ({ ...previous, duration: String(minutes) }));
  }

  const errors = draftErrors(draft);
  const body = draftBody(draft);
  // The check's key is structural (react-query hashes it), so rebuilding the body each render is
  // fine; the remark does not matter to the check.
  const checkBody: ReservationBody | null = body ? { ...body, remark: undefined } : null;
  const check = useCheck(checkBody);

  const minutes =
    Number(draft.duration) ||
    draft.projectIds.reduce(
      (sum, projectId) => sum + (projects.data?.find((p) => p.id === projectId)?.duration ?? 0),
      0,
    ) ||
    15;
  const slots = board.data
    ? freeSlots({ board: board.data, nurseId: draft.nurseId, duration: minutes, excludeId: draft.id })
    : [];

  const done = (date: string) => navigate(boardHref(date));
  const save = useMutation({
    mutationFn: (payload: ReservationBody) => bookingApi.save(payload),
    onSuccess: () => {
      kept.discard();
      done(draft.date);
    },
    onError: (error) => {
      const problems = conflictProblems(error);
      if (problems) setSaveProblems(problems);
      else setSaveError(error.message);
    },
  });
  const force = useMutation({
    mutationFn: (payload: ReservationBody) => bookingApi.force(payload),
    onSuccess: () => {
      kept.discard();
      notify("success", t("form.savedAnyway"));
      done(draft.date);
    },
    onError: (error) => {
      setAskForce(false);
      const problems = conflictProblems(error);
      if (problems) setSaveProblems(problems);
      else {
        setSaveError(error.message);
        notify("error", error.message, { durationMs: 4000 });
      }
    },
  });

  const submit = () => {
    setSubmitted(true);
    setSaveProblems(null);
    setSaveError("");
    if (body) save.mutate(body);
  };
  const fieldError = (field: DraftField) => (submitted && errors[field] ? t(errors[field] as string) : "");
  const checkProblems = check.data && !check.data.ok ? check.data.problems : null;
  const offerForce = canForce && body !== null && (saveProblems !== null || checkProblems !== null);
  const busy = save.isPending || force.isPending;

  const chooseMember = (row: MemberRow) => {
    setMember(row);
    setDraft((previous) => ({ ...previous, kind: "member", memId: row.memId }));
    setSaveProblems(null);
  };

  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label={t("form.newTitle")}
    >
      <Section title={t("form.customer")}>
        <RadioGroup
          row
          value={draft.kind}
          onChange={(event) => set("kind", event.target.value as Draft["kind"])}
          aria-label={t("form.customer")}
        >
          <FormControlLabel value="member" control={<Radio />} label={t("form.member")} />
          <FormControlLabel value="walkIn" control={<Radio />} label={t("form.walkIn")} />
        </RadioGroup>
        {draft.kind === "member" ? (
          <Stack spacing={1}>
            <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
              <Button
                variant="outlined"
                startIcon={<PersonSearchIcon />}
                onClick={() => setFinding(true)}
                data-testid="find-member"
              >
                {draft.memId === null ? t("form.findMember") : t("form.changeMember")}
              </Button>
              {draft.memId !== null ? (
                <Typography data-testid="selected-member">
                  <strong>{member?.name ?? account.data?.name ?? ""}</strong>{" "}
                  {formatMemberPhone(member?.areaCode ?? "0086", member?.phone ?? account.data?.phone ?? "")}
                </Typography>
              ) : null}
            </Stack>
            {fieldError("customer") ? <FormHelperText error>{fieldError("customer")}</FormHelperText> : null}
            {draft.memId !== null ? (
              account.isPending ? (
                <CircularProgress size={18} />
              ) : account.data ? (
                <Box data-testid="member-summary" sx={{ bgcolor: "grey.50", p: 1.5, borderRadius: 1 }}>
                  <Typography variant="body2">
                    {t("form.points")}: {account.data.points} · {t("form.lastVisit")}:{" "}
                    {formatDateTime(account.data.lastVisitAt, i18n.language)}
                  </Typography>
                  {account.data.labels.length ? (
                    <Stack direction="row" sx={{ gap: 0.5, mt: 0.5, flexWrap: "wrap" }}>
                      {account.data.labels.map((label) => (
                        <Chip key={label.id} size="small" label={label.name} />
                      ))}
                    </Stack>
                  ) : null}
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {account.data.upcoming.length
                      ? t("form.upcoming", {
                          list: account.data.upcoming
                            .map(
                              (item) =>
                                `${formatDateTime(item.startTime, i18n.language)} ${item.projects.map((p) => p.name).join(", ")}`,
                            )
                            .join("; "),
                        })
                      : t("form.noUpcoming")}
                  </Typography>
                </Box>
              ) : null
            ) : null}
          </Stack>
        ) : (
          <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2 }}>
            <TextField
              size="small"
              required
              label={t("fields.name")}
              value={draft.name}
              onChange={(event) => set("name", event.target.value)}
              error={Boolean(fieldError("name"))}
              helperText={fieldError("name") || " "}
              slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            />
            <TextField
              select
              size="small"
              label={t("fields.areaCode")}
              value={draft.areaCode}
              onChange={(event) => set("areaCode", event.target.value as MemberAreaCode)}
              sx={{ minWidth: 140 }}
              helperText=" "
            >
              {MEMBER_AREA_CODES.map((code) => (
                <MenuItem key={code} value={code}>
                  {t(`areaCodes.${code}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              required={!draft.keepPhone}
              label={t("fields.phone")}
              value={draft.phone}
              onChange={(event) => set("phone", event.target.value.trim())}
              error={Boolean(fieldError("phone"))}
              helperText={fieldError("phone") || (draft.keepPhone ? t("form.keepPhone", { phone: maskedPhone }) : " ")}
              slotProps={{ htmlInput: { maxLength: 11, inputMode: "numeric" } }}
            />
          </Stack>
        )}
      </Section>

      <Section title={t("form.service")}>
        <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2 }}>
          <FormControl size="small" sx={{ minWidth: 280 }} error={Boolean(fieldError("projects"))} required>
            <InputLabel id="booking-projects-label">{t("fields.projects")}</InputLabel>
            <Select
              multiple
              labelId="booking-projects-label"
              input={<OutlinedInput label={t("fields.projects")} />}
              value={draft.projectIds}
              onChange={(event) => set("projectIds", (event.target.value as unknown as number[]).map(Number))}
              renderValue={(selected) =>
                selected
                  .map(
                    (projectId) => projects.data?.find((project) => project.id === projectId)?.name ?? `#${projectId}`,
                  )
                  .join(", ")
              }
            >
              {(projects.data ?? []).map((project) => (
                <MenuItem key={project.id} value={project.id}>
                  <Checkbox size="small" checked={draft.projectIds.includes(project.id)} />
                  <ListItemText
                    primary={project.name}
                    secondary={`${project.categoryName ? `${project.categoryName} · ` : ""}${t("minutes", { count: project.duration })}`}
                  />
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>
              {fieldError("projects") || (projects.isError ? projects.error.message : " ")}
            </FormHelperText>
          </FormControl>
          <TextField
            select
            size="small"
            label={t("fields.nurse")}
            value={draft.nurseId === null ? "any" : String(draft.nurseId)}
            onChange={(event) => set("nurseId", event.target.value === "any" ? null : Number(event.target.value))}
            sx={{ minWidth: 180 }}
            helperText=" "
          >
            <MenuItem value="any">{t("board.anyNurse")}</MenuItem>
            {(nurses.data ?? []).map((nurse) => (
              <MenuItem key={nurse.id} value={String(nurse.id)}>
                {nurse.name}
              </MenuItem>
            ))}
            {/* A prefilled or saved nurse not on duty that day still shows by id. */}
            {draft.nurseId !== null && nurses.data && !nurses.data.some((nurse) => nurse.id === draft.nurseId) ? (
              <MenuItem value={String(draft.nurseId)}>
                {board.data?.nurses.find((nurse) => nurse.id === draft.nurseId)?.name ?? `#${draft.nurseId}`}
              </MenuItem>
            ) : null}
          </TextField>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2, mt: 1 }}>
          <TextField
            type="date"
            size="small"
            required
            label={t("fields.date")}
            value={draft.date}
            onChange={(event) => set("date", event.target.value)}
            error={Boolean(fieldError("date"))}
            helperText={fieldError("date") || " "}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="time"
            size="small"
            required
            label={t("fields.startTime")}
            value={draft.time}
            onChange={(event) => set("time", event.target.value)}
            error={Boolean(fieldError("time"))}
            helperText={fieldError("time") || " "}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
          />
          <TextField
            type="number"
            size="small"
            label={t("fields.duration")}
            value={draft.duration}
            onChange={(event) => set("duration", event.target.value)}
            error={Boolean(fieldError("duration"))}
            helperText={fieldError("duration") || t("form.durationHint", { min: DURATION_MIN, max: DURATION_MAX })}
            slotProps={{ htmlInput: { min: DURATION_MIN, max: DURATION_MAX, step: 5 } }}
            sx={{ width: 200 }}
          />
        </Stack>
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2" gutterBottom>
            {draft.nurseId === null ? t("form.freeSlotsAny") : t("form.freeSlots")}
          </Typography>
          {board.isPending && isIsoDate(draft.date) ? (
            <CircularProgress size={18} />
          ) : slots.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="no-free-slots">
              {t("form.noFreeSlots")}
            </Typography>
          ) : (
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }} data-testid="free-slots">
              {slots.map((minute) => (
                <Chip
                  key={minute}
                  size="small"
                  label={hm(minute)}
                  data-testid={`free-slot-${hm(minute)}`}
                  color={draft.time === hm(minute) ? "primary" : "default"}
                  variant={draft.time === hm(minute) ? "filled" : "outlined"}
                  onClick={() => set("time", hm(minute))}
                />
              ))}
            </Stack>
          )}
        </Box>
        <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2, mt: 2 }}>
          <TextField
            select
            size="small"
            label={t("fields.source")}
            value={draft.source}
            onChange={(event) => set("source", event.target.value)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t("form.noSource")}</MenuItem>
            {(sources.data ?? []).map((source) => (
              <MenuItem key={source.code} value={source.code}>
                {source.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            multiline
            minRows={2}
            label={t("fields.remark")}
            value={draft.remark}
            onChange={(event) => set("remark", event.target.value)}
            error={Boolean(fieldError("remark"))}
            helperText={fieldError("remark") || `${draft.remark.length}/${REMARK_MAX}`}
            slotProps={{ htmlInput: { maxLength: REMARK_MAX } }}
            sx={{ flex: "1 1 320px" }}
          />
        </Stack>
      </Section>

      <Section title={t("form.check")}>
        <Box data-testid="check-result" aria-live="polite">
          {checkBody === null ? (
            <Typography variant="body2" color="text.secondary">
              {t("form.checkIncomplete")}
            </Typography>
          ) : check.isFetching && !check.data ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <CircularProgress size={18} />
              <Typography variant="body2">{t("form.checking")}</Typography>
            </Stack>
          ) : check.isError ? (
            <Alert severity="warning">{check.error.message || t("form.checkFailed")}</Alert>
          ) : check.data?.ok ? (
            <Alert severity="success" data-testid="check-ok">
              {t("form.noConflicts")}
            </Alert>
          ) : checkProblems ? (
            <ProblemList title={t("form.checkProblems")} problems={checkProblems} testId="check-problems" />
          ) : null}
        </Box>
      </Section>

      {saveProblems ? (
        <ProblemList title={t("form.saveRefused")} problems={saveProblems} testId="save-problems" />
      ) : null}
      {saveError ? <Alert severity="error">{saveError}</Alert> : null}
      {submitted && Object.keys(errors).length > 0 ? (
        <Alert severity="warning" data-testid="form-errors">
          {t("validation.fix")}
        </Alert>
      ) : null}

      <Stack direction="row" spacing={2} sx={{ justifyContent: "flex-end" }}>
        <Button href={boardHref(initial.date)}>{t("form.cancel")}</Button>
        {offerForce ? (
          <Button
            color="warning"
            variant="outlined"
            disabled={busy}
            onClick={() => setAskForce(true)}
            data-testid="save-anyway"
          >
            {t("form.saveAnyway")}
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={busy} data-testid="save-reservation">
          {t("form.save")}
        </Button>
      </Stack>

      <MemberSearchDialog open={finding} onClose={() => setFinding(false)} onSelect={chooseMember} />
      <ConfirmDialog
        open={askForce}
        title={t("form.saveAnyway")}
        message={t("form.confirmForce")}
        busy={force.isPending}
        onCancel={() => setAskForce(false)}
        onConfirm={() => {
          if (body) force.mutate(body);
        }}
      />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

mountIsland(<NewOrderPage />);
