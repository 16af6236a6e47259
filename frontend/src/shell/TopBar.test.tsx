import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession, type SessionUserInfo } from "../api/session";
import { shellKeys } from "../api/shell";
import { switchLanguage } from "../i18n";
import { AppProviders } from "../islands/mount";
import type { PageContext } from "../islands/pageContext";
import { queryClient } from "../islands/queryClient";
import { roleEntry, sessionInfo } from "../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../test/notices";
import { fakeServer, ok, type Routes } from "./testing/fakeServer";
import { Shell } from "./TopBar";

const CONTEXT: PageContext = {
  route: "/taskList",
  code: null,
  signedIn: true,
  builtRoutes: ["/messageList", "/taskList"],
  pages: [
    { route: "/messageList", code: "XXZX-0001", titleEn: "Messages", titleZh: "消息中心" },
    { route: "/taskList", code: null, titleEn: "Tasks", titleZh: "任务中心" },
    { route: "/promotion", code: "KCXG-0001", titleEn: "Promotions", titleZh: "促销" },
    { route: "/shopManagement", code: "ERP-MENU", titleEn: "Shop management", titleZh: "门店管理" },
  ],
  badgeRefreshSeconds: 60,
  notices: [],
  signInPage: "/xxbLogin",
  sessionIdleMinutes: 60,
};

const PRINCIPAL = sessionInfo({
  loginName: "SY00002",
  nickname: "Principal",
  userId: 8,
  roleId: 2,
  roleName: "Principal",
  userRoleId: 200,
  isOwner: false,
  header_text: "Store A|Principal",
  menu: ["XXZX-0001"],
  landing: "/orderBoard",
  access: "a",
  refresh: "r",
  accountVersion: "v",
});

/** The principal's login info; `overrides` name what a test needs (its role entries). */
function loginInfo(overrides: Record<string, unknown> = {}) {
  return ok({
    userId: 8,
    phone: "139",
    roles: [],
    canLoginBoss: false,
    canLoginManager: true,
    userName: "",
    loginName: "",
    storeName: "",
    ...overrides,
  });
}

function routes(overrides: Routes = {}): Routes {
  return {
    "GET /rest/messageCenter/searchCountMsg": () => ok(150),
    "GET /rest/taskCenterRest/searchCountMsgStore": () => ok(3),
    "GET /rest/approvalCenterRest/waitingCount": () => ok({ waiting: 0 }),
    "GET /rest/taskCenterRest/searchTaskStore": () => ok({ list: [{ id: 1, type: 2, msgName: "Pay" }], total: 3 }),
    "GET /rest/messageCenter/getMandatoryShowMsg": () => ok(null),
    "GET /rest/shopDetail/findStoreListByBossId/10": () => ok([]),
    "GET /rest/acct/loginInfo": () => loginInfo(),
    "POST /rest/auth/logout": () => ok(null, "signed out"),
    ...overrides,
  };
}

function renderShell(session: SessionUserInfo, navigate = vi.fn()) {
  saveSession(session);
  render(
    <AppProviders>
      <Shell navigate={navigate} context={CONTEXT} />
    </AppProviders>,
  );
  return navigate;
}

