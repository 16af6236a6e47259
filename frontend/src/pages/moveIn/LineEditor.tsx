import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { CARD_KINDS, newValueOf, useNewCardDiscount, type CardKind } from "../../api/moveIn";
import { MAX_PROJECTS, sessionsFor, type LineDraft, type SessionDraft } from "./moveInDraft";
import { RemoveButton } from "../../components/RemoveButton";

type CardTypeOption = { id: number; name: string; kind: CardKind };
type ProjectOption = { id: number; code: string; name: string };

/** One old card: its kind, name, number and expiry, the new card type it becomes, then its balance
 * (stored value) or its projects' sessions left (package), and the new card type's discount. */
export function LineEditor({
  index,
  line,
  cardTypes,
  projects,
  canRemove,
  onChange,
  onRemove,
}: {
  index: number;
  line: LineDraft;
  cardTypes: readonly CardTypeOption[];
  projects: readonly ProjectOption[];
  canRemove: boolean;
  onChange: (change: Partial<LineDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("moveIn");
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, m: 0 }}>
      <legend>{t("line.title", { n: index + 1 })}</legend>
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2, alignItems: "center" }}>
        <TextField
          select
          size="small"
          label={t("fields.kind")}
          value={line.kind}
          sx={{ minWidth: 140 }}
          onChange={(event) => {
            const kind = event.target.value as CardKind;
            onChange({ kind, cardTypeId: "", sessions: sessionsFor(kind) });
          }}
        >
          {CARD_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          required
          label={t("fields.oldCardName")}
          value={line.oldCardName}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          onChange={(event) => onChange({ oldCardName: event.target.value })}
        />
        <TextField
          size="small"
          label={t("fields.oldCardNo")}
          value={line.oldCardNo}
          slotProps={{ htmlInput: { maxLength: 40 } }}
          onChange={(event) => onChange({ oldCardNo: event.target.value })}
        />
        <TextField
          size="small"
          type="date"
          label={t("fields.expiresOn")}
          value={line.expiresOn}
          slotProps={{ inputLabel: { shrink: true } }}
          onChange={(event) => onChange({ expiresOn: event.target.value })}
        />
        <TextField
          select
          size="small"
          required
          label={t("fields.cardType")}
          // Until the card types have loaded, the saved choice has no option to show yet.
          value={cardTypes.some((type) => type.id === line.cardTypeId) ? line.cardTypeId : ""}
          sx={{ minWidth: 180 }}
          onChange={(event) => onChange({ cardTypeId: Number(event.target.value) })}
        >
          {cardTypes
            .filter((type) => type.kind === line.kind)
            .map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {type.name}
              </MenuItem>
            ))}
        </TextField>
        {canRemove ? <RemoveButton label={t("actions.removeLine")} onClick={onRemove} /> : null}
      </Stack>
      {line.kind === "storedValue" ? (
        <StoredValueFields line={line} onChange={onChange} />
      ) : (
        <SessionsLeft sessions={line.sessions} projects={projects} onChange={(sessions) => onChange({ sessions })} />
      )}
      <NewCardDiscount cardTypeId={line.cardTypeId} />
    </Box>
  );
}

/** A stored-value card's balance and coefficient, with the new card's value they give previewed. */
function StoredValueFields({ line, onChange }: { line: LineDraft; onChange: (change: Partial<LineDraft>) => void }) {
  const { t } = useTranslation("moveIn");
  const preview = newValueOf(line.oldBalance, line.coefficient);
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: "center", flexWrap: "wrap", rowGap: 2 }}>
      <TextField
        size="small"
        required
        label={t("fields.oldBalance")}
        value={line.oldBalance}
        slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 12 } }}
        onChange={(event) => onChange({ oldBalance: event.target.value })}
      />
      <TextField
        size="small"
        label={t("fields.coefficient")}
        value={line.coefficient}
        slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 6 } }}
        onChange={(event) => onChange({ coefficient: event.target.value })}
      />
      {preview ? <Typography>{t("line.newValuePreview", { value: preview })}</Typography> : null}
    </Stack>
  );
}

/** A package's projects and the sessions left on each (up to twenty projects). */
function SessionsLeft({
  sessions,
  projects,
  onChange,
}: {
  sessions: readonly SessionDraft[];
  projects: readonly ProjectOption[];
  onChange: (sessions: SessionDraft[]) => void;
}) {
  const { t } = useTranslation("moveIn");
  const setSession = (at: number, change: Partial<SessionDraft>) =>
    onChange(sessions.map((s, i) => (i === at ? { ...s, ...change } : s)));
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {sessions.map((session, at) => (
        <Stack key={at} direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <TextField
            select
            size="small"
            label={t("fields.project")}
            value={projects.some((project) => project.id === session.projectId) ? session.projectId : ""}
            sx={{ minWidth: 200 }}
            onChange={(event) => setSession(at, { projectId: Number(event.target.value) })}
          >
            {projects.map((project) => (
              <MenuItem key={project.id} value={project.id}>
                {project.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t("fields.sessionsLeft")}
            value={session.sessions}
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 5 } }}
            onChange={(event) => setSession(at, { sessions: event.target.value })}
          />
          {sessions.length > 1 ? (
            <RemoveButton
              label={t("actions.removeProject")}
              onClick={() => onChange(sessions.filter((_, i) => i !== at))}
            />
          ) : null}
        </Stack>
      ))}
      <Box>
        <Button
          size="small"
          disabled={sessions.length >= MAX_PROJECTS}
          onClick={() => onChange([...sessions, { projectId: "", sessions: "" }])}
        >
          {t("actions.addProject")}
        </Button>
      </Box>
    </Stack>
  );
}

/** The discounts the chosen new card type gives, by category. */
function NewCardDiscount({ cardTypeId }: { cardTypeId: number | "" }) {
  const { t } = useTranslation("moveIn");
  const discount = useNewCardDiscount(cardTypeId === "" ? null : Number(cardTypeId));
  if (!discount.data) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {t("line.discount")}:{" "}
      {discount.data.discounts.length
        ? discount.data.discounts
            .map((rule) => t("line.discountRate", { category: rule.categoryName, rate: rule.rate }))
            .join("；")
        : t("line.noDiscount")}
    </Typography>
  );
}
