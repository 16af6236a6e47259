import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { createMember, memberKeys, updateMember, type MemberFile } from "../../api/members";
import { useFormDraft } from "../../lib/formDraft";
import {
  conflictField,
  createBody,
  emptyMemberForm,
  formFieldOf,
  memberFormFrom,
  updateBody,
  validateMemberForm,
  type MemberForm,
  type MemberFormErrors,
  type MemberFormField,
} from "./rules";
import { storeToday } from "../../lib/dates";

/** The member form's draft (lib/formDraft.ts): one for creating, one per member file edited. */
export function memberFormDraftName(memId?: number | string): string {
  return memId === undefined ? "member.create" : `member.edit.${memId}`;
}

/** The state of the member form: the fields, the local and the server's messages (a taken phone,
 * 409 MEM-40901, on the phone), and the save (creating, or sending only the changed fields). */
export function useMemberForm({
  initial,
  member,
  onSaved,
  onClose,
}: {
  initial?: MemberForm;
  member?: MemberFile;
  onSaved?: (file: MemberFile) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("members");
  const queryClient = useQueryClient();
  const [before] = useState<MemberForm>(() => (member ? memberFormFrom(member) : (initial ?? emptyMemberForm())));
  const [form, setForm] = useState<MemberForm>(before);
  const [errors, setErrors] = useState<MemberFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<MemberFormField, string>>>({});
  const today = storeToday();
  const editing = Boolean(member);
  const draft = useFormDraft(memberFormDraftName(member?.memId), form, setForm);

  const save = useMutation({
    mutationFn: () => (member ? updateMember(updateBody(member.memId, before, form)) : createMember(createBody(form))),
    onSuccess: async (file) => {
      draft.discard();
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      onSaved?.(file);
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: Partial<Record<MemberFormField, string>> = {};
      for (const [field, messages] of Object.entries(error.fields)) {
        const key = formFieldOf(field);
        if (key) found[key] = messages[0] ?? "";
      }
      const conflict = conflictField(error.errcode);
      if (conflict) found[conflict] = error.message;
      setServerErrors(found);
    },
  });

  const set = <K extends MemberFormField>(key: K, value: MemberForm[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setServerErrors((previous) => ({ ...previous, [key]: "" }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };
  const message = (field: MemberFormField) => {
    const key = errors[field];
    return key ? t(key) : serverErrors[field] || "";
  };
  const helper = (field: MemberFormField, fallback = " ") => message(field) || fallback;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from another dialog must not submit the form of the one under it.
    event.stopPropagation();
    const found = validateMemberForm(form, today, !editing);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return { form, set, message, helper, submit, save, today, editing };
}

export type MemberFormState = ReturnType<typeof useMemberForm>;
