import DeleteIcon from "@mui/icons-material/Delete";
import RestoreIcon from "@mui/icons-material/Restore";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DEGREES,
  HAIR_DENSITIES,
  HAIR_THICKNESSES,
  PHOTOS_MAX,
  PHOTO_TYPES,
  SCALP_TYPES,
  photoUrl,
  useExaminers,
  type ExaminationForm,
} from "../../api/examinations";
import { DateField } from "../../components/dates/DateField";
import { LimitedTextField } from "../../components/LimitedTextField";
import { storeToday } from "../../lib/dates";
import { EXAMINATIONS_NS as NS, type ExaminationEdit } from "./useExaminationForm";

/* The sections of the examination dialog (/examiningDetail); the state is useExaminationForm's. */

const TEXT_MAX = 500;

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

/** The day, the examiner (one no longer listed still shows on a correction), and the graded findings. */
export function ExaminationFindings({ edit }: { edit: ExaminationEdit }) {
  const { t } = useTranslation(NS);
  const examiners = useExaminers();
  const { examination, form, update } = edit;
  return (
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
  );
}

/** The free-text notes and the recommendation to the member. */
export function ExaminationTexts({ edit }: { edit: ExaminationEdit }) {
  const { t } = useTranslation(NS);
  const { form, update } = edit;
  return (
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
  );
}

/** The stored photos (each marked to go or kept), the new ones picked, and the picker. */
export function ExaminationPhotos({ edit }: { edit: ExaminationEdit }) {
  const { t } = useTranslation(NS);
  const { examination, photos, kept, removed } = edit;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {t("fields.photos")} ({kept.length + photos.length}/{PHOTOS_MAX})
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }} data-testid="examination-photos">
        {(examination?.photoIds ?? []).map((id) => (
          <StoredPhoto key={id} id={id} removed={removed.includes(id)} onToggle={() => edit.toggleRemoved(id)} />
        ))}
        {photos.map((photo, index) => (
          <Stack key={`${photo.name}-${index}`} direction="row" sx={{ alignItems: "center" }}>
            <Typography variant="body2">{photo.name}</Typography>
            <IconButton aria-label={t("photos.remove")} onClick={() => edit.dropPhoto(index)}>
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
          onChange={edit.pick}
          data-testid="examination-photo-input"
        />
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5 }}>
        {t("photos.hint")}
      </Typography>
    </>
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

/** Removing stored photos cannot be undone, so the save asks first. */
export function RemovePhotosConfirm({ edit }: { edit: ExaminationEdit }) {
  const { t } = useTranslation(NS);
  return (
    <Dialog open={edit.confirming} onClose={() => edit.setConfirming(false)}>
      <DialogTitle>{t("confirmRemove.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("confirmRemove.text", { count: edit.removed.length })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => edit.setConfirming(false)}>{t("cancel")}</Button>
        <Button
          color="error"
          variant="contained"
          data-testid="examination-confirm-remove"
          onClick={edit.confirmRemoval}
        >
          {t("confirmRemove.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
