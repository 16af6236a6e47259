import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Link,
  List,
  ListItem,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MEMBER_AREA_CODES, type MemberAreaCode } from "../../api/members";
import {
  CARD_KINDS,
  commitMoveIn,
  deleteAttachment,
  downloadAttachment,
  findByPhone,
  moveInKeys,
  newValueOf,
  saveMoveIn,
  updateMoveIn,
  uploadAttachment,
  useMoveIn,
  useMoveInCardTypes,
  useMoveInProjects,
  useNewCardDiscount,
  type CardKind,
  type MoveInAttachment,
  type MoveInDetail,
  type MoveInLineBody,
  type PhoneLookup,
} from "../../api/moveIn";
import { BackLink, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { saveBlob } from "../../lib/download";
import { ConfirmDialog, errorText, MOVE_IN_LIST, moveInDetailHref, moveInHref, StatusChip } from "./parts";

interface SessionDraft {
  projectId: number | "";
  sessions: string;
}

interface LineDraft {
  key: number;
  oldCardName: string;
  oldCardNo: string;
  kind: CardKind;
  cardTypeId: number | "";
  oldBalance: string;
  coefficient: string;
  expiresOn: string;
  sessions: SessionDraft[];
}

let nextKey = 1;

function emptyLine(kind: CardKind = "storedValue"): LineDraft {
  return {
    key: nextKey++,
    oldCardName: "",
    oldCardNo: "",
    kind,
    cardTypeId: "",
    oldBalance: "",
    coefficient: "1",
    expiresOn: "",
    sessions: kind === "package" ? [{ projectId: "", sessions: "" }] : [],
  };
}

function linesFrom(moveIn: MoveInDetail): LineDraft[] {
  return moveIn.lines.map((line) => ({
    key: nextKey++,
    oldCardName: line.oldCardName,
    oldCardNo: line.oldCardNo,
    kind: line.kind,
    cardTypeId: line.cardTypeId,
    oldBalance: line.kind === "storedValue" ? line.oldBalance : "",
    coefficient: line.coefficient.replace(/\.?0+$/, "") || "1",
    expiresOn: line.expiresOn ?? "",
    sessions: line.sessions.map((s) => ({ projectId: s.projectId, sessions: String(s.sessions) })),
  }));
}

function lineBody(line: LineDraft): MoveInLineBody {
  const body: MoveInLineBody = {
    oldCardName: line.oldCardName.trim(),
    oldCardNo: line.oldCardNo.trim(),
    kind: line.kind,
    cardTypeId: Number(line.cardTypeId) || 0,
    expiresOn: line.expiresOn || null,
  };
  if (line.kind === "storedValue") {
    body.oldBalance = line.oldBalance || "0";
    body.coefficient = line.coefficient || "1";
  } else {
    body.sessions = line.sessions
      .filter((s) => s.projectId !== "")
      .map((s) => ({ projectId: Number(s.projectId), sessions: Number(s.sessions) || 0 }));
  }
  return body;
}

/** /moveIn (ERP-HYQR-PAG-0001-0000), `?id=` to edit a draft or a rejected move-in: the member found
 * by phone or new, the old cards with the new card type of each (its discount shown, the value the
 * coefficient gives previewed), the attachments, then save and submit for approval (confirmed). */
export function MoveInPage({
  search = window.location.search,
  navigate = (href: string) => window.location.assign(href),
}: {
  search?: string;
  navigate?: (href: string) => void;
}) {
  const { t } = useTranslation("moveIn");
  const id = idFromSearch(search);
  const existing = useMoveIn(id);
  if (id !== null && !existing.data) {
    return (
      <PageFrame title={t("title")}>
        <BackLink href={MOVE_IN_LIST}>{t("back")}</BackLink>
        {existing.isError ? (
          <Alert severity="error">{existing.error?.message || t("loadFailed")}</Alert>
        ) : (
          <CircularProgress aria-label={t("title")} />
        )}
      </PageFrame>
    );
  }
  return <MoveInForm key={existing.data?.id ?? 0} moveIn={existing.data ?? null} navigate={navigate} />;
}

function MoveInForm({ moveIn, navigate }: { moveIn: MoveInDetail | null; navigate: (href: string) => void }) {
  const { t } = useTranslation("moveIn");
  const queryClient = useQueryClient();
  const cardTypes = useMoveInCardTypes();
  const projects = useMoveInProjects();
  const [keepMember, setKeepMember] = useState(moveIn !== null);
  const [areaCode, setAreaCode] = useState<MemberAreaCode>((moveIn?.areaCode as MemberAreaCode) ?? "0086");
  const [phone, setPhone] = useState("");
  const [lookup, setLookup] = useState<PhoneLookup | null>(null);
  const [name, setName] = useState("");
  const [birthday, setBirthday] = useState("");
  const [sourceBrand, setSourceBrand] = useState(moveIn?.sourceBrand ?? "");
  const [sourceStore, setSourceStore] = useState(moveIn?.sourceStore ?? "");
  const [remark, setRemark] = useState(moveIn?.remark ?? "");
  const [lines, setLines] = useState<LineDraft[]>(() => (moveIn ? linesFrom(moveIn) : [emptyLine()]));
  const [committing, setCommitting] = useState(false);
  const editable = moveIn === null || moveIn.canEdit;

  const find = useMutation({
    mutationFn: () => findByPhone(areaCode, phone.trim()),
    onSuccess: (answer) => setLookup(answer),
  });

  const body = () => {
    const member = lookup?.member
      ? { memId: lookup.member.memId }
      : { name: name.trim(), areaCode, phone: phone.trim(), birthday: birthday || null };
    return {
      ...member,
      sourceBrand: sourceBrand.trim(),
      sourceStore: sourceStore.trim(),
      remark: remark.trim(),
      lines: lines.map(lineBody),
    };
  };
  const save = useMutation({
    mutationFn: () => (moveIn === null ? saveMoveIn(body()) : updateMoveIn({ ...body(), id: moveIn.id, keepMember })),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: moveInKeys.all });
      if (moveIn === null) navigate(moveInHref(saved.id));
    },
  });
  const commit = useMutation({
    mutationFn: () => commitMoveIn(moveIn?.id ?? 0),
    onSuccess: (committed) => {
      void queryClient.invalidateQueries({ queryKey: moveInKeys.all });
      navigate(moveInDetailHref(committed.id));
    },
  });

  const changeLine = (key: number, change: Partial<LineDraft>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));

  return (
    <PageFrame
      title={moveIn ? t("edit", { no: moveIn.moveInNo }) : t("new")}
      actions={moveIn ? <StatusChip status={moveIn.status} name={moveIn.statusName} /> : undefined}
    >
      <BackLink href={MOVE_IN_LIST}>{t("back")}</BackLink>
      {moveIn?.status === "rejected" && moveIn.decisionRemark ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t("fields.decisionRemark")}: {moveIn.decisionRemark}
        </Alert>
      ) : null}
      <Section title={t("fields.member")}>
        {keepMember && moveIn ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <Typography>{t("member.kept", { name: moveIn.name, phone: moveIn.phone })}</Typography>
            {editable ? <Button onClick={() => setKeepMember(false)}>{t("actions.changeMember")}</Button> : null}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2 }}>
              <TextField
                select
                size="small"
                label={t("fields.areaCode")}
                value={areaCode}
                onChange={(event) => setAreaCode(event.target.value as MemberAreaCode)}
                sx={{ minWidth: 120 }}
              >
                {MEMBER_AREA_CODES.map((code) => (
                  <MenuItem key={code} value={code}>
                    {code}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t("fields.phone")}
                value={phone}
                slotProps={{ htmlInput: { maxLength: 11, inputMode: "numeric" } }}
                onChange={(event) => {
                  setPhone(event.target.value);
                  setLookup(null);
                }}
              />
              <Button variant="outlined" disabled={!phone.trim() || find.isPending} onClick={() => find.mutate()}>
                {t("actions.find")}
              </Button>
            </Stack>
            {lookup === null ? (
              <Typography variant="body2" color="text.secondary">
                {t("member.findFirst")}
              </Typography>
            ) : lookup.member ? (
              <Alert severity="success">
                {t("member.found", { name: lookup.member.name, store: lookup.member.dependencyStore })}
              </Alert>
            ) : (
              <>
                <Alert severity="info">{t("member.notFound")}</Alert>
                <Stack direction="row" spacing={2}>
                  <TextField
                    size="small"
                    label={t("fields.name")}
                    value={name}
                    slotProps={{ htmlInput: { maxLength: 20 } }}
                    onChange={(event) => setName(event.target.value)}
                  />
                  <TextField
                    size="small"
                    type="date"
                    label={t("fields.birthday")}
                    value={birthday}
                    slotProps={{ inputLabel: { shrink: true } }}
                    onChange={(event) => setBirthday(event.target.value)}
                  />
                </Stack>
              </>
            )}
          </Stack>
        )}
      </Section>
      <Section title={t("fields.sourceStore")}>
        <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", rowGap: 2 }}>
          <TextField
            size="small"
            label={t("fields.sourceBrand")}
            value={sourceBrand}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            onChange={(event) => setSourceBrand(event.target.value)}
          />
          <TextField
            size="small"
            required
            label={t("fields.sourceStore")}
            value={sourceStore}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            onChange={(event) => setSourceStore(event.target.value)}
          />
          <TextField
            size="small"
            label={t("fields.remark")}
            value={remark}
            sx={{ minWidth: 320 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            onChange={(event) => setRemark(event.target.value)}
          />
        </Stack>
      </Section>
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
              onChange={(change) => changeLine(line.key, change)}
              onRemove={() => setLines((all) => all.filter((other) => other.key !== line.key))}
            />
          ))}
        </Stack>
        <Button
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          disabled={lines.length >= 20}
          onClick={() => setLines((all) => [...all, emptyLine()])}
        >
          {t("actions.addLine")}
        </Button>
      </Section>
      {moveIn ? (
        <Attachments moveIn={moveIn} />
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("attachments.saveFirst")}
        </Alert>
      )}
      {save.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(save.error)}
        </Alert>
      ) : null}
      {editable ? (
        <Stack direction="row" spacing={2}>
          <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>
            {t("actions.save")}
          </Button>
          {moveIn?.canCommit ? (
            <Button variant="outlined" disabled={save.isPending} onClick={() => setCommitting(true)}>
              {t("actions.commit")}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {committing && moveIn ? (
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
          onClose={() => setCommitting(false)}
        />
      ) : null}
    </PageFrame>
  );
}

function LineEditor({
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
  cardTypes: readonly { id: number; name: string; kind: CardKind }[];
  projects: readonly { id: number; code: string; name: string }[];
  canRemove: boolean;
  onChange: (change: Partial<LineDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("moveIn");
  const discount = useNewCardDiscount(line.cardTypeId === "" ? null : Number(line.cardTypeId));
  const preview = line.kind === "storedValue" ? newValueOf(line.oldBalance, line.coefficient) : "";
  const setSession = (at: number, change: Partial<SessionDraft>) =>
    onChange({ sessions: line.sessions.map((s, i) => (i === at ? { ...s, ...change } : s)) });
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
            onChange({ kind, cardTypeId: "", sessions: kind === "package" ? [{ projectId: "", sessions: "" }] : [] });
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
        {canRemove ? (
          <IconButton aria-label={t("actions.removeLine")} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        ) : null}
      </Stack>
      {line.kind === "storedValue" ? (
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
      ) : (
        <Stack spacing={1} sx={{ mt: 2 }}>
          {line.sessions.map((session, at) => (
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
              {line.sessions.length > 1 ? (
                <IconButton
                  aria-label={t("actions.removeProject")}
                  onClick={() => onChange({ sessions: line.sessions.filter((_, i) => i !== at) })}
                >
                  <DeleteIcon />
                </IconButton>
              ) : null}
            </Stack>
          ))}
          <Box>
            <Button
              size="small"
              disabled={line.sessions.length >= 20}
              onClick={() => onChange({ sessions: [...line.sessions, { projectId: "", sessions: "" }] })}
            >
              {t("actions.addProject")}
            </Button>
          </Box>
        </Stack>
      )}
      {discount.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("line.discount")}:{" "}
          {discount.data.discounts.length
            ? discount.data.discounts
                .map((rule) => t("line.discountRate", { category: rule.categoryName, rate: rule.rate }))
                .join("；")
            : t("line.noDiscount")}
        </Typography>
      ) : null}
    </Box>
  );
}

function Attachments({ moveIn }: { moveIn: MoveInDetail }) {
  const { t } = useTranslation("moveIn");
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<MoveInAttachment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: moveInKeys.detail(moveIn.id) });
  const upload = useMutation({ mutationFn: (file: File) => uploadAttachment(moveIn.id, file), onSettled: refresh });
  const remove = useMutation({
    mutationFn: (attachment: MoveInAttachment) => deleteAttachment(attachment.id),
    onSuccess: () => setRemoving(null),
    onSettled: refresh,
  });
  return (
    <Section title={t("attachments.title")}>
      <Typography variant="body2" color="text.secondary">
        {t("attachments.hint")}
      </Typography>
      {moveIn.attachments.length ? (
        <List dense>
          {moveIn.attachments.map((attachment) => (
            <ListItem
              key={attachment.id}
              secondaryAction={
                moveIn.canEdit ? (
                  <Button size="small" color="error" onClick={() => setRemoving(attachment)}>
                    {t("actions.removeFile")}
                  </Button>
                ) : undefined
              }
            >
              <Link
                component="button"
                type="button"
                onClick={() =>
                  void downloadAttachment(attachment).then((outcome) => {
                    if (outcome.kind === "file") saveBlob(outcome.blob, outcome.fileName);
                  })
                }
              >
                {attachment.name}
              </Link>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography sx={{ my: 1 }}>{t("attachments.none")}</Typography>
      )}
      {moveIn.canEdit ? (
        <Button component="label" variant="outlined" disabled={upload.isPending}>
          {t("actions.upload")}
          <input
            hidden
            type="file"
            aria-label={t("actions.upload")}
            accept="image/jpeg,image/png,application/pdf"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
              event.target.value = "";
            }}
          />
        </Button>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t("confirm.removeFileTitle", { name: removing.name })}
          text={t("attachments.hint")}
          confirmLabel={t("actions.removeFile")}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Section>
  );
}

mountIsland(<MoveInPage />);
