import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  CREDIT_KINDS,
  POSITIONS,
  TIER_MODES,
  useCreatePlan,
  useNewVersion,
  type PlanCreate,
  type PlanDetail,
} from "../../api/commission";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormDialog } from "../../components/FormDialog";
import { versionBody, versionProblems, type VersionDraft } from "./rules";

const NS = "commission";

export function emptyVersion(today: string): VersionDraft {
  return { effectiveFrom: today, tierMode: "whole", perSession: "", tiers: [{ fromAmount: "0", rate: "" }], note: "" };
}

interface PlanHead {
  name: string;
  position: PlanCreate["position"];
  kind: PlanCreate["kind"];
}

/** The form of a new version of `plan` (or, without one, of a new plan with its first version): its
 * start, the tier mode, the tiers and a fixed amount per session, checked here, then confirmed, then
 * sent. A version once saved never changes: the confirmation says so. */
export function VersionFormDialog({
  plan,
  today,
  onClose,
  onSaved,
}: {
  plan: PlanDetail | null;
  today: string;
  onClose: () => void;
  onSaved: (plan: PlanDetail) => void;
}) {
  const { t } = useTranslation(NS);
  const firstOpenDay = plan?.firstOpenDay ?? null;
  const [draft, setDraft] = useState<VersionDraft>(() =>
    emptyVersion(firstOpenDay && firstOpenDay > today ? firstOpenDay : today),
  );
  const [head, setHead] = useState<PlanHead>({ name: "", position: "nurse", kind: "service" });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const created = useCreatePlan(onSaved);
  const versioned = useNewVersion(plan?.planId ?? 0, onSaved);
  const saving = created.isPending || versioned.isPending;
  const failure = (created.error ?? versioned.error) as unknown;

  const update = (patch: Partial<VersionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setTier = (index: number, patch: Partial<VersionDraft["tiers"][number]>) =>
    update({ tiers: draft.tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = { ...versionProblems(draft, firstOpenDay) };
    if (!plan && !head.name.trim()) found.name = "nameRequired";
    setProblems(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };
  const save = () => {
    setConfirming(false);
    const version = versionBody(draft);
    if (plan) versioned.mutate(version);
    else created.mutate({ name: head.name.trim(), position: head.position, kind: head.kind, version });
  };
  const problem = (field: string) => (problems[field] ? t(`errors.${problems[field]}`, { day: firstOpenDay }) : "");
  const serverFields = failure instanceof ApiError ? failure.fields : {};

  return (
    <>
      <FormDialog
        title={plan ? t("version.title", { name: plan.name }) : t("plan.newTitle")}
        maxWidth="sm"
        onClose={onClose}
        onSubmit={submit}
        saving={saving}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          {plan ? null : (
            <>
              <TextField
                size="small"
                label={t("fields.name")}
                value={head.name}
                onChange={(event) => setHead({ ...head, name: event.target.value })}
                error={Boolean(problems.name)}
                helperText={problem("name")}
                slotProps={{ htmlInput: { maxLength: 60, "data-testid": "plan-name" } }}
              />
              <Stack direction="row" spacing={2}>
                <TextField
                  select
                  size="small"
                  fullWidth
                  label={t("fields.position")}
                  value={head.position}
                  onChange={(event) => setHead({ ...head, position: event.target.value as PlanHead["position"] })}
                >
                  {POSITIONS.map((position) => (
                    <MenuItem key={position} value={position}>
                      {t(`positions.${position}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  fullWidth
                  label={t("fields.kind")}
                  value={head.kind}
                  onChange={(event) => setHead({ ...head, kind: event.target.value as PlanHead["kind"] })}
                >
                  {CREDIT_KINDS.map((kind) => (
                    <MenuItem key={kind} value={kind}>
                      {t(`kinds.${kind}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            </>
          )}
          <Stack direction="row" spacing={2}>
            <TextField
              type="date"
              size="small"
              fullWidth
              label={t("fields.effectiveFrom")}
              value={draft.effectiveFrom}
              onChange={(event) => update({ effectiveFrom: event.target.value })}
              error={Boolean(problems.effectiveFrom)}
              helperText={
                problem("effectiveFrom") || (firstOpenDay ? t("version.openFrom", { day: firstOpenDay }) : "")
              }
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "version-from" } }}
            />
            <TextField
              select
              size="small"
              fullWidth
              label={t("fields.tierMode")}
              value={draft.tierMode}
              onChange={(event) => update({ tierMode: event.target.value as VersionDraft["tierMode"] })}
              helperText={t(`modes.${draft.tierMode}Help`)}
            >
              {TIER_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`modes.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle2">{t("fields.tiers")}</Typography>
          {draft.tiers.map((tier, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <TextField
                size="small"
                label={t("fields.fromAmount")}
                value={tier.fromAmount}
                onChange={(event) => setTier(index, { fromAmount: event.target.value })}
                slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": `tier-from-${index}` } }}
              />
              <TextField
                size="small"
                label={t("fields.rate")}
                value={tier.rate}
                onChange={(event) => setTier(index, { rate: event.target.value })}
                slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": `tier-rate-${index}` } }}
              />
              <IconButton
                aria-label={t("version.removeTier")}
                disabled={draft.tiers.length === 1}
                onClick={() => update({ tiers: draft.tiers.filter((_, i) => i !== index) })}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          {problems.tiers ? (
            <Typography color="error" variant="body2" role="alert">
              {problem("tiers")}
            </Typography>
          ) : null}
          <Button
            startIcon={<AddIcon />}
            sx={{ alignSelf: "flex-start" }}
            disabled={draft.tiers.length >= 10}
            onClick={() => update({ tiers: [...draft.tiers, { fromAmount: "", rate: "" }] })}
          >
            {t("version.addTier")}
          </Button>
          <TextField
            size="small"
            label={t("fields.perSession")}
            value={draft.perSession}
            onChange={(event) => update({ perSession: event.target.value })}
            error={Boolean(problems.perSession)}
            helperText={problem("perSession") || t("version.perSessionHelp")}
            slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "version-per-session" } }}
          />
          <TextField
            size="small"
            label={t("fields.note")}
            value={draft.note}
            onChange={(event) => update({ note: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {failure instanceof ApiError ? (
            <Alert severity="error" data-testid="version-error">
              {Object.values(serverFields).flat()[0] ?? failure.message}
            </Alert>
          ) : null}
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        title={t("version.confirmTitle")}
        message={t("version.confirm", { day: draft.effectiveFrom })}
        busy={saving}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
