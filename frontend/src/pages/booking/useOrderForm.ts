import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_FORCE_UPDATE,
  bookingApi,
  conflictProblems,
  useAccountInfo,
  useBoard,
  useBookableProjects,
  useCheck,
  useDuration,
  useNurseOptions,
  useSources,
  type Problem,
  type ReservationBody,
} from "../../api/booking";
import { useMemberWithPhone, type MemberRow } from "../../api/members";
import { currentSession, hasButtonCode } from "../../api/session";
import { useFormDraft } from "../../lib/formDraft";
import { notify } from "../../lib/notices";
import {
  boardHref,
  draftBody,
  draftErrors,
  forceable,
  freeSlots,
  isIsoDate,
  phoneError,
  type Draft,
  type DraftField,
} from "./rules";

/** The reservation form's state: the draft and its errors, what the server says about it (free
 * slots, the check, the member's account), and the save that may be refused with a conflict and then
 * forced by a role with BTN-YUKB-FORCE-UPDATE. The sections render it (orderFormSections.tsx). */
export function useOrderForm(initial: Draft, navigate: (url: string) => void) {
  const { t } = useTranslation("booking");
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  const [canForce] = useState(() => hasButtonCode(BTN_FORCE_UPDATE));
  const [draft, setDraft] = useState<Draft>(initial);
  const [member, setMember] = useState<MemberRow | null>(null);
  const [finding, setFinding] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [saveProblems, setSaveProblems] = useState<Problem[] | null>(null);
  const [saveError, setSaveError] = useState("");
  const [askForce, setAskForce] = useState(false);
  // The duration follows the projects and nurse until the person types one; editing keeps the saved one.
  const [durationKey, setDurationKey] = useState(() =>
    initial.id === null ? "" : JSON.stringify([initial.projectIds, initial.nurseId]),
  );

  // What was typed survives a session that ends meanwhile (lib/formDraft.ts), the duration as typed.
  const kept = useFormDraft("reservation", draft, (restored: Draft) => {
    setDraft(restored);
    setDurationKey(JSON.stringify([restored.projectIds, restored.nurseId]));
  });

  const projects = useBookableProjects(storeId);
  const nurses = useNurseOptions(isIsoDate(draft.date) ? draft.date : "");
  const sources = useSources();
  const account = useAccountInfo(draft.kind === "member" ? draft.memId : null);
  const board = useBoard(isIsoDate(draft.date) ? draft.date : "", false);
  const duration = useDuration(draft.projectIds, draft.nurseId);
  // A walk-in's complete phone that is a member's: the form offers to book the member instead, so the
  // visit lands in the member's history rather than as a stranger's.
  const walkInPhone =
    draft.kind === "walkIn" && phoneError(draft.areaCode, draft.phone) === null ? draft.phone.trim() : "";
  const phoneOwner = useMemberWithPhone(draft.areaCode, walkInPhone);
  const phoneMember = walkInPhone ? (phoneOwner.data ?? null) : null;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setSaveProblems(null);
    setSaveError("");
  };

  // The suggested duration fills the field once per choice of projects and nurse: adjusted while
  // rendering (React's pattern for state that follows other state), not in an effect.
  const currentKey = JSON.stringify([draft.projectIds, draft.nurseId]);
  if (duration.data && durationKey !== currentKey) {
    const minutes = duration.data.minutes;
    setDurationKey(currentKey);
    setDraft((previous) => ({ ...previous, duration: String(minutes) }));
  }

  const errors = draftErrors(draft);
  const body = draftBody(draft);
  // The check's key is structural (react-query hashes it), so rebuilding the body each render is
  // fine; the remark does not matter to the check.
  const checkBody: ReservationBody | null = body ? { ...body, remark: undefined } : null;
  const check = useCheck(checkBody);

  const minutes =
    Number(draft.duration) ||
    draft.projectIds.reduce(
      (sum, projectId) => sum + (projects.data?.find((p) => p.id === projectId)?.duration ?? 0),
      0,
    ) ||
    15;
  const slots = board.data
    ? freeSlots({ board: board.data, nurseId: draft.nurseId, duration: minutes, excludeId: draft.id })
    : [];

  const done = (date: string) => navigate(boardHref(date));
  const save = useMutation({
    mutationFn: (payload: ReservationBody) => bookingApi.save(payload),
    onSuccess: () => {
      kept.discard();
      done(draft.date);
    },
    onError: (error) => {
      const problems = conflictProblems(error);
      if (problems) setSaveProblems(problems);
      else setSaveError(error.message);
    },
  });
  const force = useMutation({
    mutationFn: (payload: ReservationBody) => bookingApi.force(payload),
    onSuccess: () => {
      kept.discard();
      notify("success", t("form.savedAnyway"));
      done(draft.date);
    },
    onError: (error) => {
      setAskForce(false);
      const problems = conflictProblems(error);
      if (problems) setSaveProblems(problems);
      else {
        setSaveError(error.message);
        notify("error", error.message, { durationMs: 4000 });
      }
    },
  });

  const submit = () => {
    setSubmitted(true);
    setSaveProblems(null);
    setSaveError("");
    if (body) save.mutate(body);
  };
  const fieldError = (field: DraftField) => (submitted && errors[field] ? t(errors[field] as string) : "");
  const checkProblems = check.data && !check.data.ok ? check.data.problems : null;
  // Over a nurse booked twice or a start that has passed the server refuses even a forced save.
  const problems = saveProblems ?? checkProblems;
  const offerForce = canForce && body !== null && problems !== null && forceable(problems);
  const busy = save.isPending || force.isPending;

  const chooseMember = (row: MemberRow) => {
    setMember(row);
    setDraft((previous) => ({ ...previous, kind: "member", memId: row.memId }));
    setSaveProblems(null);
  };

  return {
    draft,
    set,
    member,
    chooseMember,
    phoneMember,
    finding,
    setFinding,
    submitted,
    errors,
    fieldError,
    projects,
    nurses,
    sources,
    account,
    board,
    slots,
    checkBody,
    check,
    checkProblems,
    saveProblems,
    saveError,
    offerForce,
    busy,
    askForce,
    setAskForce,
    force,
    body,
    submit,
  };
}

export type OrderForm = ReturnType<typeof useOrderForm>;
