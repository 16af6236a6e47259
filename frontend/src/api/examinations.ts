/** A member's scalp and hair examinations (docs/api.md "Scalp and hair examinations"): the list,
 * one examination, recording and correcting one (multipart, with photos), the photos and the store's
 * examiners. Keys start with "examinations". */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import type { Schemas } from "./schema";

export type Examination = Schemas["ExaminationOutput"];
export type Examiner = Schemas["ExaminerOutput"];
export type ScalpType = Examination["scalpType"];
export type Degree = Examination["oiliness"];
export type HairDensity = Examination["hairDensity"];
export type HairThickness = Examination["hairThickness"];

export const SCALP_TYPES: readonly ScalpType[] = ["dry", "normal", "oily", "combination"];
export const DEGREES: readonly Degree[] = ["none", "mild", "moderate", "severe"];
export const HAIR_DENSITIES: readonly HairDensity[] = ["sparse", "medium", "dense"];
export const HAIR_THICKNESSES: readonly HairThickness[] = ["fine", "medium", "coarse"];

/** docs/api.md: at most 6 photos an examination, each at most 5 MB, a JPEG, PNG or WebP. */
export const PHOTOS_MAX = 6;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** What a person fills in; the same form adds and corrects. */
export interface ExaminationForm {
  examinedOn: string;
  examinerId: string;
  scalpType: ScalpType | "";
  oiliness: Degree | "";
  sensitivity: Degree | "";
  dandruff: Degree | "";
  hairLoss: Degree | "";
  hairDensity: HairDensity | "";
  hairThickness: HairThickness | "";
  notes: string;
  recommendation: string;
}

export const examinationKeys = {
  all: ["examinations"] as const,
  list: (memId: number, pageNo: number, pageSize: number) => ["examinations", "list", memId, pageNo, pageSize],
  detail: (id: number) => ["examinations", "detail", id],
  examiners: () => ["examinations", "examiners"],
};

function formData(form: ExaminationForm, photos: readonly File[], extra: Record<string, string | number[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(form)) data.append(key, value.trim());
  for (const [key, value] of Object.entries(extra)) {
    if (Array.isArray(value)) value.forEach((item) => data.append(key, String(item)));
    else data.append(key, value);
  }
  photos.forEach((photo) => data.append("photos", photo, photo.name));
  return data;
}

export function addExamination(memId: number, form: ExaminationForm, photos: readonly File[]): Promise<Examination> {
  return api.post<Examination>("/rest/examination/add", {
    multipart: formData(form, photos, { memId: String(memId) }),
  });
}

export function correctExamination(
  id: number,
  form: ExaminationForm,
  photos: readonly File[],
  removePhotoIds: readonly number[],
): Promise<Examination> {
  return api.post<Examination>(`/rest/examination/update/${id}`, {
    multipart: formData(form, photos, { removePhotoIds: [...removePhotoIds] }),
  });
}

/** A photo's address: the call is answered through the page's session (an <img> sends its cookie,
 * and the page's Content-Security-Policy allows images of our own origin only). */
export function photoUrl(id: number): string {
  return `/rest/examination/photo/${id}`;
}

export function useExaminations(memId: number, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: examinationKeys.list(memId, pageNo, pageSize),
    queryFn: () =>
      api.get<Page<Examination>>("/rest/examination/list", { query: { memId, pageNo, pageSize }, quiet: true }),
    placeholderData: keepPreviousData,
  });
}

export function useExaminers() {
  return useQuery({
    queryKey: examinationKeys.examiners(),
    queryFn: () => api.get<Examiner[]>("/rest/examination/examiners", { quiet: true }),
    staleTime: 60_000,
  });
}
