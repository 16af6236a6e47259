import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApprovalDetail, ApprovalRow } from "../../api/approvals";
import { i18n } from "../../i18n";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { enterPickerText, pickerInput } from "../../test/pickers";
import { ApprovalCenterPage, requestIdFrom } from "./ApprovalCenterPage";

function row(overrides: Partial<ApprovalRow> = {}): ApprovalRow {
  return {
    id: 41,
    kind: "refund",
    kindName: "refund above the store's amount",
    storeId: 10,
    storeName: "Store A",
    applicantId: 8,
    applicantName: "Nurse Li",
    subjectType: "order",
    subjectId: "7",
    subject: "SO2611240007 王芳",
    amount: "60.00",
    reason: "allergic reaction",
    status: "pending",
    statusName: "waiting for approval",
    decidedByName: "",
    decidedAt: null,
    remark: "",
    externalNo: "",
    createdAt: "2026-11-24T10:00:00+08:00",
    detailRoute: "/orderDetails?orderId=7",
    canDecide: true,
    canWithdraw: false,
    ...overrides,
  };
}

function detail(overrides: Partial<ApprovalDetail> = {}): ApprovalDetail {
  return {
    ...row(),
    details: [
      { name: "reason", value: "allergic reaction" },
      { name: "line", value: "洗发水: all that is left" },
      { name: "back to", value: "cash: 60.00" },
    ],
    ...overrides,
  };
}

function routes(overrides: Routes = {}): Routes {
  return {
    "GET /rest/approvalCenterRest/kinds": () =>
      ok([{ kind: "refund", name: "refund above the store's amount", canDecide: true }]),
    "GET /rest/approvalCenterRest/list": () => ok({ list: [row()], total: 1 }),
    "GET /rest/approvalCenterRest/detail": () => ok(detail()),
    ...overrides,
  };
}

const renderPage = (search = "") =>
  render(
    <AppProviders>
      <ApprovalCenterPage search={search} />
    </AppProviders>,
  );

beforeEach(() => window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo())));

afterEach(async () => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  await i18n.changeLanguage("en");
});

