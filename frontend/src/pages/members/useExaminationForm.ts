import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  PHOTOS_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  addExamination,
  correctExamination,
  examinationKeys,
  type Examination,
  type ExaminationForm,
} from "../../api/examinations";
import { storeToday } from "../../lib/dates";

export const EXAMINATIONS_NS = "examinations";

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

/** Which photo a person picked cannot go: its type or its size (the server checks its bytes too). */
function photoProblem(file: File): "photos.wrongType" | "photos.tooLarge" | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return "photos.wrongType";
  return file.size > PHOTO_MAX_BYTES ? "photos.tooLarge" : null;
}

/** A new examination or a correction of `examination`: the fields, the photos added and the stored
 * ones marked to go (at most PHOTOS_MAX in all), the problem shown, and the save, which asks first
 * when stored photos would be removed. */
export function useExaminationForm(memId: number, examination: Examination | null, onClose: () => void) {
  const { t } = useTranslation(EXAMINATIONS_NS);
  const queries = useQueryClient();
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
  const dropPhoto = (index: number) => setPhotos((current) => current.filter((_, at) => at !== index));
  const toggleRemoved = (id: number) =>
    setRemoved((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]));

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
  const confirmRemoval = () => {
    setConfirming(false);
    save.mutate();
  };

  return {
    examination,
    form,
    update,
    photos,
    kept,
    removed,
    pick,
    dropPhoto,
    toggleRemoved,
    problem,
    confirming,
    setConfirming,
    confirmRemoval,
    submit,
    save,
  };
}

export type ExaminationEdit = ReturnType<typeof useExaminationForm>;