describe("the top bar", () => {
  beforeEach(() => window.localStorage.clear());

  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    dismissAllNotices();
  });

  it("shows the message badge capped at 99+ and the task bell's payment notice", async () => {
    const server = fakeServer(routes());
    renderShell(PRINCIPAL);

    expect(await screen.findByText("99+")).toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Payment notice: 3 unread tasks" }));
    expect(await screen.findByRole("menuitem", { name: /Payment notice: 3 unread tasks/ })).toHaveAttribute(
      "href",
      "/taskList",
    );
    expect(screen.getByRole("menuitem", { name: /Approval centre/ })).toHaveAttribute("href", "/approvalCenter");
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    expect(screen.getByRole("link", { name: "150 new messages" })).toHaveAttribute("href", "/messageList");
    expect(server.callsTo("GET /rest/messageCenter/searchCountMsg")[0]?.query.toString()).toBe(
      "departmentId=10&isRead=2",
    );
    const first = server.callsTo("GET /rest/taskCenterRest/searchTaskStore")[0]?.query;
    expect(Object.fromEntries(first ?? [])).toEqual({ storeId: "10", pageNo: "1", pageSize: "1", isRead: "false" });
    expect(screen.getByText("Store A|Principal")).toBeInTheDocument();
  });

  it("names an arrears notice when the first unread task is of type 1", async () => {
    fakeServer(
      routes({ "GET /rest/taskCenterRest/searchTaskStore": () => ok({ list: [{ id: 1, type: 1 }], total: 3 }) }),
    );
    renderShell(PRINCIPAL);
    expect(await screen.findByRole("button", { name: "Arrears notice: 3 unread tasks" })).toBeInTheDocument();
  });

  it("counts the approvals waiting for me on the bell, polled like the tasks, with an entry to the centre", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let waiting = 2;
    const server = fakeServer(routes({ "GET /rest/approvalCenterRest/waitingCount": () => ok({ waiting }) }));
    const navigate = renderShell(PRINCIPAL);

    const bell = await screen.findByRole("button", {
      name: "Payment notice: 3 unread tasks; Approvals waiting for me: 2",
    });
    expect(within(bell).getByText("5")).toBeInTheDocument();
    waiting = 4;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(await within(bell).findByText("7")).toBeInTheDocument();
    expect(server.callsTo("GET /rest/approvalCenterRest/waitingCount").length).toBeGreaterThanOrEqual(2);
    vi.useRealTimers();

    fireEvent.click(bell);
    fireEvent.click(await screen.findByRole("menuitem", { name: /Approvals waiting for me: 4/ }));
    expect(navigate).toHaveBeenLastCalledWith("/approvalCenter");
  });

  it("guards links: permitted pages open, others keep the user here with a notice", async () => {
    fakeServer(routes());
    const navigate = renderShell(PRINCIPAL);

    fireEvent.click(await screen.findByRole("link", { name: "150 new messages" }));
    expect(navigate).toHaveBeenLastCalledWith("/messageList");

    fireEvent.click(screen.getByRole("link", { name: "Promotions" }));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(noticeTexts()).toContain("no permission");
  });

  it("shows loan outbound only for a store with borrow-out targets", async () => {
    fakeServer(routes());
    renderShell(PRINCIPAL);
    await waitFor(() => expect(queryClient.getQueryState(shellKeys.borrowOutTargets(10))?.status).toBe("success"));
    fireEvent.click(screen.getByRole("button", { name: "Stock" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Live stock" })).toBeInTheDocument();
    expect(within(menu).getAllByRole("menuitem")).toHaveLength(5);
    expect(within(menu).queryByRole("menuitem", { name: "Loan outbound" })).not.toBeInTheDocument();
  });

  it("lists loan outbound when findStoreListByBossId answers stores", async () => {
    fakeServer(routes({ "GET /rest/shopDetail/findStoreListByBossId/10": () => ok([{ id: 11, name: "Store B" }]) }));
    renderShell(PRINCIPAL);
    fireEvent.click(screen.getByRole("button", { name: "Stock" }));
    // The open menu gains the item once the answer arrives.
    expect(await screen.findByRole("menuitem", { name: "Loan outbound" })).toHaveAttribute(
      "href",
      "/outboundDetail?type=loan",
    );
  });

  it("tells a role that may not open shop management which role may, and signs nobody out", async () => {
    const server = fakeServer(routes());
    const navigate = renderShell(PRINCIPAL);

    fireEvent.click(screen.getByRole("button", { name: "Shop management" }));
    const prompt = await screen.findByRole("dialog", { name: "Shop management" });
    expect(prompt).toHaveTextContent("your role here (Principal) cannot open it");
    expect(within(prompt).queryByRole("button", { name: "Yes" })).not.toBeInTheDocument();
    fireEvent.click(within(prompt).getByRole("button", { name: "Close" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(navigate).not.toHaveBeenCalled();
    expect(server.callsTo("POST /rest/auth/logout")).toHaveLength(0);
    expect(window.localStorage.getItem("erp.session")).not.toBeNull();
  });

  it("offers a principal who may switch roles the switch instead", async () => {
    fakeServer(
      routes({
        "GET /rest/acct/loginInfo": () =>
          loginInfo({ roles: [roleEntry({ userRoleId: 200, hierId: 10, roleId: 2, checked: true })] }),
      }),
    );
    renderShell(PRINCIPAL);
    fireEvent.click(screen.getByRole("button", { name: "Shop management" }));
    const prompt = await screen.findByRole("dialog", { name: "Shop management" });
    fireEvent.click(await within(prompt).findByRole("button", { name: "Switch role" }));
    expect(await screen.findByRole("dialog", { name: "Switch role" })).toBeInTheDocument();
  });

  it("links the roles holding its code to shop management", async () => {
    fakeServer(routes());
    renderShell({ ...PRINCIPAL, menu: ["ERP-MENU"] });
    expect(screen.getByRole("link", { name: "Shop management" })).toHaveAttribute("href", "/shopManagement");
  });

  it("logs out to /relogin", async () => {
    const server = fakeServer(routes());
    const navigate = renderShell(PRINCIPAL);

    fireEvent.click(screen.getByRole("button", { name: "Account: Store A|Principal" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Log out" }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/relogin"));
    expect(server.callsTo("POST /rest/auth/logout")).toHaveLength(1);
    expect(window.localStorage.getItem("erp.tokens")).toBeNull();
  });

  it("switches the language of its texts and asks the server again", async () => {
    const server = fakeServer(routes());
    renderShell(PRINCIPAL);
    await screen.findByText("99+");
    const before = server.callsTo("GET /rest/messageCenter/searchCountMsg").length;
    try {
      fireEvent.click(screen.getByRole("button", { name: "Language" }));
      fireEvent.click(await screen.findByRole("menuitem", { name: "简体中文" }));
      expect(await screen.findByRole("link", { name: "积分兑换" })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe("zh-hans");
      await waitFor(() =>
        expect(server.callsTo("GET /rest/messageCenter/searchCountMsg").length).toBeGreaterThan(before),
      );
    } finally {
      await act(() => switchLanguage("en"));
    }
    expect(await screen.findByRole("link", { name: "Points exchange" })).toBeInTheDocument();
  });

  it("reduces the bar of the material-builder administrator", async () => {
    const server = fakeServer(routes());
    renderShell({ ...PRINCIPAL, isMaterialBuilderAdmin: true, header_text: "HQ|Material", menu: ["DHJL-0001"] });

    expect(screen.getByText("HQ|Material")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Buy goods" })).toHaveAttribute("href", "/bookProdLstNew");
    expect(screen.getByRole("link", { name: "Messages" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Language" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stock" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Points exchange" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Shop management" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Open the menu" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /tasks|Tasks/ })).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo("GET /rest/messageCenter/searchCountMsg")).toHaveLength(1));
    expect(server.callsTo("GET /rest/taskCenterRest/searchCountMsgStore")).toHaveLength(0);
    expect(server.callsTo("GET /rest/approvalCenterRest/waitingCount")).toHaveLength(0);
    expect(server.callsTo("GET /rest/shopDetail/findStoreListByBossId/10")).toHaveLength(0);
  });

  it("offers the role switch to principals and the manager login to those who may", async () => {
    fakeServer(
      routes({
        "GET /rest/acct/loginInfo": () =>
          ok({
            userId: 8,
            phone: "139",
            roles: [
              {
                hierId: 10,
                hier: "Store A",
                role: "Principal",
                roleId: 2,
                roleKind: "principal",
                userRoleId: 200,
                checked: true,
                quicks: [{ name: "Tasks", rsrc: "/taskList" }],
              },
            ],
            canLoginBoss: false,
            canLoginManager: true,
          }),
      }),
    );
    renderShell(PRINCIPAL);
    fireEvent.click(screen.getByRole("button", { name: "Account: Store A|Principal" }));
    expect(await screen.findByRole("menuitem", { name: "Switch role" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Manager login" })).toBeInTheDocument();
  });

  it("offers no role switch to a store employee", async () => {
    fakeServer(
      routes({
        "GET /rest/acct/loginInfo": () =>
          ok({
            userId: 9,
            phone: "139",
            roles: [
              {
                hierId: 10,
                hier: "Store A",
                role: "Nurse",
                roleId: 6,
                roleKind: "store_employee",
                userRoleId: -1,
                checked: true,
                quicks: [],
              },
            ],
            canLoginBoss: false,
            canLoginManager: false,
          }),
      }),
    );
    renderShell({ ...PRINCIPAL, userRoleId: -1, roleId: 6, header_text: "Store A|Nurse" });
    fireEvent.click(screen.getByRole("button", { name: "Account: Store A|Nurse" }));
    expect(await screen.findByRole("menuitem", { name: "Log out" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Switch role" })).not.toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Manager login" })).not.toBeInTheDocument();
  });
});
