import { describe, expect, it } from "vitest";
import { destination, safeNext, wecomAuthorizeUrl, wecomQrLoginUrl, withNext } from "./signInUrls";

const ORIGIN = "https://store.example.com";
const APP = { appid: "ww1234567890", agentid: "1000002" };

describe("wecomQrLoginUrl", () => {
  it("builds WeCom's web-login QR address that returns to /login", () => {
    expect(wecomQrLoginUrl(APP, ORIGIN)).toBe(
      "https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=ww1234567890&agentid=1000002" +
        "&redirect_uri=https%3A%2F%2Fstore.example.com%2Flogin&state=erp",
    );
  });

  it("encodes what it is given", () => {
    const url = new URL(wecomQrLoginUrl({ appid: "a&b", agentid: "1 2" }, "http://127.0.0.1:8050"));
    expect(url.searchParams.get("appid")).toBe("a&b");
    expect(url.searchParams.get("agentid")).toBe("1 2");
    expect(url.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:8050/login");
  });
});

describe("wecomAuthorizeUrl", () => {
  it("builds WeCom's OAuth authorize address that returns to /wxRegister", () => {
    expect(wecomAuthorizeUrl(APP, ORIGIN)).toBe(
      "https://open.weixin.qq.com/connect/oauth2/authorize?appid=ww1234567890" +
        "&redirect_uri=https%3A%2F%2Fstore.example.com%2FwxRegister&response_type=code&scope=snsapi_base" +
        "&state=bind&agentid=1000002#wechat_redirect",
    );
  });
});

describe("safeNext and destination", () => {
  it("follows a path of this site", () => {
    expect(safeNext("/orderBoard", ORIGIN)).toBe("/orderBoard");
    expect(safeNext("/MemberList?page=2#top", ORIGIN)).toBe("/MemberList?page=2#top");
    expect(destination("/orderBoard", "/shopManagement", ORIGIN)).toBe("/orderBoard");
  });

  it("refuses other sites, schemes and sign-in pages, falling back to the landing page", () => {
    for (const next of [
      null,
      "",
      "orderBoard",
      "//evil.example.com/x",
      "/\\evil.example.com",
      "https://evil.example.com/",
      "javascript:alert(1)",
      "/login",
      "/xxbLogin?chooseRole=1",
      "/relogin",
    ]) {
      expect(safeNext(next, ORIGIN)).toBeNull();
      expect(destination(next, "/shopManagement", ORIGIN)).toBe("/shopManagement");
    }
  });

  it("withNext carries next along", () => {
    expect(withNext("/xxbLogin", "/orderBoard?date=2024-01-01")).toBe(
      "/xxbLogin?next=%2ForderBoard%3Fdate%3D2024-01-01",
    );
    expect(withNext("/xxbLogin", null)).toBe("/xxbLogin");
  });
});
