/** What the sign-in pages keep between steps and page loads. */

import { clearSession, saveTokens, type LoginInfo, type LoginUserInfo, type RoleEntry } from "../../api/session";
import { ApiError } from "../../api/client";

/** Someone signed in who has yet to choose a role (the role step's input). */
export interface SignedIn {
  loginName: string;
  userName: string;
  roles: RoleEntry[];
}

/** A fresh sign-in replaces whatever session the browser held; the tokens carry the role step's calls.
 * Drafts this tab kept from a session that ended by itself stay for the page the sign-in returns to
 * (lib/formDraft.ts restores them for the same person only). */
export function startSession(info: LoginUserInfo): SignedIn {
  clearSession({ keepDrafts: true });
  saveTokens(info);
  return { loginName: info.loginName, userName: info.nickname, roles: info.roles };
}

export function signedInFromLoginInfo(info: LoginInfo): SignedIn {
  return { loginName: info.loginName, userName: info.userName, roles: info.roles };
}

const FLASH_KEY = "erp.signIn.flash";
const NEXT_KEY = "erp.signIn.next";

function take(key: string): string | null {
  try {
    const value = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

function put(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // storage refused (private mode): the message or the next page is lost, nothing else
  }
}

/** A message for the next load of a sign-in page (after sending the browser back to /login). */
export const setFlash = (message: string) => put(FLASH_KEY, message);
export const takeFlash = () => take(FLASH_KEY);

/** `next` survives the round trip through enterprise chat, whose return address is plain /login. */
export const stashNext = (next: string) => put(NEXT_KEY, next);
export const takeStashedNext = () => take(NEXT_KEY);

export function currentQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/** Takes one-time values (codes, encrypted credentials) out of the address bar and the history. */
export function dropFromAddress(keys: readonly string[]): void {
  const url = new URL(window.location.href);
  let changed = false;
  for (const key of keys) {
    if (url.searchParams.has(key)) {
      url.searchParams.delete(key);
      changed = true;
    }
  }
  if (changed) window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/** The server's message of a failed call, or the generic one. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
