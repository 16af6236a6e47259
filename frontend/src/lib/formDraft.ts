/**
 * Drafts of open forms (issue 12 §1): what a person typed survives a session that ends by itself
 * (idle, or a sign-in that could not be renewed). Each form writes its fields to this tab's
 * sessionStorage as they change, under the page's address and the form's name; the draft goes when
 * the form closes. When the session ends, clearSession({ keepDrafts: true }) keeps the drafts and
 * marks them waiting; the first signed-in page after the sign-in restores the drafts of its forms
 * (for the same person only) and any other page load drops them, so a form left by navigating away
 * never comes back later. The person's own logout takes them with everything else.
 */

import { useEffect, useRef } from "react";
import { DRAFT_PREFIX, DRAFTS_WAITING_KEY, currentSession } from "../api/session";
import { i18n } from "../i18n";
import { notify } from "./notices";

interface StoredDraft<T> {
  owner: string;
  value: T;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function draftKey(form: string): string {
  return `${DRAFT_PREFIX}${window.location.pathname}${window.location.search}|${form}`;
}

function owner(): string | null {
  return currentSession()?.loginName ?? null;
}

function draftKeys(store: Storage): string[] {
  return Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
    (key): key is string => key !== null && key.startsWith(DRAFT_PREFIX),
  );
}

/** Once per page load, before any form reads its draft: a signed-in page right after a session
 * ended keeps the waiting drafts for its forms; any other signed-in page drops them. */
export function settleDrafts(): void {
  const store = storage();
  if (!store || !currentSession()) return;
  if (store.getItem(DRAFTS_WAITING_KEY)) {
    store.removeItem(DRAFTS_WAITING_KEY);
    return;
  }
  for (const key of draftKeys(store)) store.removeItem(key);
}

/** The draft of `form` on this page that the signed-in person left, or null (another person's
 * draft is dropped unread). */
export function readFormDraft<T>(form: string): T | null {
  const store = storage();
  const raw = store?.getItem(draftKey(form));
  if (!store || !raw) return null;
  try {
    const draft = JSON.parse(raw) as StoredDraft<T>;
    if (draft.owner === owner()) return draft.value;
  } catch {
    // unreadable: dropped below
  }
  store.removeItem(draftKey(form));
  return null;
}

/** Whether `form` has a draft to restore on this page: the page opens the form for it. */
export function hasFormDraft(form: string): boolean {
  return readFormDraft(form) !== null;
}

export function saveFormDraft<T>(form: string, value: T): void {
  const who = owner();
  if (!who) return;
  try {
    storage()?.setItem(draftKey(form), JSON.stringify({ owner: who, value } satisfies StoredDraft<T>));
  } catch {
    // storage full or refused: the form works on, only its draft is not kept
  }
}

export function discardFormDraft(form: string): void {
  storage()?.removeItem(draftKey(form));
}

/**
 * Keeps the draft of one open form: restores a waiting draft once, when the form mounts (`restore`
 * gets it), writes `value` while it differs from what the form opened with, and drops the draft
 * when the form closes (unmounts) or `discard` is called (after a save).
 */
export function useFormDraft<T>(form: string, value: T, restore: (draft: T) => void): { discard: () => void } {
  const opened = useRef<string | null>(null);
  const done = useRef(false);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  });

  useEffect(() => {
    opened.current = JSON.stringify(value);
    done.current = false;
    const draft = readFormDraft<T>(form);
    if (draft !== null) {
      restoreRef.current(draft);
      notify("info", i18n.t("common:draftRestored"), { durationMs: 6000 });
    }
    return () => discardFormDraft(form);
    // What the form opened with is read once per form: later values are the person's input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);

  useEffect(() => {
    if (done.current || opened.current === null) return;
    const text = JSON.stringify(value);
    if (text === opened.current) discardFormDraft(form);
    else saveFormDraft(form, value);
  }, [form, value]);

  return {
    discard: () => {
      done.current = true;
      discardFormDraft(form);
    },
  };
}
