import Autocomplete from "@mui/material/Autocomplete";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMasterList, type MasterKind } from "../../api/master";
import { searchIntroducers, type MemberFile } from "../../api/members";
import { formatPhone } from "../../lib/phone";
import { DateField } from "../dates/DateField";
import { LimitedTextField } from "../LimitedTextField";
import { LabelSelect } from "./LabelSelect";
import { CODE_MAX, MEMBER_NAME_MAX, MEMBER_REMARK_MAX, type MemberForm } from "./rules";
import type { MemberFormState } from "./useMemberForm";
import { AreaCodeSelect } from "./AreaCodeSelect";

/* The sections of the member form (MemberFormDialog); the state is useMemberForm's. Each section is a
 * run of cells in the form's one grid. */

/** Who the member is: name, phone (an edit keeps the one on file unless a new one is typed), gender,
 * birthday, where they came from, and the codes of other systems. */
export function MemberIdentityCells({ state, member }: { state: MemberFormState; member?: MemberFile }) {
  const { t } = useTranslation("members");
  const { form, set, message, helper, today, editing } = state;
  const phoneMessage = message("phone") || message("areaCode");
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LimitedTextField
          maxChars={MEMBER_NAME_MAX}
          fullWidth
          required
          label={t("fields.name")}
          value={form.name}
          onChange={(event) => set("name", event.target.value)}
          error={Boolean(message("name"))}
          helperText={helper("name")}
        />
      </Grid>
      <Grid size={{ xs: 4, sm: 2 }}>
        <AreaCodeSelect
          fullWidth
          label={t("fields.areaCode")}
          value={form.areaCode}
          onChange={(code) => set("areaCode", code)}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 8, sm: 4 }}>
        <LimitedTextField
          maxChars={11}
          fullWidth
          required={!editing}
          label={t("fields.phone")}
          value={form.phone}
          onChange={(event) => set("phone", event.target.value.trim())}
          error={Boolean(phoneMessage)}
          helperText={
            phoneMessage || (member ? t("form.keepPhone", { phone: formatPhone(member.areaCode, member.phone) }) : " ")
          }
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <MasterSelect
          kind="gender"
          label={t("fields.gender")}
          value={form.gender}
          onChange={(value) => set("gender", value)}
          error={message("gender")}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <DateField
          fullWidth
          label={t("fields.birthday")}
          value={form.birthday}
          onChange={(value) => set("birthday", value)}
          error={Boolean(message("birthday"))}
          helperText={helper("birthday")}
          maxDate={today}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <MasterSelect
          kind="memSource"
          label={t("fields.source")}
          value={form.source}
          onChange={(value) => set("source", value)}
          error={message("source")}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 6 }}>
        <LimitedTextField
          maxChars={CODE_MAX}
          fullWidth
          label={t("fields.crmCode")}
          value={form.crmCode}
          onChange={(event) => set("crmCode", event.target.value)}
          error={Boolean(message("crmCode"))}
          helperText={helper("crmCode")}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 6 }}>
        <LimitedTextField
          maxChars={CODE_MAX}
          fullWidth
          label={t("fields.cardNo")}
          value={form.cardNo}
          onChange={(event) => set("cardNo", event.target.value)}
          error={Boolean(message("cardNo"))}
          helperText={helper("cardNo")}
        />
      </Grid>
    </>
  );
}

/** About the member: work, income, education, family, who introduced them, labels, remark, and
 * whether they take text messages. */
