/**
 * The signed-in session as the browser keeps it (spec §3: the session user info is kept in
 * browser storage). Tokens travel in the Authorization and X-Account-Version headers.
 */

import type { Schemas } from "./schema";

export type RoleEntry = Schemas["RoleEntryOutput"];
/** GET /rest/acct/loginInfo (spec §3 login info, contract §4.3): the sign-in pages and the shell. */
export type LoginInfo = Schemas["LoginInfoOutput"];
export type Tokens = Schemas["TokensOutput"];
export type LoginUserInfo = Schemas["LoginOutput"];
export type SessionUserInfo = Schemas["SessionUserInfoOutput"];

const TOKENS_KEY = "erp.tokens";
const SESSION_KEY = "erp.session";

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function currentTokens(): Tokens | null {
  return read<Tokens>(TOKENS_KEY);
}

export function saveTokens(tokens: Tokens): void {
  const { access, refresh, accountVersion } = tokens;
  window.localStorage.setItem(TOKENS_KEY, JSON.stringify({ access, refresh, accountVersion }));
}

export function currentSession(): SessionUserInfo | null {
  return read<SessionUserInfo>(SESSION_KEY);
}

export function saveSession(info: SessionUserInfo): void {
  saveTokens(info);
  window.localStorage.setItem(SESSION_KEY, JSON.stringify(info));
}

/** What this tab keeps of the forms open when a session ends by itself (lib/formDraft.ts). */
export const DRAFT_PREFIX = "erp.draft:";
/** Set when a session ended by itself: the next signed-in page may restore the drafts. */
export const DRAFTS_WAITING_KEY = `${DRAFT_PREFIX}waiting`;

/** Logout and relogin clear the session and local storage (spec §4). A session that ended by itself
 * (idle, or its sign-in ran out) keeps this tab's form drafts for the person's next sign-in; the
 * person's own logout takes them too. */
export function clearSession({ keepDrafts = false }: { keepDrafts?: boolean } = {}): void {
  window.localStorage.clear();
  if (!keepDrafts) {
    window.sessionStorage.clear();
    return;
  }
  window.sessionStorage.setItem(DRAFTS_WAITING_KEY, "1");
  const keys = Array.from({ length: window.sessionStorage.length }, (_, index) => window.sessionStorage.key(index));
  for (const key of keys) {
    if (key !== null && !key.startsWith(DRAFT_PREFIX)) window.sessionStorage.removeItem(key);
  }
}

/** Whether the session's button codes (spec §3 `btn`, docs/api.md "Role codes") hold `code`. */
export function hasButtonCode(code: string, session: SessionUserInfo | null = currentSession()): boolean {
  return Boolean(session?.btn?.includes(code));
}
