import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { useNewRuleVersion, type RuleKind, type RuleVersionInput } from "../../api/settlement";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DateField } from "../../components/dates/DateField";
import { FormDialog } from "../../components/FormDialog";
import { LimitedTextField } from "../../components/LimitedTextField";
import { useSubmissionKey } from "../../lib/submissionKey";
import { NOTE_MAX, ruleBody, ruleProblems, type RuleDraft, type RuleProblems } from "./checks";
import { NS } from "./grid";

/** A new version of one kind's rule: the kind fixed, a start no earlier than `earliest` (tomorrow),
 * the share and the gift ratio as percentages from 0 to 100, a note; checked here, then confirmed
 * (a saved version never changes), then sent. */
export function RuleVersionDialog({
  kind,
  earliest,
  onClose,
}: {
  kind: RuleKind;
  earliest: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState<RuleDraft>({
    effectiveFrom: earliest,
    share: kind.current.share,
    giftRatio: kind.current.giftRatio,
    note: "",
  });
  const [problems, setProblems] = useState<RuleProblems>({});
  const [confirming, setConfirming] = useState(false);
  // "adjustment" has no rule: the rules answer lists only the kinds a rule is set for.
  const body = ruleBody(kind.kind as RuleVersionInput["kind"], draft);
  const submission = useSubmissionKey(body);
  const saved = useNewRuleVersion(() => {
    submission.renew();
    onClose();
  });
  const serverFields = saved.error instanceof ApiError ? saved.error.fields : {};
  const update = (patch: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const problem = (field: keyof RuleDraft) =>
    problems[field]
      ? t(`errors.${problems[field]}`, { day: earliest, max: NOTE_MAX })
      : (serverFields[field]?.[0] ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = ruleProblems(draft, earliest);
    setProblems(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  return (
    <>
      <FormDialog
        title={t("rules.dialogTitle", { kind: kind.kindName })}
        maxWidth="sm"
        onClose={onClose}
        onSubmit={submit}
        saving={saved.isPending}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField size="small" label={t("fields.kind")} value={kind.kindName} disabled />
          <DateField
            size="small"
            label={t("fields.effectiveFrom")}
            value={draft.effectiveFrom}
            minDate={earliest}
            onChange={(value) => update({ effectiveFrom: value })}
            error={Boolean(problem("effectiveFrom"))}
            helperText={problem("effectiveFrom") || t("rules.earliest", { day: earliest })}
            required
            inputProps={{ "data-testid": "rule-from" }}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              size="small"
              fullWidth
              label={t("fields.sharePercent")}
              value={draft.share}
              onChange={(event) => update({ share: event.target.value })}
              error={Boolean(problem("share"))}
              helperText={problem("share") || t("rules.shareHelp")}
              required
              slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "rule-share" } }}
            />
            <TextField
              size="small"
              fullWidth
              label={t("fields.giftRatioPercent")}
              value={draft.giftRatio}
              onChange={(event) => update({ giftRatio: event.target.value })}
              error={Boolean(problem("giftRatio"))}
              helperText={problem("giftRatio") || t("rules.giftHelp")}
              required
              slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "rule-gift" } }}
            />
          </Stack>
          <LimitedTextField
            size="small"
            maxChars={NOTE_MAX}
            label={t("fields.note")}
            value={draft.note}
            onChange={(event) => update({ note: event.target.value })}
            error={Boolean(serverFields.note)}
            helperText={serverFields.note?.[0]}
            slotProps={{ htmlInput: { "data-testid": "rule-note" } }}
          />
          {saved.error instanceof ApiError && Object.keys(serverFields).length === 0 ? (
            <Alert severity="error" data-testid="rule-error">
              {saved.error.message}
            </Alert>
          ) : null}
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        title={t("rules.confirmTitle")}
        message={t("rules.confirm", {
          kind: kind.kindName,
          day: draft.effectiveFrom,
          share: draft.share.trim(),
          gift: draft.giftRatio.trim(),
        })}
        busy={saved.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => saved.mutate({ body, key: submission.key }, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
