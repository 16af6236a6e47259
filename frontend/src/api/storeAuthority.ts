/**
 * Store authority (spec §2.4 "apply permission", §7.9 staffList/getStoreAuthority and
 * getStoreAuthorityResult; docs/api.md "Store authority"). The server answers the spec's codes in the
 * envelope's errcode with HTTP 200: "200" filed / granted, "204" still waiting, "505" not passed. The
 * client hands them back as an ApiError without an alert (api/responseRules.ts); here they become
 * plain answers. Any other error keeps the client's alert and is thrown.
 */

import { ApiError, api } from "./client";
import type { Schemas } from "./schema";
import type { RoleEntry } from "./session";

export type Authority = Schemas["StoreAuthorityInput"]["authority"];
export type StoreAuthorityAsked = Schemas["StoreAuthorityAskedOutput"];

export const AUTHORITY_GRANTED = "200";
export const AUTHORITY_WAITING = "204";
export const AUTHORITY_NOT_PASSED = "505";
/** Spec §9: the permission result is polled every 5000 ms. */
export const AUTHORITY_POLL_MS = 5000;

export type AuthorityResult =
  | { code: typeof AUTHORITY_GRANTED; message: string; roles: RoleEntry[] }
  | { code: typeof AUTHORITY_WAITING; message: string }
  | { code: typeof AUTHORITY_NOT_PASSED; message: string };

function passedThrough(failure: unknown, code: string): ApiError | null {
  return failure instanceof ApiError && failure.errcode === code ? failure : null;
}

/** Files the request; answers its approval number and the QR of its approval page. */
export async function askStoreAuthority(userId: number, authority: Authority): Promise<StoreAuthorityAsked> {
  try {
    await api.post<unknown>("/rest/staffList/getStoreAuthority", {
      body: { userId, authority } satisfies Schemas["StoreAuthorityInput"],
    });
  } catch (failure) {
    const filed = passedThrough(failure, AUTHORITY_GRANTED);
    if (filed) return filed.data as StoreAuthorityAsked;
    throw failure;
  }
  throw new ApiError("UNEXPECTED", "");
}

/** One poll of the result; `attempt` is the spec's counter `n`. */
export async function pollStoreAuthority(spNo: string, attempt: number): Promise<AuthorityResult> {
  try {
    await api.get<unknown>("/rest/staffList/getStoreAuthorityResult", { query: { spNo, n: attempt } });
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    if (failure.errcode === AUTHORITY_GRANTED) {
      return { code: AUTHORITY_GRANTED, message: failure.message, roles: (failure.data as RoleEntry[] | null) ?? [] };
    }
    if (failure.errcode === AUTHORITY_WAITING || failure.errcode === AUTHORITY_NOT_PASSED) {
      return { code: failure.errcode, message: failure.message };
    }
    throw failure;
  }
  throw new ApiError("UNEXPECTED", "");
}
