import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import RestoreIcon from "@mui/icons-material/Restore";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  DEGREES,
  HAIR_DENSITIES,
  HAIR_THICKNESSES,
  PHOTOS_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  SCALP_TYPES,
  addExamination,
  correctExamination,
  examinationKeys,
  useExaminations,
  useExaminers,
  photoUrl,
  type Examination,
  type ExaminationForm,
} from "../../api/examinations";
import { useMember } from "../../api/members";
import { memIdFromSearch } from "../../components/members/rules";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { DateField } from "../../components/dates/DateField";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, PageFrame } from "../../components/layout";
import { LimitedTextField } from "../../components/LimitedTextField";
import { mountIsland } from "../../islands/mount";
import { storeToday } from "../../lib/dates";
import { PAGE_SIZES } from "../../lib/paging";

const NS = "examinations";
const TEXT_MAX = 500;

type Opened = { kind: "new" } | { kind: "existing"; examination: Examination } | null;

/** /examiningDetail?memId= (ERP-HYGL-PAG-0003-0000): a member's scalp and hair examinations, newest
 * first; a new one and each one's detail in a form that records or corrects it, with its photos. */
export function ExaminingDetailPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(NS);
  const [memId] = useState(() => memIdFromSearch(search));
  const member = useMember(memId);
  return (
    <PageFrame wide title={t("title")}>
      {memId === null ? (
        <Alert severity="warning">{t("missingId")}</Alert>
      ) : (
        <>
          <BackLink href={`/personalAccount?memId=${memId}`}>{t("back")}</BackLink>
          {member.isPending ? (
            <Loading />
          ) : member.isError ? (
            <DetailError message={detailFailure(member.error, t("notFound"))} onRetry={() => void member.refetch()} />
          ) : (
            <Examinations memId={memId} memberName={member.data.name} />
          )}
        </>
      )}
    </PageFrame>
  );
}

function Examinations({ memId, memberName }: { memId: number; memberName: string }) {
  const { t } = useTranslation(NS);
  const paging = usePaging(10);
  const rows = useExaminations(memId, paging.pageIndex + 1, paging.pageSize);
  const [opened, setOpened] = useState<Opened>(null);
  const columns: PagedColumn<Examination>[] = [
    { key: "date", label: t("fields.examinedOn"), cellSx: NOWRAP, render: (row) => row.examinedOn },
    { key: "examiner", label: t("fields.examiner"), render: (row) => row.examinerName },
    { key: "scalpType", label: t("fields.scalpType"), render: (row) => t(`scalpTypes.${row.scalpType}`) },
    { key: "hairLoss", label: t("fields.hairLoss"), render: (row) => t(`degrees.${row.hairLoss}`) },
    { key: "photos", label: t("fields.photos"), align: "right", render: (row) => row.photoIds.length },
    {
      key: "recommendation",
      label: t("fields.recommendation"),
      render: (row) => row.recommendation || t("dash"),
    },
  ];
  return (
    <>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", my: 2 }}>
        <Typography variant="h6" component="h2">
          {memberName}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setOpened({ kind: "new" })}
          data-testid="examination-new"
        >
          {t("new")}
        </Button>
      </Stack>
      <PagedTable
        label={t("title")}
        testId="examination-table"
        result={rows}
        paging={paging}
        pageSizes={PAGE_SIZES}
        columns={columns}
        rowKey={(row) => row.id}
        onRowClick={(row) => setOpened({ kind: "existing", examination: row })}
        rowTestId={(row) => `examination-row-${row.id}`}
        emptyText={t("empty")}
        paginationTestId="examination-pagination"
      />
      {opened ? (
        <ExaminationDialog
          memId={memId}
          examination={opened.kind === "existing" ? opened.examination : null}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </>
  );
}

function formOf(examination: Examination | null): ExaminationForm {
  if (!examination) {
    return {
      examinedOn: storeToday(),
      examinerId: "",
      scalpType: "",
      oiliness: "",
      sensitivity: "",
      dandruff: "",
      hairLoss: "",
      hairDensity: "",
      hairThickness: "",
      notes: "",
      recommendation: "",
    };
  }
  return {
    examinedOn: examination.examinedOn,
    examinerId: String(examination.examinerId),
    scalpType: examination.scalpType,
    oiliness: examination.oiliness,
    sensitivity: examination.sensitivity,
    dandruff: examination.dandruff,
    hairLoss: examination.hairLoss,
    hairDensity: examination.hairDensity,
    hairThickness: examination.hairThickness,
    notes: examination.notes,
    recommendation: examination.recommendation,
  };
}

const CHOICES = {
  scalpType: ["scalpTypes", SCALP_TYPES],
  oiliness: ["degrees", DEGREES],
  sensitivity: ["degrees", DEGREES],
  dandruff: ["degrees", DEGREES],
  hairLoss: ["degrees", DEGREES],
  hairDensity: ["densities", HAIR_DENSITIES],
  hairThickness: ["thicknesses", HAIR_THICKNESSES],
} as const;
type ChoiceField = keyof typeof CHOICES;

/** Which photo a person picked cannot go: its type or its size (the server checks its bytes too). */
function photoProblem(file: File): "photos.wrongType" | "photos.tooLarge" | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return "photos.wrongType";
  return file.size > PHOTO_MAX_BYTES ? "photos.tooLarge" : null;
}

