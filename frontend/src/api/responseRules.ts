/**
 * The response rules of spec §8, as a pure function so they are unit-tested in one place.
 * The API client applies the outcome: notices, relogin, or an error for the caller.
 */

interface Envelope<T = unknown> {
  errcode: string;
  errmsg: string;
  data: T;
}

type Outcome<T = unknown> =
  | { kind: "ok"; data: T; notice: string | null }
  | { kind: "relogin"; message: string }
  | { kind: "error"; errcode: string; message: string; data: unknown; alert: boolean };

/** Codes that mean the session is gone: clear it and go to /relogin (spec §8). */
export function isReloginCode(errcode: string): boolean {
  return errcode === "LOGIN-40103" || errcode.includes("SECURES-LOGIN-ON-401") || errcode.includes("FILTER_LOGIN_");
}

interface PassThroughRule {
  /** Matched against the request path (without query). */
  path?: RegExp;
  /** When given, only these errcodes pass through; otherwise any. */
  codes?: readonly string[];
  /** Success answers shown without a notice. */
  quietSuccess?: boolean;
  /** Errors handed back to the caller without an alert. */
  quietError?: boolean;
}

/** Spec §8 "pass through with no alert": the caller handles these itself. */
const PASS_THROUGH: readonly PassThroughRule[] = [
  {
    path: /\/staffList\/getStoreAuthority(Result)?$/,
    codes: ["200", "204", "505"],
    quietSuccess: true,
    quietError: true,
  },
  { path: /\/(checkStoreMaster|flagCard)$/, quietSuccess: true, quietError: true },
  { path: /\/(auth\/logout|addshopowner)$/, quietSuccess: true },
  { path: /(stock|scancode|export|excel)/i, quietSuccess: true, quietError: true },
  { path: /schedule/i, quietSuccess: true },
  { path: /\/reservation\/saveOrUpdate$/, codes: ["RES-51021"], quietError: true },
  // The rota page asks about the reservations a rota change leaves without their nurse.
  { path: /\/schedule\/rota\/(save|copyLastWeek)$/, codes: ["RES-40906"], quietError: true },
  { codes: ["CONSUMELIMITMEMBER_001"], quietError: true },
  // Coupon pre-check and review-platform write-off errors go back to the dialog that shows them.
  { path: /\/(rzCheckFrequencyLimit|groupPurchasing)\//, quietError: true },
];

/** On HTTP failures the pay and price calls are ignored silently (spec §8). */
const SILENT_ON_HTTP_ERROR = /\/rest\/pay\/|\/price\//;

function rulesFor(path: string, errcode: string): PassThroughRule[] {
  return PASS_THROUGH.filter(
    (rule) =>
      (rule.path === undefined || rule.path.test(path)) && (rule.codes === undefined || rule.codes.includes(errcode)),
  );
}

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === "object" && body !== null && "errcode" in body && typeof (body as Envelope).errcode === "string"
  );
}

/** What to do with an answer: `body` is the parsed JSON, or null when the body was not JSON. */
export function classifyResponse<T>(path: string, status: number, body: unknown): Outcome<T> | null {
  if (!isEnvelope(body)) {
    return null; // not ours (proxy error page, network): the generic handler takes it
  }
  const { errcode, errmsg, data } = body;
  if (errcode === "0") {
    const quiet = rulesFor(path, errcode).some((rule) => rule.quietSuccess);
    return { kind: "ok", data: data as T, notice: errmsg && !quiet ? errmsg : null };
  }
  if (isReloginCode(errcode)) {
    return { kind: "relogin", message: errmsg };
  }
  const quietError = rulesFor(path, errcode).some((rule) => rule.quietError);
  const silentHttp = status >= 400 && SILENT_ON_HTTP_ERROR.test(path);
  return { kind: "error", errcode, message: errmsg, data, alert: !(quietError || silentHttp) };
}

interface GenericNotice {
  title: "error";
  /** An i18n key of the common namespace, or the server's own message. */
  messageKey: "requestErrorLogInAgain" | "requestFailed" | null;
  message: string | null;
  durationMs: number;
}

/** Spec §8 generic handler: a warning titled "error"; a message about logging in becomes "request
 * error, please log in again" for 1.5 s, anything else is shown (or the default) for 1 s. */
export function genericFailure(message: string | null | undefined): GenericNotice {
  if (message && /login|登录/i.test(message)) {
    return { title: "error", messageKey: "requestErrorLogInAgain", message: null, durationMs: 1500 };
  }
  if (message) {
    return { title: "error", messageKey: null, message, durationMs: 1000 };
  }
  return { title: "error", messageKey: "requestFailed", message: null, durationMs: 1000 };
}
