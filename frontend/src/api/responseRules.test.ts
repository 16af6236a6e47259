import { describe, expect, it } from "vitest";
import { classifyResponse, genericFailure, isReloginCode } from "./responseRules";

const envelope = (errcode: string, errmsg = "", data: unknown = null) => ({ errcode, errmsg, data });

describe("classifyResponse (spec §8)", () => {
  it("shows a success notice only when errcode is 0 and there is a message", () => {
    expect(classifyResponse("/rest/x/save", 200, envelope("0", "saved", { id: 1 }))).toEqual({
      kind: "ok",
      data: { id: 1 },
      notice: "saved",
    });
    expect(classifyResponse("/rest/x/list", 200, envelope("0", "", []))).toEqual({
      kind: "ok",
      data: [],
      notice: null,
    });
  });

  it.each([
    "LOGIN-40103",
    "SECURES-LOGIN-ON-401",
    "X-SECURES-LOGIN-ON-401-Y",
    "FILTER_LOGIN_VERSION",
    "FILTER_LOGIN_NO_ROLE",
  ])("sends %s to relogin", (code) => {
    expect(isReloginCode(code)).toBe(true);
    expect(classifyResponse("/rest/acct/loginInfo", 401, envelope(code, "gone"))).toEqual({
      kind: "relogin",
      message: "gone",
    });
  });

  it("alerts any other error with the server's message", () => {
    expect(classifyResponse("/rest/member/newMember", 409, envelope("MEM-40901", "taken"))).toMatchObject({
      kind: "error",
      errcode: "MEM-40901",
      message: "taken",
      alert: true,
    });
  });

  it("passes a double booking through to the reservation form without an alert", () => {
    expect(classifyResponse("/rest/reservation/saveOrUpdate", 409, envelope("RES-51021", "busy"))).toMatchObject({
      kind: "error",
      alert: false,
    });
    expect(classifyResponse("/rest/reservation/saveOrUpdate", 400, envelope("VALID-40000", "bad"))).toMatchObject({
      alert: true,
    });
  });

  it.each([
    ["/rest/staffList/getStoreAuthority", "204"],
    ["/rest/staffList/getStoreAuthorityResult", "505"],
    ["/rest/acct/checkStoreMaster", "ACCT-1"],
    ["/rest/stockOut/create", "STOCK-1"],
    ["/rest/report/export", "-10"],
    ["/rest/order/commit", "CONSUMELIMITMEMBER_001"],
  ])("passes %s %s through without an alert", (path, code) => {
    expect(classifyResponse(path, 200, envelope(code, "x"))).toMatchObject({ kind: "error", alert: false });
  });

  it("keeps logout and schedule edits quiet on success", () => {
    expect(classifyResponse("/rest/auth/logout", 200, envelope("0", "signed out"))).toMatchObject({ notice: null });
    expect(classifyResponse("/rest/schedule/save", 200, envelope("0", "saved"))).toMatchObject({ notice: null });
  });

  it("ignores pay and price failures silently", () => {
    expect(classifyResponse("/rest/pay/price/12", 500, envelope("SYS-50000", "x"))).toMatchObject({ alert: false });
  });

  it("leaves an answer that is not an envelope to the generic handler", () => {
    expect(classifyResponse("/rest/x", 502, null)).toBeNull();
    expect(classifyResponse("/rest/x", 200, { hello: 1 })).toBeNull();
  });
});

describe("genericFailure (spec §8)", () => {
  it("asks to log in again for 1.5 s when the message is about logging in", () => {
    expect(genericFailure("Login expired")).toEqual({
      title: "error",
      messageKey: "requestErrorLogInAgain",
      message: null,
      durationMs: 1500,
    });
    expect(genericFailure("请重新登录").durationMs).toBe(1500);
  });

  it("shows the message, or the default, for 1 s", () => {
    expect(genericFailure("Bad Gateway")).toEqual({
      title: "error",
      messageKey: null,
      message: "Bad Gateway",
      durationMs: 1000,
    });
    expect(genericFailure(null)).toEqual({
      title: "error",
      messageKey: "requestFailed",
      message: null,
      durationMs: 1000,
    });
  });
});