export function MemberProfileCells({ state, member }: { state: MemberFormState; member?: MemberFile }) {
  const { t } = useTranslation("members");
  const { form, set, message, helper } = state;
  return (
    <>
      <Grid size={{ xs: 6, sm: 3 }}>
        <MasterSelect
          kind="occupation"
          label={t("fields.occupation")}
          value={form.occupation}
          onChange={(value) => set("occupation", value)}
          error={message("occupation")}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 3 }}>
        <MasterSelect
          kind="income"
          label={t("fields.income")}
          value={form.income}
          onChange={(value) => set("income", value)}
          error={message("income")}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 3 }}>
        <MasterSelect
          kind="staffEducation"
          label={t("fields.education")}
          value={form.education}
          onChange={(value) => set("education", value)}
          error={message("education")}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 3 }}>
        <MasterSelect
          kind="maritalStatus"
          label={t("fields.maritalStatus")}
          value={form.maritalStatus}
          onChange={(value) => set("maritalStatus", value)}
          error={message("maritalStatus")}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <IntroducerField
          value={form.introducer}
          excludeId={member?.memId ?? null}
          onChange={(value) => set("introducer", value)}
          error={message("introducer")}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LabelSelect
          value={form.labels}
          onChange={(ids) => set("labels", ids)}
          error={Boolean(message("labels"))}
          helperText={helper("labels")}
        />
      </Grid>
      <Grid size={12}>
        <LimitedTextField
          maxChars={MEMBER_REMARK_MAX}
          fullWidth
          multiline
          minRows={2}
          label={t("fields.remark")}
          value={form.remark}
          onChange={(event) => set("remark", event.target.value)}
          error={Boolean(message("remark"))}
          helperText={helper("remark")}
        />
      </Grid>
      <Grid size={12}>
        <FormControlLabel
          control={<Switch checked={form.smsConsent} onChange={(event) => set("smsConsent", event.target.checked)} />}
          label={t("fields.smsConsent")}
        />
      </Grid>
    </>
  );
}

/** A master-list choice; "" is "none". */
function MasterSelect({
  kind,
  label,
  value,
  onChange,
  error,
}: {
  kind: MasterKind;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string;
}) {
  const { t } = useTranslation("members");
  const list = useMasterList(kind);
  const items = list.data ?? [];
  // A code on file that the list no longer has still shows (as its code) instead of a blank.
  const known = value === "" || items.some((item) => item.code === value);
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error || " "}
    >
      <MenuItem value="">{t("none")}</MenuItem>
      {items.map((item) => (
        <MenuItem key={item.code} value={item.code}>
          {item.name}
        </MenuItem>
      ))}
      {known ? null : <MenuItem value={value}>{value}</MenuItem>}
    </TextField>
  );
}

type Introducer = { memId: number; name: string; phone?: string; areaCode?: string };

/** The introducer: candidates from GET /rest/member/searchIntro as the person types. */
function IntroducerField({
  value,
  excludeId,
  onChange,
  error,
}: {
  value: MemberForm["introducer"];
  excludeId: number | null;
  onChange: (value: MemberForm["introducer"]) => void;
  error: string;
}) {
  const { t } = useTranslation("members");
  const [text, setText] = useState("");
  const [keyword, setKeyword] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const candidates = useQuery({
    queryKey: ["members", "intro", keyword],
    queryFn: () => searchIntroducers(keyword),
    enabled: keyword.length > 0,
  });
  const options: Introducer[] = (candidates.data ?? []).filter((row) => row.memId !== excludeId);
  return (
    <Autocomplete<Introducer>
      value={value}
      options={value && !options.some((option) => option.memId === value.memId) ? [value, ...options] : options}
      filterOptions={(all) => all}
      getOptionLabel={(option) =>
        option.phone ? `${option.name} ${formatPhone(option.areaCode ?? "", option.phone)}` : option.name
      }
      isOptionEqualToValue={(option, chosen) => option.memId === chosen.memId}
      onChange={(_event, chosen) => onChange(chosen ? { memId: chosen.memId, name: chosen.name } : null)}
      onInputChange={(_event, typed, reason) => {
        if (reason === "input") setText(typed);
      }}
      loading={candidates.isFetching}
      noOptionsText={t("form.noIntroducer")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("fields.introducer")}
          error={Boolean(error)}
          helperText={error || t("form.introducerHint")}
        />
      )}
    />
  );
}
