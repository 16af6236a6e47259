import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { orgKeys, updateStore, type StoreInfoCheck } from "../../api/org";
import { useFormDraft } from "../../lib/formDraft";
import { storeFormFrom, storeUpdateFrom, validateStoreForm, type StoreForm, type StoreFormErrors } from "./rules";

/** The store edit form's draft (lib/formDraft.ts): the page reopens the form when one waits. */
export const STORE_EDIT_FORM = "store.edit";

/** The state of the store's edit form: the fields (a province change clears the city and district,
 * a city change the district), the local and the server's messages, the confirmation, and the save.
 * Without `mayChangeControls` (the owner's BTN-MDGL-STORE-CONTROLS) the owner's settings are not sent. */
export function useStoreEditForm(store: StoreInfoCheck, onDone: () => void, mayChangeControls: boolean) {
  const { t } = useTranslation("org");
  const queryClient = useQueryClient();
  const [form, setForm] = useState<StoreForm>(() => storeFormFrom(store));
  const [errors, setErrors] = useState<StoreFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const draft = useFormDraft(STORE_EDIT_FORM, form, setForm);

  const save = useMutation({
    mutationFn: () => updateStore(storeUpdateFrom(store.id, form, mayChangeControls)),
    onSuccess: async () => {
      draft.discard();
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
      onDone();
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError) {
        setServerErrors(
          Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0] ?? ""])),
        );
      }
    },
  });

  const set = <K extends keyof StoreForm>(key: K, value: StoreForm[K]) => {
    setForm((previous) => {
      const next = { ...previous, [key]: value };
      if (key === "provinceCode") Object.assign(next, { cityCode: "", districtCode: "" });
      if (key === "cityCode") next.districtCode = "";
      return next;
    });
    setServerErrors((previous) => ({ ...previous, [key]: "" }));
  };
  const message = (field: keyof StoreForm) => (errors[field] ? t(errors[field]) : serverErrors[field] || "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateStoreForm(form);
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  return { form, set, message, submit, confirming, setConfirming, save };
}

export type StoreEditState = ReturnType<typeof useStoreEditForm>;
