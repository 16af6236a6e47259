import PersonSearchIcon from "@mui/icons-material/PersonSearch";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import OutlinedInput from "@mui/material/OutlinedInput";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MEMBER_AREA_CODES, type MemberAreaCode } from "../../api/members";
import { ProblemList } from "./parts";
import {
  DURATION_MAX,
  DURATION_MIN,
  NAME_MAX,
  REMARK_MAX,
  formatDateTime,
  hm,
  isIsoDate,
  shownChoice,
  type Draft,
} from "./rules";
import type { OrderForm } from "./useOrderForm";
import { LimitedTextField } from "../../components/LimitedTextField";
import { formatPhone } from "../../lib/phone";
import { DateField } from "../../components/dates/DateField";
import { TimeField } from "../../components/dates/TimeField";

/* The sections of the reservation form (/newOrder); the state is useOrderForm's. */

/** Who the reservation is for: a member found with the search dialog, or a walk-in's name and phone
 * (an edit keeps the saved phone unless a new one is typed: `maskedPhone`). */
export function CustomerSection({ form, maskedPhone }: { form: OrderForm; maskedPhone: string }) {
  const { t } = useTranslation("booking");
  const { draft, set, member, chooseMember, phoneMember, setFinding, account, fieldError } = form;
  return (
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
                {formatPhone(member?.areaCode ?? "0086", member?.phone ?? account.data?.phone ?? "")}
              </Typography>
            ) : null}
          </Stack>
          {fieldError("customer") ? <FormHelperText error>{fieldError("customer")}</FormHelperText> : null}
          {draft.memId !== null ? <MemberSummary account={account} /> : null}
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2 }}>
          <LimitedTextField
            maxChars={NAME_MAX}
            size="small"
            required
            label={t("fields.name")}
            value={draft.name}
            onChange={(event) => set("name", event.target.value)}
            error={Boolean(fieldError("name"))}
            helperText={fieldError("name") || " "}
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
          <LimitedTextField
            maxChars={11}
            size="small"
            required={!draft.keepPhone}
            label={t("fields.phone")}
            value={draft.phone}
            onChange={(event) => set("phone", event.target.value.trim())}
            error={Boolean(fieldError("phone"))}
            helperText={fieldError("phone") || (draft.keepPhone ? t("form.keepPhone", { phone: maskedPhone }) : " ")}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
          {phoneMember ? (
            <Alert
              severity="info"
              data-testid="phone-is-member"
              sx={{ flexBasis: "100%" }}
              action={
                <Button color="inherit" size="small" onClick={() => chooseMember(phoneMember)}>
                  {t("form.bookTheMember")}
                </Button>
              }
            >
              {phoneMember.myself
                ? t("form.phoneIsMember", { name: phoneMember.name })
                : t("form.phoneIsOtherStoresMember", { name: phoneMember.name, store: phoneMember.dependencyStore })}
            </Alert>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}

/** The member's points, last visit, labels and upcoming reservations. */
function MemberSummary({ account }: { account: OrderForm["account"] }) {
  const { t } = useTranslation("booking");
  return account.isPending ? (
    <CircularProgress size={18} />
  ) : account.data ? (
    <Box data-testid="member-summary" sx={{ bgcolor: "grey.50", p: 1.5, borderRadius: 1 }}>
      <Typography variant="body2">
        {t("form.points")}: {account.data.points} · {t("form.lastVisit")}: {formatDateTime(account.data.lastVisitAt)}
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
                .map((item) => `${formatDateTime(item.startTime)} ${item.projects.map((p) => p.name).join(", ")}`)
                .join("; "),
            })
          : t("form.noUpcoming")}
      </Typography>
    </Box>
  ) : null;
}

/** What, who and when: projects, nurse, date, start, duration, the free slots, source and remark. */
export function ServiceSection({ form }: { form: OrderForm }) {
  const { t } = useTranslation("booking");
  const { draft, set, fieldError, projects, nurses, board, sources } = form;
  return (
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
                .map((projectId) => projects.data?.find((project) => project.id === projectId)?.name ?? `#${projectId}`)
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
          <FormHelperText>{fieldError("projects") || (projects.isError ? projects.error.message : " ")}</FormHelperText>
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
          {/* A prefilled or saved nurse not on duty that day (or before the list loads) still shows by id. */}
          {draft.nurseId !== null && !nurses.data?.some((nurse) => nurse.id === draft.nurseId) ? (
            <MenuItem value={String(draft.nurseId)}>
              {board.data?.nurses.find((nurse) => nurse.id === draft.nurseId)?.name ?? `#${draft.nurseId}`}
            </MenuItem>
          ) : null}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2, mt: 1 }}>
        <DateField
          size="small"
          required
          label={t("fields.date")}
          value={draft.date}
          onChange={(value) => set("date", value)}
          error={Boolean(fieldError("date"))}
          helperText={fieldError("date") || " "}
        />
        <TimeField
          size="small"
          required
          label={t("fields.startTime")}
          value={draft.time}
          onChange={(value) => set("time", value)}
          error={Boolean(fieldError("time"))}
          helperText={fieldError("time") || " "}
          minutesStep={15}
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
      <FreeSlots form={form} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2, mt: 2 }}>
        <TextField
          select
          size="small"
          label={t("fields.source")}
          value={shownChoice(draft.source, sources.data)}
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
        <LimitedTextField
          maxChars={REMARK_MAX}
          size="small"
          multiline
          minRows={2}
          label={t("fields.remark")}
          value={draft.remark}
          onChange={(event) => set("remark", event.target.value)}
          error={Boolean(fieldError("remark"))}
          helperText={fieldError("remark") || `${draft.remark.length}/${REMARK_MAX}`}
          sx={{ flex: "1 1 320px" }}
        />
      </Stack>
    </Section>
  );
}

/** The start times still free for the chosen nurse (or any nurse) and duration; a click picks one. */
function FreeSlots({ form }: { form: OrderForm }) {
  const { t } = useTranslation("booking");
  const { draft, set, board, slots } = form;
  return (
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
  );
}

/** The server's check of the draft, shown before saving. */
export function CheckSection({ form }: { form: OrderForm }) {
  const { t } = useTranslation("booking");
  const { checkBody, check, checkProblems } = form;
  return (
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
