/**
 * The one API client: speaks the envelope of the contract and applies the response rules of
 * spec §8 (api/responseRules.ts). Every island calls the server through `api`.
 */

import { i18n } from "../i18n";
import { closedDayAction, DAY_CLOSED } from "../lib/dayReopenAsk";
import { notify } from "../lib/notices";
import { refreshTokens } from "./refresh";
import { classifyResponse, genericFailure, isEnvelope } from "./responseRules";
import { clearSession, currentTokens, type Tokens } from "./session";

export class ApiError extends Error {
  constructor(
    readonly errcode: string,
    message: string,
    readonly data: unknown = null,
    readonly status = 0,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Field messages of a VALID-40000 answer. */
  get fields(): Record<string, string[]> {
    const fields = (this.data as { fields?: Record<string, string[]> } | null)?.fields;
    return fields ?? {};
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

interface RequestOptions {
  query?: Query;
  /** A JSON body. */
  body?: unknown;
  /** A form-encoded body (the sign-in call). */
  form?: Record<string, string>;
  /** A multipart body (calls that take files); the browser writes its Content-Type and boundary. */
  multipart?: FormData;
  /** Leave notices to the caller (the caller still gets the error). */
  quiet?: boolean;
  /** Sent as `Idempotency-Key` (contract §8) on commands that move money, sessions or points: one
   * key per submitted form, so a retry or a double click of the same submission runs once. */
  idempotencyKey?: string;
}

export const RELOGIN_PAGE = "/relogin";

/** What an access token that has run out (or was revoked) is refused with: worth one refresh. */
const EXPIRED_SIGN_IN = "SECURES-LOGIN-ON-401";

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function csrfToken(): string | null {
  const input = document.querySelector<HTMLInputElement>("input[name=csrfmiddlewaretoken]");
  if (input?.value) return input.value;
  const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The session is over without the person signing out: clear it, keeping this tab's form drafts,
 * and go to /relogin, which sends the sign-in back to this page (where the drafts are restored). */
export function relogin(): void {
  clearSession({ keepDrafts: true });
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${RELOGIN_PAGE}?${new URLSearchParams({ next: here }).toString()}`);
}

async function request<T>(method: string, path: string, options: RequestOptions = {}, retried = false): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": i18n.language };
  const tokens = currentTokens();
  if (tokens) {
    headers.Authorization = `Bearer ${tokens.access}`;
    headers["X-Account-Version"] = tokens.accountVersion;
  }
  let body: BodyInit | undefined;
  if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    body = new URLSearchParams(options.form);
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (method !== "GET") {
    const token = csrfToken();
    if (token) headers["X-CSRFToken"] = token;
  }

  let response: Response;
  let parsed: unknown;
  try {
    response = await fetch(withQuery(path, options.query), { method, headers, body, credentials: "same-origin" });
    parsed = await response.json().catch(() => null);
  } catch (failure) {
    const message = failure instanceof Error ? failure.message : null;
    showGeneric(message, options.quiet);
    throw new ApiError("NETWORK", message ?? "", null, 0);
  }

  const outcome = classifyResponse<T>(path, response.status, parsed);
  if (outcome === null) {
    showGeneric(response.statusText, options.quiet);
    throw new ApiError(`HTTP-${response.status}`, response.statusText, null, response.status);
  }
  if (outcome.kind === "ok") {
    if (outcome.notice && !options.quiet) notify("success", outcome.notice);
    return outcome.data;
  }
  if (outcome.kind === "relogin") {
    const errcode = isEnvelope(parsed) ? parsed.errcode : "";
    if (!retried && errcode === EXPIRED_SIGN_IN && tokens?.refresh) {
      // One refresh, shared with every request refused meanwhile, then this request once more.
      let fresh: Tokens | null;
      try {
        fresh = await refreshTokens(tokens.access, i18n.language);
      } catch {
        // No answer to the refresh: this request fails as a network failure; the session goes on.
        showGeneric(null, options.quiet);
        throw new ApiError("NETWORK", "", null, 0);
      }
      if (fresh) return request<T>(method, path, options, true);
    }
    relogin();
    throw new ApiError("RELOGIN", outcome.message, null, response.status);
  }
  if (outcome.alert && !options.quiet) {
    // A closed day's refusal says what to do about it, and its notice offers it (issue 28 §2).
    const closedDay = outcome.errcode === DAY_CLOSED;
    notify("error", outcome.message, {
      durationMs: closedDay ? 10000 : 4000,
      action: closedDay ? closedDayAction(outcome.data) : undefined,
    });
  }
  throw new ApiError(outcome.errcode, outcome.message, outcome.data, response.status);
}

function showGeneric(message: string | null, quiet?: boolean): void {
  if (quiet) return;
  const generic = genericFailure(message);
  const text = generic.messageKey ? i18n.t(`common:${generic.messageKey}`) : (generic.message ?? "");
  notify("warning", text, { title: i18n.t("common:errorTitle"), durationMs: generic.durationMs });
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>("POST", path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>("PUT", path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
};

/** A fresh key for one submission of a form (see `RequestOptions.idempotencyKey`). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** A page of a list (contract §2). */
export interface Page<T> {
  list: T[];
  total: number;
}