describe("the approval centre", () => {
  it("reads the request to open from ?id=", () => {
    expect(requestIdFrom("?id=41")).toBe(41);
    expect(requestIdFrom("?id=0")).toBeNull();
    expect(requestIdFrom("?id=x")).toBeNull();
    expect(requestIdFrom("")).toBeNull();
  });

  it("lists what waits for me, switches boxes and filters by kind, status and dates", async () => {
    const server = fakeServer(routes());
    renderPage();
    const table = await screen.findByRole("table", { name: "Approval centre" });
    expect(await within(table).findByText("SO2611240007 王芳")).toBeInTheDocument();
    expect(within(table).getByText("¥60.00")).toBeInTheDocument();
    expect(within(table).getByText("waiting for approval")).toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo("GET /rest/approvalCenterRest/list")[0]?.query ?? [])).toEqual({
      box: "waiting",
      pageNo: "1",
      pageSize: "10",
    });

    fireEvent.click(screen.getByRole("tab", { name: "My requests" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/approvalCenterRest/list").at(-1)?.query.get("box")).toBe("mine"),
    );

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Kind" }));
    fireEvent.click(await screen.findByRole("option", { name: "refund above the store's amount" }));
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Status" }));
    fireEvent.click(await screen.findByRole("option", { name: "Approved" }));
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => {
      const query = server.callsTo("GET /rest/approvalCenterRest/list").at(-1)?.query;
      expect(query?.get("kind")).toBe("refund");
      expect(query?.get("status")).toBe("approved");
      expect(query?.get("box")).toBe("mine");
    });
  });

  it("shows the empty and failed states of a box", async () => {
    let fail = false;
    fakeServer(
      routes({
        "GET /rest/approvalCenterRest/list": () =>
          fail ? { status: 409, errcode: "SYS-40900", errmsg: "server trouble" } : ok({ list: [], total: 0 }),
      }),
    );
    renderPage();
    expect(await screen.findByText("Nothing is waiting for you.")).toBeInTheDocument();
    fail = true;
    fireEvent.click(screen.getByRole("tab", { name: "Decided by me" }));
    expect(await screen.findByText("server trouble")).toBeInTheDocument();
  });

  it("opens the drawer of ?id= with its details and a link to the order, and approves with a remark", async () => {
    let decided = false;
    const server = fakeServer(
      routes({
        "GET /rest/approvalCenterRest/detail": () =>
          ok(
            decided
              ? detail({ status: "approved", statusName: "approved", canDecide: false, decidedByName: "SY00001" })
              : detail(),
          ),
        "POST /rest/approvalCenterRest/approve": () => {
          decided = true;
          return ok(row({ status: "approved", statusName: "approved", canDecide: false }), "approved");
        },
      }),
    );
    renderPage("?id=41");
    const drawer = await screen.findByTestId("approval-drawer");
    expect(await within(drawer).findByText("cash: 60.00")).toBeInTheDocument();
    expect(within(drawer).getByText("洗发水: all that is left")).toBeInTheDocument();
    expect(within(drawer).getByRole("link", { name: "Open what it is about" })).toHaveAttribute(
      "href",
      "/orderDetails?orderId=7",
    );
    expect(server.callsTo("GET /rest/approvalCenterRest/detail")[0]?.query.get("id")).toBe("41");

    fireEvent.click(within(drawer).getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve the request" });
    expect(dialog).toHaveTextContent("SO2611240007 王芳");
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Remark (optional)" }), {
      target: { value: "ok" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(noticeTexts()).toContain("approved"));
    const call = server.callsTo("POST /rest/approvalCenterRest/approve")[0];
    expect(call?.body).toEqual({ id: 41, remark: "ok" });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(await within(drawer).findByText("SY00001")).toBeInTheDocument();
    expect(within(drawer).queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
  });

  it("needs a reason to reject, and keeps a refused approval's message in the dialog", async () => {
    let refuse = true;
    const server = fakeServer(
      routes({
        "POST /rest/approvalCenterRest/approve": () =>
          refuse
            ? { status: 409, errcode: "ORD-40901", errmsg: "the order changed since the refund was asked for" }
            : ok(row(), "approved"),
        "POST /rest/approvalCenterRest/reject": () => ok(row({ status: "rejected" }), "rejected"),
      }),
    );
    renderPage("?id=41");
    const drawer = await screen.findByTestId("approval-drawer");
    fireEvent.click(await within(drawer).findByRole("button", { name: "Approve" }));
    let dialog = await screen.findByRole("dialog", { name: "Approve the request" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await within(dialog).findByTestId("decision-refused")).toHaveTextContent(
      "the order changed since the refund was asked for",
    );
    refuse = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Approve the request" })).not.toBeInTheDocument());

    fireEvent.click(within(drawer).getByRole("button", { name: "Reject" }));
    dialog = await screen.findByRole("dialog", { name: "Reject the request" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Please give the reason for rejecting.")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/approvalCenterRest/reject")).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason for rejecting" }), {
      target: { value: "used product" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(noticeTexts()).toContain("rejected"));
    expect(server.callsTo("POST /rest/approvalCenterRest/reject")[0]?.body).toEqual({ id: 41, remark: "used product" });
  });

  it("withdraws my own request after a confirmation", async () => {
    const mine = detail({ canDecide: false, canWithdraw: true });
    const server = fakeServer(
      routes({
        "GET /rest/approvalCenterRest/detail": () => ok(mine),
        "POST /rest/approvalCenterRest/withdraw": () => ok(row({ status: "withdrawn" }), "withdrawn"),
      }),
    );
    renderPage("?id=41");
    const drawer = await screen.findByTestId("approval-drawer");
    fireEvent.click(await within(drawer).findByRole("button", { name: "Withdraw" }));
    const confirm = await screen.findByRole("dialog");
    expect(confirm).toHaveTextContent("Withdraw your request for SO2611240007 王芳?");
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(noticeTexts()).toContain("withdrawn"));
    expect(server.callsTo("POST /rest/approvalCenterRest/withdraw")[0]?.body).toEqual({ id: 41 });
  });

  it("says a request it may not see is not found, and speaks Chinese", async () => {
    fakeServer(routes({ "GET /rest/approvalCenterRest/detail": () => ({ status: 404, errcode: "SYS-40400" }) }));
    await i18n.changeLanguage("zh-hans");
    renderPage("?id=99");
    expect(await screen.findByText("未找到该申请。")).toBeInTheDocument();
    // The drawer is modal: the page under it is hidden from the accessibility tree meanwhile.
    expect(screen.getByRole("tab", { name: "待我审批", hidden: true })).toBeInTheDocument();
  });

  it("refuses an end date before the start with the time-range message, then filters by the dates", async () => {
    const server = fakeServer(routes());
    renderPage();
    await screen.findByText("SO2611240007 王芳");
    enterPickerText(pickerInput("Asked from"), "2026-11-20");
    enterPickerText(pickerInput("Asked to"), "2026-11-01");
    expect(await screen.findByText("please choose a suitable end time")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(server.callsTo("GET /rest/approvalCenterRest/list")).toHaveLength(1);
    enterPickerText(pickerInput("Asked to"), "2026-11-30");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => {
      const query = server.callsTo("GET /rest/approvalCenterRest/list").at(-1)?.query;
      expect(query?.get("dateFrom")).toBe("2026-11-20");
      expect(query?.get("dateTo")).toBe("2026-11-30");
    });
  });
});