/** The form that records a new examination or shows and corrects one; removing photos is confirmed. */
function ExaminationDialog({
  memId,
  examination,
  onClose,
}: {
  memId: number;
  examination: Examination | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queries = useQueryClient();
  const examiners = useExaminers();
  const [form, setForm] = useState(() => formOf(examination));
  const [photos, setPhotos] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const kept = (examination?.photoIds ?? []).filter((id) => !removed.includes(id));
  const save = useMutation({
    mutationFn: () =>
      examination ? correctExamination(examination.id, form, photos, removed) : addExamination(memId, form, photos),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: examinationKeys.all });
      onClose();
    },
  });
  const update = (patch: Partial<ExaminationForm>) => setForm((current) => ({ ...current, ...patch }));

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    const refused = files.map(photoProblem).find((found) => found !== null);
    if (refused) return setProblem(t(refused));
    if (kept.length + photos.length + files.length > PHOTOS_MAX) return setProblem(t("photos.tooMany"));
    setProblem(null);
    setPhotos((current) => [...current, ...files]);
  };

  const missing = (Object.keys(form) as (keyof ExaminationForm)[]).some(
    (key) => key !== "notes" && key !== "recommendation" && !form[key],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missing) return setProblem(t("required"));
    setProblem(null);
    if (removed.length) return setConfirming(true);
    save.mutate();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={submit} data-testid="examination-form">
        <DialogTitle id={titleId}>{examination ? t("detailTitle") : t("newTitle")}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2, pt: 1 }}>
            <DateField
              size="small"
              label={t("fields.examinedOn")}
              value={form.examinedOn}
              maxDate={storeToday()}
              onChange={(value) => update({ examinedOn: value })}
              inputProps={{ "data-testid": "examination-date" }}
            />
            <TextField
              select
              size="small"
              label={t("fields.examiner")}
              value={form.examinerId}
              onChange={(event) => update({ examinerId: event.target.value })}
              slotProps={{ select: { SelectDisplayProps: { "data-testid": "examination-examiner" } as object } }}
            >
              {examination && !examiners.data?.some((one) => String(one.id) === form.examinerId) ? (
                <MenuItem value={String(examination.examinerId)}>{examination.examinerName}</MenuItem>
              ) : null}
              {(examiners.data ?? []).map((one) => (
                <MenuItem key={one.id} value={String(one.id)}>
                  {one.name}
                </MenuItem>
              ))}
            </TextField>
            {(Object.keys(CHOICES) as ChoiceField[]).map((field) => {
              const [group, values] = CHOICES[field];
              return (
                <TextField
                  key={field}
                  select
                  size="small"
                  label={t(`fields.${field}`)}
                  value={form[field]}
                  onChange={(event) => update({ [field]: event.target.value } as Partial<ExaminationForm>)}
                  slotProps={{ select: { SelectDisplayProps: { "data-testid": `examination-${field}` } as object } }}
                >
                  {values.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`${group}.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
              );
            })}
          </Box>
          <Stack spacing={2} sx={{ mt: 2 }}>
            <LimitedTextField
              maxChars={TEXT_MAX}
              multiline
              minRows={2}
              label={t("fields.notes")}
              value={form.notes}
              onChange={(event) => update({ notes: event.target.value })}
              slotProps={{ htmlInput: { "data-testid": "examination-notes" } }}
            />
            <LimitedTextField
              maxChars={TEXT_MAX}
              multiline
              minRows={2}
              label={t("fields.recommendation")}
              value={form.recommendation}
              onChange={(event) => update({ recommendation: event.target.value })}
              slotProps={{ htmlInput: { "data-testid": "examination-recommendation" } }}
            />
          </Stack>
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
            {t("fields.photos")} ({kept.length + photos.length}/{PHOTOS_MAX})
          </Typography>
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }} data-testid="examination-photos">
            {(examination?.photoIds ?? []).map((id) => (
              <StoredPhoto
                key={id}
                id={id}
                removed={removed.includes(id)}
                onToggle={() =>
                  setRemoved((current) =>
                    current.includes(id) ? current.filter((one) => one !== id) : [...current, id],
                  )
                }
              />
            ))}
            {photos.map((photo, index) => (
              <Stack key={`${photo.name}-${index}`} direction="row" sx={{ alignItems: "center" }}>
                <Typography variant="body2">{photo.name}</Typography>
                <IconButton
                  aria-label={t("photos.remove")}
                  onClick={() => setPhotos((current) => current.filter((_, at) => at !== index))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <Button component="label" variant="outlined" size="small" sx={{ mt: 1 }}>
            {t("photos.add")}
            <input
              hidden
              type="file"
              multiple
              accept={PHOTO_TYPES.join(",")}
              onChange={pick}
              data-testid="examination-photo-input"
            />
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5 }}>
            {t("photos.hint")}
          </Typography>
          {problem ? (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="examination-problem">
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="examination-save">
            {examination ? t("saveCorrection") : t("save")}
          </Button>
        </DialogActions>
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t("confirmRemove.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("confirmRemove.text", { count: removed.length })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t("cancel")}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="examination-confirm-remove"
            onClick={() => {
              setConfirming(false);
              save.mutate();
            }}
          >
            {t("confirmRemove.confirm")}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}

/** A stored photo, served to the signed-in page; marked photos go when the correction is saved. */
function StoredPhoto({ id, removed, onToggle }: { id: number; removed: boolean; onToggle: () => void }) {
  const { t } = useTranslation(NS);
  const [failed, setFailed] = useState(false);
  return (
    <Box
      sx={{ position: "relative", width: 120, height: 120, opacity: removed ? 0.35 : 1 }}
      data-testid={`photo-${id}`}
    >
      {failed ? (
        <Typography variant="caption">{t("photos.failed")}</Typography>
      ) : (
        <Box
          component="img"
          src={photoUrl(id)}
          alt={t("photos.alt", { id })}
          onError={() => setFailed(true)}
          sx={{ width: 120, height: 120, objectFit: "cover", borderRadius: 1 }}
        />
      )}
      <IconButton
        size="small"
        aria-label={removed ? t("photos.keep") : t("photos.remove")}
        onClick={onToggle}
        sx={{ position: "absolute", top: 2, right: 2, bgcolor: "background.paper" }}
        data-testid={`photo-toggle-${id}`}
      >
        {removed ? <RestoreIcon fontSize="small" /> : <DeleteIcon fontSize="small" />}
      </IconButton>
    </Box>
  );
}

mountIsland(<ExaminingDetailPage />);
