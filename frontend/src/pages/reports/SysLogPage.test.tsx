import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { i18n } from "../../i18n";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { storeToday } from "../../lib/dates";
import { SysLogPage } from "./SysLogPage";

const QUEUED = "The export has 100,000 rows or more: the file is being prepared in the download centre";

function entry(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    createdAt: "2026-03-02T10:00:00+08:00",
    loginName: "138****5678",
    userName: "Wang Fang",
    roleName: "Principal",
    storeId: 10,
    storeName: "Store A",
    action: "member.updated",
    actionName: "edited a member",
    objectType: "members.member",
    objectTypeName: "member",
    objectId: "7",
    objectName: "HY0100007 L*i",
    detail: { phone: "139****1111", fields: ["name"] },
    ipAddress: "10.0.0.1",
    ...overrides,
  };
}

function routes(overrides: Routes = {}): Routes {
  return {
    "GET /rest/sysLog/list": () =>
      ok({ list: [entry(1), entry(2, { action: "test.done", actionName: "test.done" })], total: 25 }),
    "GET /rest/sysLog/actions": () =>
      ok([
        { code: "member.updated", name: "edited a member" },
        { code: "member.created", name: "created a member" },
      ]),
    "GET /rest/sysLog/stores": () =>
      ok([
        { id: 10, name: "Store A" },
        { id: 11, name: "Store B" },
      ]),
    ...overrides,
  };
}

const queryOf = (call: { query: URLSearchParams } | undefined) => Object.fromEntries(call?.query ?? []);
const renderPage = () =>
  render(
    <AppProviders>
      <SysLogPage />
    </AppProviders>,
  );

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole("combobox"));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

beforeEach(async () => {
  await i18n.changeLanguage("en");
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
  window.localStorage.setItem("erp.tokens", JSON.stringify({ access: "a1", refresh: "r1", accountVersion: "v1" }));
});

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("SysLogPage", () => {
  it("lists today's entries, filters and pages with the right query", async () => {
    const server = fakeServer(routes());
    renderPage();
    expect(await screen.findByTestId("syslog-row-1")).toHaveTextContent("Wang Fang (138****5678)");
    const today = storeToday();
    expect(queryOf(server.callsTo("GET /rest/sysLog/list")[0])).toEqual({
      pageNo: "1",
      pageSize: "10",
      dateFrom: today,
      dateTo: today,
    });
    expect(screen.getByTestId("syslog-row-1")).toHaveTextContent("edited a member");
    expect(screen.getByTestId("syslog-row-1")).toHaveTextContent("member HY0100007 L*i");
    expect(screen.getByTestId("syslog-row-2")).toHaveTextContent("test.done");

    await choose("syslog-action", "created a member");
    await choose("syslog-store", "Store B");
    fireEvent.change(screen.getByTestId("syslog-who"), { target: { value: " wang " } });
    fireEvent.change(screen.getByTestId("syslog-object-id"), { target: { value: "7" } });
    fireEvent.change(screen.getByTestId("syslog-date-from"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByTestId("syslog-date-to"), { target: { value: "2026-03-31" } });
    fireEvent.click(screen.getByTestId("syslog-search"));
    await waitFor(() =>
      expect(queryOf(server.callsTo("GET /rest/sysLog/list").at(-1))).toEqual({
        pageNo: "1",
        pageSize: "10",
        dateFrom: "2026-03-01",
        dateTo: "2026-03-31",
        action: "member.created",
        storeId: "11",
        who: "wang",
        objectId: "7",
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(server.callsTo("GET /rest/sysLog/list").at(-1)?.query.get("pageNo")).toBe("2"));
  });

  it.each([
    ["", "2026-03-31", "please enter start time"],
    ["2026-03-01", "", "please enter end time"],
    ["2026-03-31", "2026-03-01", "please choose a suitable end time"],
    ["2026-01-01", "2026-04-04", "selected time exceeds range"],
  ])("refuses the range %s – %s with “%s” and asks nothing", async (from, to, message) => {
    const server = fakeServer(routes());
    renderPage();
    await screen.findByTestId("syslog-row-1");
    const before = server.callsTo("GET /rest/sysLog/list").length;
    fireEvent.change(screen.getByTestId("syslog-date-from"), { target: { value: from } });
    fireEvent.change(screen.getByTestId("syslog-date-to"), { target: { value: to } });
    fireEvent.click(screen.getByTestId("syslog-search"));
    expect(await screen.findByText(message)).toBeDefined();
    expect(server.callsTo("GET /rest/sysLog/list")).toHaveLength(before);
  });

  it("shows the range message in Chinese", async () => {
    await i18n.changeLanguage("zh-hans");
    fakeServer(routes());
    renderPage();
    await screen.findByTestId("syslog-row-1");
    fireEvent.change(screen.getByTestId("syslog-date-from"), { target: { value: "" } });
    fireEvent.click(screen.getByTestId("syslog-search"));
    expect(await screen.findByText("请输入开始时间")).toBeDefined();
  });

  it("opens an entry's masked detail in a drawer", async () => {
    fakeServer(routes());
    renderPage();
    fireEvent.click(await screen.findByTestId("syslog-row-1"));
    const drawer = await screen.findByTestId("syslog-detail");
    expect(within(drawer).getByText("edited a member (member.updated)")).toBeDefined();
    expect(within(drawer).getByText("member (members.member)")).toBeDefined();
    expect(within(drawer).getByText("HY0100007 L*i")).toBeDefined();
    expect(within(drawer).getByTestId("syslog-detail-json").textContent).toContain('"phone": "139****1111"');
    fireEvent.click(within(drawer).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByTestId("syslog-detail")).toBeNull());
  });

  it("shows the empty state", async () => {
    fakeServer(routes({ "GET /rest/sysLog/list": () => ok({ list: [], total: 0 }) }));
    renderPage();
    expect(await screen.findByText("No log entries in this range")).toBeDefined();
  });

  it("shows the server's refusal with a retry", async () => {
    fakeServer(
      routes({ "GET /rest/sysLog/list": () => ({ status: 403, errcode: "SECURES-40301", errmsg: "no access" }) }),
    );
    renderPage();
    expect(await screen.findByText("no access")).toBeDefined();
  });

  it("sends an export of 100,000 rows to the download centre", async () => {
    const server = fakeServer(
      routes({
        "GET /rest/sysLog/list": () => ok({ list: [entry(1)], total: 100_000 }),
        "GET /rest/sysLog/export": () => ({ status: 202, ...ok({ jobId: 3 }, QUEUED) }),
      }),
    );
    renderPage();
    await screen.findByTestId("syslog-row-1");
    fireEvent.click(screen.getByTestId("syslog-export"));
    await waitFor(() => expect(noticeTexts()).toContain(QUEUED));
    expect(server.callsTo("GET /rest/sysLog/export")).toHaveLength(1);
  });

  it("exports the applied filters and shows the server's refusal", async () => {
    const server = fakeServer(
      routes({ "GET /rest/sysLog/export": () => ({ status: 400, errcode: "VALID-40000", errmsg: "server says no" }) }),
    );
    renderPage();
    await screen.findByTestId("syslog-row-1");
    fireEvent.click(screen.getByTestId("syslog-export"));
    await waitFor(() => expect(noticeTexts()).toContain("server says no"));
    expect(queryOf(server.callsTo("GET /rest/sysLog/export")[0])).toEqual({
      dateFrom: storeToday(),
      dateTo: storeToday(),
    });
  });
});
