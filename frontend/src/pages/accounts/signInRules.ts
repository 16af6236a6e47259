/**
 * The account and password rules of spec §5 in the browser: the same rules, in the same order and
 * with the same messages, as the server's apps/accounts/sign_in_rules.py. Pure: the pages translate
 * the message keys through the `signIn` namespace (`rules.<key>`), whose English texts are the
 * server's English messages verbatim.
 */

const ACCOUNT_MAX = 15;
const PASSWORD_MAX = 32;
const REGISTER_MIN = 6;
const MANAGER_PREFIX = "SYYG";
const ACCOUNT_PREFIX = "SY";
const ACCOUNT_CODE_LENGTH = 7;
const LOGIN_USERNAME_PREFIX = "ERP:";

export type RuleMessage =
  | "accountRequired"
  | "managerPrefix"
  | "accountTooLong"
  | "passwordRequired"
  | "passwordTooLong"
  | "minLength"
  | "staffCode";

type Checked = { ok: true; value: string } | { ok: false; message: RuleMessage };

const DIGITS = /^[0-9]+$/;
/** Staff codes, SY and digits (SY00012): head office gives them out, so none is registered. */
const STAFF_CODE = /^SY[0-9]+$/i;

/** Required; no SYYG prefix (managers sign in by phone); at most 15 characters; 1 to 5 digits
 * become an account code: SY and zeros, 7 characters in all (12 -> SY00012). */
export function normalizeAccount(raw: string | null | undefined): Checked {
  const account = (raw ?? "").trim();
  if (!account) return { ok: false, message: "accountRequired" };
  if (account.toUpperCase().startsWith(MANAGER_PREFIX)) return { ok: false, message: "managerPrefix" };
  if (account.length > ACCOUNT_MAX) return { ok: false, message: "accountTooLong" };
  const digits = ACCOUNT_CODE_LENGTH - ACCOUNT_PREFIX.length;
  if (DIGITS.test(account) && account.length <= digits) {
    return { ok: true, value: ACCOUNT_PREFIX + account.padStart(digits, "0") };
  }
  return { ok: true, value: account };
}

export function checkPassword(raw: string | null | undefined): Checked {
  const password = raw ?? "";
  if (!password) return { ok: false, message: "passwordRequired" };
  if (password.length > PASSWORD_MAX) return { ok: false, message: "passwordTooLong" };
  return { ok: true, value: password };
}

/** The login form sends `ERP:<account>` (spec §7.4). */
export function loginUsername(account: string): string {
  return `${LOGIN_USERNAME_PREFIX}${account}`;
}

export interface FieldErrors {
  account?: RuleMessage;
  password?: RuleMessage;
}

export type Validated = { ok: true; account: string; password: string } | { ok: false; errors: FieldErrors };

function validated(account: Checked, password: Checked): Validated {
  if (account.ok && password.ok) return { ok: true, account: account.value, password: password.value };
  const errors: FieldErrors = {};
  if (!account.ok) errors.account = account.message;
  if (!password.ok) errors.password = password.message;
  return { ok: false, errors };
}

/** The sign-in form: each field's first broken rule, or the account as it is sent. */
export function validateLogin(account: string, password: string): Validated {
  return validated(normalizeAccount(account), checkPassword(password));
}

function registrationAccount(raw: string): Checked {
  const account = raw.trim();
  if (!account) return { ok: false, message: "accountRequired" };
  if (account.length < REGISTER_MIN) return { ok: false, message: "minLength" };
  if (account.length > ACCOUNT_MAX) return { ok: false, message: "accountTooLong" };
  if (account.toUpperCase().startsWith(MANAGER_PREFIX)) return { ok: false, message: "managerPrefix" };
  if (STAFF_CODE.test(account)) return { ok: false, message: "staffCode" };
  return { ok: true, value: account };
}

function registrationPassword(password: string): Checked {
  if (!password) return { ok: false, message: "passwordRequired" };
  if (password.length < REGISTER_MIN) return { ok: false, message: "minLength" };
  if (password.length > PASSWORD_MAX) return { ok: false, message: "passwordTooLong" };
  return { ok: true, value: password };
}

/** The register form (spec §5): each field's first broken rule. Both required and at least six
 * characters ("minimum length is six"); the sign-in limits apply too, as on the server. */
export function validateRegistration(account: string, password: string): Validated {
  return validated(registrationAccount(account), registrationPassword(password));
}

/** The server's check_registration exactly: the first broken rule over both fields, in its order. */
export function checkRegistration(
  rawAccount: string | null | undefined,
  rawPassword: string | null | undefined,
):
  { ok: true; account: string; password: string } | { ok: false; field: "account" | "password"; message: RuleMessage } {
  const account = (rawAccount ?? "").trim();
  const password = rawPassword ?? "";
  for (const [field, value] of [
    ["account", account],
    ["password", password],
  ] as const) {
    if (!value) return { ok: false, field, message: field === "account" ? "accountRequired" : "passwordRequired" };
    if (value.length < REGISTER_MIN) return { ok: false, field, message: "minLength" };
  }
  if (account.length > ACCOUNT_MAX) return { ok: false, field: "account", message: "accountTooLong" };
  if (account.toUpperCase().startsWith(MANAGER_PREFIX))
    return { ok: false, field: "account", message: "managerPrefix" };
  if (STAFF_CODE.test(account)) return { ok: false, field: "account", message: "staffCode" };
  if (password.length > PASSWORD_MAX) return { ok: false, field: "password", message: "passwordTooLong" };
  return { ok: true, account, password };
}
