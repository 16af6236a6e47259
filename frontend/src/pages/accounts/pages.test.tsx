import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n";
import { AccountLoginPage } from "./AccountLoginPage";
import { LoginPage } from "./LoginPage";
import { RegisterPage } from "./RegisterPage";
import { ReloginPage } from "./ReloginPage";
import { WxRegisterPage } from "./WxRegisterPage";
import en from "../../i18n/locales/en/signIn.json";
import zh from "../../i18n/locales/zh-hans/signIn.json";
import { roleEntry } from "../../test/fixtures";
import { renderPage, stubFetch } from "./testing";

const LOGIN_INFO = {
  loginName: "SY00002",
  nickname: "Li Hua",
  createdDate: "2024-01-01T00:00:00+08:00",
  enabled: true,
  userId: 2,
  roles: [roleEntry({ checked: true })],
  stores: [{ id: 1, name: "Store A" }],
  access: "acc",
  refresh: "ref",
  accountVersion: "ver",
};

function openAt(path: string) {
  window.history.replaceState(null, "", path);
}

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe("the sign-in pages", () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    openAt("/");
  });

  it("have every text in both languages", () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });

  it("/login shows the WeCom QR code when enterprise chat is set up", async () => {
    openAt("/login");
    stubFetch({ "/api/v1/wxwork/info": { data: { appid: "ww1", agentid: "1000002", configured: true } } });
    renderPage(<LoginPage />);
    const frame = await screen.findByTitle("Enterprise-chat QR code");
    expect(frame.getAttribute("src")).toBe(
      "https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=ww1&agentid=1000002" +
        `&redirect_uri=${encodeURIComponent(`${window.location.origin}/login`)}&state=erp`,
    );
  });

  it("/login says when enterprise chat is not set up, and links to the account login keeping next", async () => {
    openAt("/login?next=%2ForderBoard");
    stubFetch({ "/api/v1/wxwork/info": { data: { appid: "", agentid: "", configured: false } } });
    renderPage(<LoginPage />);
    expect(await screen.findByText(/Enterprise-chat sign-in is not set up/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "account login" })).toHaveAttribute("href", "/xxbLogin?next=%2ForderBoard");
  });

  it("/login?code= signs in with enterprise chat, then shows the role step", async () => {
    openAt("/login?code=abc&state=erp");
    const { calls } = stubFetch({ "/api/v1/wxwork/login": { data: LOGIN_INFO, errmsg: "signed in" } });
    renderPage(<LoginPage />);
    expect(await screen.findByText("Store A | Principal")).toBeInTheDocument();
    expect(calls[0]?.url).toBe("/api/v1/wxwork/login?code=abc");
    expect(window.location.search).toBe("");
    expect(JSON.parse(window.localStorage.getItem("erp.tokens") ?? "{}")).toEqual({
      access: "acc",
      refresh: "ref",
      accountVersion: "ver",
    });
  });

  it("/login?code= goes back to /login with the message on an abnormal enterprise-chat login", async () => {
    openAt("/login?code=used&state=erp&next=%2ForderBoard");
    stubFetch({
      "/api/v1/wxwork/login": {
        status: 401,
        errcode: "WECOM-LOGIN-ABNORMAL",
        errmsg: "login abnormal: enterprise-chat sign-in failed, please scan the QR code again",
      },
    });
    const navigate = vi.fn();
    renderPage(<LoginPage navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/login?next=%2ForderBoard"));
    expect(window.sessionStorage.getItem("erp.signIn.flash")).toBe(
      "login abnormal: enterprise-chat sign-in failed, please scan the QR code again",
    );
  });

  it("/login shows the message it was sent back with", async () => {
    openAt("/login");
    window.sessionStorage.setItem("erp.signIn.flash", "login abnormal: try again");
    stubFetch({ "/api/v1/wxwork/info": { data: { appid: "", agentid: "", configured: false } } });
    renderPage(<LoginPage />);
    expect(screen.getByText("login abnormal: try again")).toBeInTheDocument();
    expect(window.sessionStorage.getItem("erp.signIn.flash")).toBeNull();
    await screen.findByText(/not set up/);
  });

  it("/login?code= of an unbound member stays on /login with the message", async () => {
    openAt("/login?code=abc");
    stubFetch({
      "/api/v1/wxwork/login": {
        status: 401,
        errcode: "WECOM-NOT-BOUND",
        errmsg: "this enterprise-chat account is not bound",
      },
      "/api/v1/wxwork/info": { data: { appid: "", agentid: "", configured: false } },
    });
    const navigate = vi.fn();
    renderPage(<LoginPage navigate={navigate} />);
    expect(await screen.findByText("this enterprise-chat account is not bound")).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("/login?ql=1 stays on /login with the message when quick login fails", async () => {
    openAt("/login?ql=1");
    stubFetch({
      "/rest/auth/quickLogin": { status: 401, errcode: "LOGIN-QUICK-INVALID", errmsg: "quick login expired" },
      "/api/v1/wxwork/info": { data: { appid: "", agentid: "", configured: false } },
    });
    renderPage(<LoginPage />);
    expect(await screen.findByText("quick login expired")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "account login" })).toBeInTheDocument();
  });

  it("/xxbLogin?chooseRole=1 shows the role step of the stored tokens", async () => {
    openAt("/xxbLogin?chooseRole=1&next=%2ForderBoard");
    window.localStorage.setItem("erp.tokens", JSON.stringify({ access: "a", refresh: "r", accountVersion: "v" }));
    const { calls } = stubFetch({
      "/rest/acct/loginInfo": {
        data: { userId: 2, userName: "Li Hua", loginName: "SY00002", roles: LOGIN_INFO.roles },
      },
    });
    renderPage(<AccountLoginPage />);
    expect(await screen.findByText("Store A | Principal")).toBeInTheDocument();
    expect(calls[0]?.headers.Authorization).toBe("Bearer a");
  });

  it("/xxbLogin?chooseRole=1 without tokens shows the form", () => {
    openAt("/xxbLogin?chooseRole=1");
    const { fetch } = stubFetch({});
    renderPage(<AccountLoginPage />);
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("/xxbLogin with a manager-side link signs in by itself and drops the credentials from the address", async () => {
    openAt("/xxbLogin?u=enc-u&p=enc-p&uid=u1&userId=2");
    const { calls } = stubFetch({ "/rest/auth/handoverLogin": { data: LOGIN_INFO } });
    renderPage(<AccountLoginPage />);
    expect(await screen.findByText("Store A | Principal")).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ u: "enc-u", p: "enc-p", uid: "u1", userId: "2" });
    expect(window.location.search).toBe("");
  });

  it("/register checks the minimum length, then shows the success notice and a sign-in link", async () => {
    const { calls } = stubFetch({
      "/rest/acct/createAcct": {
        status: 201,
        errmsg: "registered, please log in on the tablet",
        data: { loginName: "abcdef" },
      },
    });
    renderPage(<RegisterPage />);
    fireEvent.change(screen.getByLabelText("Account"), { target: { value: "abc" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(screen.getByText("minimum length is six")).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Account"), { target: { value: "abcdef" } });
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("registered, please log in on the tablet")).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ account: "abcdef", password: "123456" });
    expect(screen.getByRole("link", { name: "Go to sign-in" })).toHaveAttribute("href", "/xxbLogin");
  });

  it("/wxRegister?code= binds and shows the result", async () => {
    openAt("/wxRegister?code=xyz&state=bind");
    const { calls } = stubFetch({
      "/api/v1/wxwork/binding": { data: { loginName: "SY00002", wecomUserId: "li" }, errmsg: "bound" },
      "/api/v1/wxwork/info": { data: { appid: "ww1", agentid: "1000002", configured: true } },
    });
    renderPage(<WxRegisterPage />);
    expect(await screen.findByText("Enterprise chat is now bound to SY00002.")).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain("/api/v1/wxwork/binding?code=xyz");
  });

  it("/wxRegister's authorize button is there once enterprise chat is set up", async () => {
    openAt("/wxRegister");
    stubFetch({ "/api/v1/wxwork/info": { data: { appid: "ww1", agentid: "1000002", configured: true } } });
    renderPage(<WxRegisterPage />);
    await waitFor(() => expect(screen.getByRole("button", { name: "Authorize" })).toBeEnabled());
  });

  it("/relogin clears the session and offers to log in again", () => {
    window.localStorage.setItem("erp.session", "{}");
    window.localStorage.setItem("erp.tokens", "{}");
    renderPage(<ReloginPage />);
    expect(screen.getByRole("heading", { name: "You have left the back-office system" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in again" })).toHaveAttribute("href", "/login");
    expect(window.localStorage.length).toBe(0);
  });

  it("/relogin signs in with the account when enterprise chat is not set up, back to the page it came from", () => {
    openAt("/relogin?next=%2FmemberList");
    window.sessionStorage.setItem("erp.draft:/memberList|member.create", "{}");
    window.localStorage.setItem("erp.tokens", "{}");
    renderPage(<ReloginPage signInPage="/xxbLogin" />);
    expect(screen.getByRole("link", { name: "Log in again" })).toHaveAttribute("href", "/xxbLogin?next=%2FmemberList");
    expect(window.localStorage.length).toBe(0);
    // The session ended by itself: the form's draft waits for the sign-in.
    expect(window.sessionStorage.getItem("erp.draft:/memberList|member.create")).toBe("{}");
  });

  it("switch the language from the card", async () => {
    const { container } = renderPage(<ReloginPage />);
    const button = (language: string) => container.querySelector<HTMLButtonElement>(`button[value="${language}"]`);
    expect(button("en")).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(button("zh-hans") as HTMLButtonElement);
    await waitFor(() => expect(i18n.language).toBe("zh-hans"));
    expect(document.cookie).toContain("django_language=zh-hans");
    expect(document.documentElement.lang).toBe("zh-hans");
    fireEvent.click(button("en") as HTMLButtonElement);
    await waitFor(() => expect(i18n.language).toBe("en"));
    expect(document.documentElement.lang).toBe("en");
    expect(screen.getByRole("heading", { name: "You have left the back-office system" })).toBeInTheDocument();
  });
});
