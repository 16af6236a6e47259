import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import {
  checkPassword,
  checkRegistration,
  loginUsername,
  normalizeAccount,
  validateLogin,
  validateRegistration,
  type RuleMessage,
} from "./signInRules";

/** The server's English messages (apps/accounts/sign_in_rules.py), verbatim. */
const SERVER_MESSAGES: Record<RuleMessage, string> = {
  accountRequired: "please enter account name",
  managerPrefix: "managers please log in with phone number",
  accountTooLong: "account name cannot exceed 15 characters",
  passwordRequired: "please enter password",
  passwordTooLong: "password cannot exceed 32 characters",
  minLength: "minimum length is six",
  staffCode: "SY and digits is a staff code, which head office gives out",
};

describe("the rule messages", () => {
  it("read in English exactly as the server's", () => {
    const en = i18n.getFixedT("en", "signIn");
    for (const [key, message] of Object.entries(SERVER_MESSAGES)) {
      expect(en(`rules.${key}`)).toBe(message);
    }
  });

  it("have a Simplified Chinese text each", () => {
    const zh = i18n.getResourceBundle("zh-hans", "signIn") as { rules: Record<string, string> };
    for (const key of Object.keys(SERVER_MESSAGES)) {
      expect(zh.rules[key]).toMatch(/\S/);
      expect(zh.rules[key]).not.toBe(SERVER_MESSAGES[key as RuleMessage]);
    }
  });
});

describe("normalizeAccount (sign_in_rules.normalize_account)", () => {
  it("requires an account", () => {
    for (const raw of ["", "   ", null, undefined]) {
      expect(normalizeAccount(raw)).toEqual({ ok: false, message: "accountRequired" });
    }
  });

  it("refuses the SYYG prefix in any case", () => {
    expect(normalizeAccount("SYYG0001")).toEqual({ ok: false, message: "managerPrefix" });
    expect(normalizeAccount("syyg1")).toEqual({ ok: false, message: "managerPrefix" });
  });

  it("refuses more than 15 characters, counted after trimming", () => {
    expect(normalizeAccount("a".repeat(16))).toEqual({ ok: false, message: "accountTooLong" });
    expect(normalizeAccount(`  ${"a".repeat(15)}  `)).toEqual({ ok: true, value: "a".repeat(15) });
  });

  it("checks the prefix before the length, as the server does", () => {
    expect(normalizeAccount(`SYYG${"1".repeat(20)}`)).toEqual({ ok: false, message: "managerPrefix" });
  });

  it("pads 1 to 5 digits into SY and zeros, 7 characters in all", () => {
    expect(normalizeAccount("1")).toEqual({ ok: true, value: "SY00001" });
    expect(normalizeAccount("12")).toEqual({ ok: true, value: "SY00012" });
    expect(normalizeAccount(" 123 ")).toEqual({ ok: true, value: "SY00123" });
    expect(normalizeAccount("1234")).toEqual({ ok: true, value: "SY01234" });
    expect(normalizeAccount("12345")).toEqual({ ok: true, value: "SY12345" });
    expect(normalizeAccount("00007")).toEqual({ ok: true, value: "SY00007" });
  });

  it("keeps longer numbers and other accounts as typed", () => {
    expect(normalizeAccount("123456")).toEqual({ ok: true, value: "123456" });
    expect(normalizeAccount("13900000001")).toEqual({ ok: true, value: "13900000001" });
    expect(normalizeAccount("SY00002")).toEqual({ ok: true, value: "SY00002" });
    expect(normalizeAccount("12a")).toEqual({ ok: true, value: "12a" });
  });
});

describe("checkPassword (sign_in_rules.check_password)", () => {
  it("requires a password, not trimmed", () => {
    expect(checkPassword("")).toEqual({ ok: false, message: "passwordRequired" });
    expect(checkPassword(null)).toEqual({ ok: false, message: "passwordRequired" });
    expect(checkPassword(" ")).toEqual({ ok: true, value: " " });
  });

  it("allows 32 characters and refuses 33", () => {
    expect(checkPassword("p".repeat(32))).toEqual({ ok: true, value: "p".repeat(32) });
    expect(checkPassword("p".repeat(33))).toEqual({ ok: false, message: "passwordTooLong" });
  });
});

describe("validateLogin", () => {
  it("reports each field's first broken rule", () => {
    expect(validateLogin("", "")).toEqual({
      ok: false,
      errors: { account: "accountRequired", password: "passwordRequired" },
    });
    expect(validateLogin("SYYG1", "x")).toEqual({ ok: false, errors: { account: "managerPrefix" } });
    expect(validateLogin("ok", "p".repeat(33))).toEqual({ ok: false, errors: { password: "passwordTooLong" } });
  });

  it("answers the account as it is sent", () => {
    expect(validateLogin("2", "Demo@12345")).toEqual({ ok: true, account: "SY00002", password: "Demo@12345" });
    expect(loginUsername("SY00002")).toBe("ERP:SY00002");
  });
});

describe("registration (sign_in_rules.check_registration)", () => {
  it("requires both, account first", () => {
    expect(checkRegistration("", "")).toEqual({ ok: false, field: "account", message: "accountRequired" });
    expect(checkRegistration("abcdef", "")).toEqual({ ok: false, field: "password", message: "passwordRequired" });
  });

  it("needs at least six characters in each", () => {
    expect(checkRegistration("abcde", "secret1")).toEqual({ ok: false, field: "account", message: "minLength" });
    expect(checkRegistration("abcdef", "12345")).toEqual({ ok: false, field: "password", message: "minLength" });
    expect(checkRegistration("abcdef", "123456")).toEqual({ ok: true, account: "abcdef", password: "123456" });
  });

  it("then applies the sign-in limits, in the server's order", () => {
    expect(checkRegistration("a".repeat(16), "p".repeat(40))).toEqual({
      ok: false,
      field: "account",
      message: "accountTooLong",
    });
    expect(checkRegistration("SYYG0001", "p".repeat(40))).toEqual({
      ok: false,
      field: "account",
      message: "managerPrefix",
    });
    expect(checkRegistration("abcdef", "p".repeat(33))).toEqual({
      ok: false,
      field: "password",
      message: "passwordTooLong",
    });
  });

  it("refuses a staff code, which head office gives out, in any case and of any length", () => {
    for (const account of ["SY00099", "sy00099", "SY123456", " SY99999 "]) {
      expect(checkRegistration(account, "secret1")).toEqual({ ok: false, field: "account", message: "staffCode" });
      expect(validateRegistration(account, "secret1")).toEqual({ ok: false, errors: { account: "staffCode" } });
    }
    for (const account of ["SYabcd", "SY0001a", "ASY00099", "123456"]) {
      expect(checkRegistration(account, "secret1")).toEqual({ ok: true, account, password: "secret1" });
    }
  });

  it("the form shows each field's first broken rule", () => {
    expect(validateRegistration("", "")).toEqual({
      ok: false,
      errors: { account: "accountRequired", password: "passwordRequired" },
    });
    expect(validateRegistration("abc", "abc")).toEqual({
      ok: false,
      errors: { account: "minLength", password: "minLength" },
    });
    expect(validateRegistration(" abcdef ", "secret")).toEqual({ ok: true, account: "abcdef", password: "secret" });
  });
});
