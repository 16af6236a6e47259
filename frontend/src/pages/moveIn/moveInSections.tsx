import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useMoveInCardTypes, useMoveInProjects } from "../../api/moveIn";
import { Section } from "../../components/layout";
import { LineEditor } from "./LineEditor";
import { MAX_LINES } from "./moveInDraft";
import { ConfirmDialog, errorText } from "./parts";
import type { MoveInForm } from "./useMoveInForm";
import { AreaCodeSelect } from "../../components/members/AreaCodeSelect";

/** Whose cards move in: the saved member kept (editing), or a phone looked up, then a new member's details. */
export function MemberSection({ form }: { form: MoveInForm }) {
  const { t } = useTranslation("moveIn");
  const { moveIn, keepMember, member } = form;
  return (
    <Section title={t("fields.member")}>
      {keepMember && moveIn ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Typography>{t("member.kept", { name: moveIn.name, phone: moveIn.phone })}</Typography>
          {form.editable ? (
            <Button onClick={() => form.setKeepMember(false)}>{t("actions.changeMember")}</Button>
          ) : null}
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2 }}>
            <AreaCodeSelect
              size="small"
              label={t("fields.areaCode")}
              value={member.areaCode}
              onChange={(areaCode) => form.changeMember({ areaCode })}
              sx={{ minWidth: 120 }}
            />
            <TextField
              size="small"
              label={t("fields.phone")}
              value={member.phone}
              slotProps={{ htmlInput: { maxLength: 11, inputMode: "numeric" } }}
              onChange={(event) => form.changePhone(event.target.value)}
            />
            <Button
              variant="outlined"
              disabled={!member.phone.trim() || form.find.isPending}
              onClick={() => form.find.mutate()}
            >
              {t("actions.find")}
            </Button>
          </Stack>
          <LookupAnswer form={form} />
        </Stack>
      )}
    </Section>
  );
}

/** What the phone lookup said: the member found, or the details of a new one to enter. */
function LookupAnswer({ form }: { form: MoveInForm }) {
  const { t } = useTranslation("moveIn");
  const { lookup, name, birthday } = form.member;
  if (lookup === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t("member.findFirst")}
      </Typography>
    );
  }
  if (lookup.member) {
    return (
      <Alert severity="success">
        {t("member.found", { name: lookup.member.name, store: lookup.member.dependencyStore })}
      </Alert>
    );
  }
  return (
    <>
      <Alert severity="info">{t("member.notFound")}</Alert>
      <Stack direction="row" spacing={2}>
        <TextField
          size="small"
          label={t("fields.name")}
          value={name}
          slotProps={{ htmlInput: { maxLength: 20 } }}
          onChange={(event) => form.changeMember({ name: event.target.value })}
        />
        <TextField
          size="small"
          type="date"
          label={t("fields.birthday")}
          value={birthday}
          slotProps={{ inputLabel: { shrink: true } }}
          onChange={(event) => form.changeMember({ birthday: event.target.value })}
        />
      </Stack>
    </>
  );
}

/** Where the cards come from (brand, store) and a remark. */
export function SourceSection({ form }: { form: MoveInForm }) {
  const { t } = useTranslation("moveIn");
  const { source, changeSource } = form;
  return (
    <Section title={t("fields.sourceStore")}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2 }}>
        <TextField
          size="small"
          label={t("fields.sourceBrand")}
          value={source.sourceBrand}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          onChange={(event) => changeSource({ sourceBrand: event.target.value })}
        />
        <TextField
          size="small"
          required
          label={t("fields.sourceStore")}
          value={source.sourceStore}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          onChange={(event) => changeSource({ sourceStore: event.target.value })}
        />
        <TextField
          size="small"
          label={t("fields.remark")}
          value={source.remark}
          sx={{ minWidth: 320 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          onChange={(event) => changeSource({ remark: event.target.value })}
        />
      </Stack>
    </Section>
  );
}

/** The old cards, one editor each, and the button that adds another (up to twenty). */
export function OldCardsSection({ form }: { form: MoveInForm }) {
  const { t } = useTranslation("moveIn");
  const cardTypes = useMoveInCardTypes();
  const projects = useMoveInProjects();
  const { lines } = form;
  return (
    <Section title={t("fields.lines")}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("line.rule")}
      </Typography>
      <Stack spacing={2}>
        {lines.map((line, index) => (
          <LineEditor
            key={line.key}
            index={index}
            line={line}
            cardTypes={cardTypes.data ?? []}
            projects={projects.data ?? []}
            canRemove={lines.length > 1}
            onChange={(change) => form.changeLine(line.key, change)}
            onRemove={() => form.removeLine(line.key)}
          />
        ))}
      </Stack>
      <Button startIcon={<AddIcon />} sx={{ mt: 2 }} disabled={lines.length >= MAX_LINES} onClick={form.addLine}>
        {t("actions.addLine")}
      </Button>
    </Section>
  );
}

/** Save, and submit a saved move-in for approval once confirmed. */
export function MoveInActions({ form }: { form: MoveInForm }) {
  const { t } = useTranslation("moveIn");
  const { moveIn, save, commit } = form;
  return (
    <>
      {save.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(save.error)}
        </Alert>
      ) : null}
      {form.editable ? (
        <Stack direction="row" spacing={2}>
          <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>
            {t("actions.save")}
          </Button>
          {moveIn?.canCommit ? (
            <Button variant="outlined" disabled={save.isPending} onClick={() => form.setCommitting(true)}>
              {t("actions.commit")}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {form.committing && moveIn ? (
        <ConfirmDialog
          title={t("confirm.commitTitle", { no: moveIn.moveInNo })}
          text={t("confirm.commitText", {
            name: moveIn.name,
            lines: moveIn.lineCount,
            newValue: moveIn.newValue,
            sessions: moveIn.sessions,
          })}
          confirmLabel={t("actions.commit")}
          busy={commit.isPending}
          error={commit.error ? errorText(commit.error) : undefined}
          onConfirm={() => commit.mutate()}
          onClose={() => form.setCommitting(false)}
        />
      ) : null}
    </>
  );
}
