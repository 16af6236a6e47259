import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { CancellationPage } from "./CancellationPage";
import { CancellationRequestsPage } from "./CancellationRequestsPage";
import { MemberListPage } from "./MemberListPage";
import { MemberPointsPage } from "./MemberPointsPage";
import { PersonalAccountPage } from "./PersonalAccountPage";
import { enterPickerText, pickerInput } from "../../test/pickers";

function memberRow(memId: number, overrides: Record<string, unknown> = {}) {
  return {
    memId,
    name: `会员${memId}`,
    phone: "138****5678",
    areaCode: "0086",
    crmCode: `M00${memId}`,
    dependencyStore: "Store A",
    dependencyStoreId: 10,
    myself: true,
    ...overrides,
  };
}

function listRow(memId: number, overrides: Record<string, unknown> = {}) {
  return {
    ...memberRow(memId),
    gender: "2",
    genderName: "Female",
    birthday: "1990-01-02",
    cardNo: "",
    source: "01",
    sourceName: "Walk-in",
    points: 120,
    labels: [{ id: 3, name: "VIP", color: "#c00" }],
    createdAt: "2025-01-01T09:00:00+08:00",
    lastVisitAt: null,
    ...overrides,
  };
}

function memberFile(memId: number, overrides: Record<string, unknown> = {}) {
  return {
    ...listRow(memId),
    occupation: "",
    occupationName: "",
    income: "",
    incomeName: "",
    education: "",
    educationName: "",
    maritalStatus: "",
    maritalStatusName: "",
    introducer: null,
    smsConsent: true,
    remark: "",
    status: "active",
    updatedAt: "2025-01-01T09:00:00+08:00",
    ...overrides,
  };
}

function pointEntry(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    change: 100,
    balanceAfter: 120,
    kind: "adjust",
    kindName: "Adjustment",
    reason: "goodwill",
    operatorName: "Owner",
    storeName: "Store A",
    createdAt: "2025-02-01T10:00:00+08:00",
    ...overrides,
  };
}

const common: Routes = {
  "GET /rest/memLabel/findAllMemLabel": () => ok([{ id: 3, name: "VIP", color: "#c00", groupName: "" }]),
  "GET /rest/master/findMemSource": () => ok([{ id: 1, code: "01", name: "Walk-in" }]),
};

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

function signIn(btn: string[] = []) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn })));
}

/** Picks member `name` in the search dialog that `button` opens. */
async function pickMember(button: HTMLElement, name: string) {
  fireEvent.click(button);
  const dialog = await screen.findByRole("dialog", { name: "Find a member" });
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: name } });
  fireEvent.submit(within(dialog).getByLabelText("Name"));
  fireEvent.click(await within(dialog).findByText(name));
  fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Find a member" })).not.toBeInTheDocument());
}

beforeEach(() => signIn());

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("MemberListPage", () => {
  it("lists members with masked phones, labels and links, and filters", async () => {
    const server = fakeServer({
      ...common,
      "GET /rest/member/findStoLstByCondition": () =>
        ok({ list: [listRow(1), listRow(2, { areaCode: "00852", phone: "91****78", labels: [] })], total: 2 }),
    });
    render_(<MemberListPage />);
    expect(await screen.findByRole("link", { name: "会员1" })).toHaveAttribute("href", "/personalAccount?memId=1");
    expect(screen.getAllByText("138****5678")).toHaveLength(1);
    expect(screen.getByText("+852 91****78")).toBeInTheDocument();
    expect(screen.getByText("VIP")).toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo("GET /rest/member/findStoLstByCondition")[0]?.query ?? [])).toEqual({
      pageNo: "1",
      pageSize: "10",
    });

    fireEvent.change(screen.getByLabelText("Phone (part)"), { target: { value: "56" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Enter 4 to 11 digits")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Phone (part)"), { target: { value: "5678" } });
    enterPickerText(pickerInput("Created from"), "2025-02-01");
    enterPickerText(pickerInput("Created to"), "2025-01-01");
    expect(await screen.findByText("please choose a suitable end time")).toBeInTheDocument();
    enterPickerText(pickerInput("Created to"), "2025-03-01");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(Object.fromEntries(server.callsTo("GET /rest/member/findStoLstByCondition").at(-1)?.query ?? [])).toEqual({
        pageNo: "1",
        pageSize: "10",
        phone: "5678",
        createdFrom: "2025-02-01",
        createdTo: "2025-03-01",
      }),
    );
  });

  it("shows the empty state", async () => {
    fakeServer({ ...common, "GET /rest/member/findStoLstByCondition": () => ok({ list: [], total: 0 }) });
    render_(<MemberListPage />);
    expect(await screen.findByText("No members match.")).toBeInTheDocument();
  });

  it("shows a failure with a retry", async () => {
    let fail = true;
    fakeServer({
      ...common,
      "GET /rest/member/findStoLstByCondition": () =>
        fail ? { status: 403, errcode: "AUTH-40300", errmsg: "no permission" } : ok({ list: [listRow(1)], total: 1 }),
    });
    render_(<MemberListPage />);
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByText("no permission")).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "会员1" })).toBeInTheDocument();
  });

  it("finds a member and opens their account", async () => {
    const navigate = vi.fn();
    fakeServer({
      ...common,
      "GET /rest/member/findStoLstByCondition": () => ok({ list: [], total: 0 }),
      "GET /rest/member/search": () => ok([memberRow(5)]),
    });
    render_(<MemberListPage navigate={navigate} />);
    await pickMember(screen.getByRole("button", { name: "Find a member" }), "会员5");
    expect(navigate).toHaveBeenCalledWith("/personalAccount?memId=5");
  });
});

describe("PersonalAccountPage", () => {
  const routes: Routes = {
    ...common,
    "GET /rest/member/findById/1": () => ok(memberFile(1)),
    "GET /rest/member/querySmsStatus": () => ok({ memId: 1, smsConsent: true, updatedAt: null }),
    "GET /rest/member/integralList": () => ok({ list: [pointEntry(1)], total: 1 }),
    "GET /rest/member/wholePhone/1": () => ok({ memId: 1, areaCode: "0086", phone: "13812345678" }),
    "GET /rest/RzEvaluateRest/getMemberSatisficing": () => ok({ count: 0, average: "0.00", last: [] }),
  };

  it("shows how the member rated their visits", async () => {
    const server = fakeServer({
      ...routes,
      "GET /rest/RzEvaluateRest/getMemberSatisficing": () =>
        ok({
          count: 2,
          average: "4.50",
          last: [
            {
              orderId: 7,
              score: 5,
              comment: "手法很好",
              nurseName: "张敏",
              createdAt: "2026-11-20T10:00:00+08:00",
            },
          ],
        }),
    });
    render_(<PersonalAccountPage search="?memId=1" />);
    const rated = await screen.findByTestId("member-satisfaction");
    expect(within(rated).getByText("4.50 of 5")).toBeInTheDocument();
    expect(within(rated).getByText(/5 of 5 · 张敏 · 手法很好/)).toBeInTheDocument();
    expect(server.callsTo("GET /rest/RzEvaluateRest/getMemberSatisficing")[0]?.query.get("memId")).toBe("1");
  });

  it("shows the masked phone and no whole-phone button without the code", async () => {
    fakeServer(routes);
    render_(<PersonalAccountPage search="?memId=1" />);
    expect(await screen.findByText("138****5678")).toBeInTheDocument();
    expect(await screen.findByText("goodwill")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show whole phone" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Adjust points" })).not.toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Member file" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("No evaluations yet.")).toBeInTheDocument();
  });

  it("shows the whole phone with BTN-HYGL-PHONE-VIEW", async () => {
    signIn(["BTN-HYGL-PHONE-VIEW"]);
    const server = fakeServer(routes);
    render_(<PersonalAccountPage search="?memId=1" />);
    fireEvent.click(await screen.findByRole("button", { name: "Show whole phone" }));
    expect(await screen.findByText("13812345678")).toBeInTheDocument();
    expect(server.callsTo("GET /rest/member/wholePhone/1")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Show whole phone" })).not.toBeInTheDocument();
  });

  it("adjusts this member's points after a confirmation", async () => {
    signIn(["BTN-HYGL-POINTS-ADJUST"]);
    const server = fakeServer({
      ...routes,
      "POST /rest/member/point": () => ok({ memId: 1, points: 100, entry: pointEntry(2, { change: -20 }) }, "saved"),
    });
    render_(<PersonalAccountPage search="?memId=1" />);
    fireEvent.click(await screen.findByRole("button", { name: "Adjust points" }));
    const dialog = await screen.findByRole("dialog", { name: "Adjust points" });
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Direction" }));
    fireEvent.click(await screen.findByRole("option", { name: "Deduct" }));
    fireEvent.change(within(dialog).getByLabelText(/^Points/), { target: { value: "20" } });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "wrong entry" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adjust points" }));
    const confirm = await screen.findByRole("dialog", { name: "Confirm the adjustment" });
    expect(within(confirm).getByText("Deduct 20 points from 会员1? Reason: wrong entry")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/member/point")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/member/point")[0]?.body).toEqual({
        memId: 1,
        change: -20,
        reason: "wrong entry",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Adjust points" })).not.toBeInTheDocument());
  });

  it("toggles the SMS consent", async () => {
    const server = fakeServer({
      ...routes,
      "POST /rest/member/updateSmsStatus": () => ok({ memId: 1, smsConsent: false }, "saved"),
    });
    render_(<PersonalAccountPage search="?memId=1" />);
    const toggle = await screen.findByRole("switch", { name: "Accepts SMS" });
    await waitFor(() => expect(toggle).toBeChecked());
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(server.callsTo("POST /rest/member/updateSmsStatus")[0]?.body).toEqual({ memId: 1, smsConsent: false }),
    );
  });

  it("edits the member, sending only the changed fields", async () => {
    const server = fakeServer({
      ...routes,
      "POST /rest/member/stoUpdateMember": () => ok(memberFile(1, { name: "会员一" }), "saved"),
    });
    render_(<PersonalAccountPage search="?memId=1" />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("dialog", { name: "Edit member" });
    expect(within(form).getByText("Leave empty to keep 138****5678")).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: "会员一" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/member/stoUpdateMember")[0]?.body).toEqual({ memId: 1, name: "会员一" }),
    );
  });

  it("says not found for an unknown member", async () => {
    fakeServer(common);
    render_(<PersonalAccountPage search="?memId=99" />);
    expect(await screen.findByText("Member not found.")).toBeInTheDocument();
  });
});

describe("MemberPointsPage", () => {
  it("lists the store's ledger without the adjust button for a role without the code", async () => {
    const server = fakeServer({
      ...common,
      "GET /rest/member/integralStoreList": () =>
        ok({ list: [{ ...pointEntry(1), memId: 1, memberName: "会员1", phone: "138****5678" }], total: 1 }),
    });
    render_(<MemberPointsPage />);
    expect(await screen.findByRole("link", { name: "会员1" })).toHaveAttribute("href", "/personalAccount?memId=1");
    expect(screen.getByText("138****5678")).toBeInTheDocument();
    expect(screen.getByText("+100")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Adjust points" })).not.toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo("GET /rest/member/integralStoreList")[0]?.query ?? [])).toEqual({
      pageNo: "1",
      pageSize: "10",
    });
  });

  it("filters the ledger by the dates the server reads (dateFrom, dateTo)", async () => {
    const server = fakeServer({
      ...common,
      "GET /rest/member/integralStoreList": () => ok({ list: [], total: 0 }),
    });
    render_(<MemberPointsPage />);
    await waitFor(() => expect(server.callsTo("GET /rest/member/integralStoreList")).toHaveLength(1));
    enterPickerText(pickerInput("From"), "2026-03-01");
    enterPickerText(pickerInput("To"), "2026-03-31");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(Object.fromEntries(server.callsTo("GET /rest/member/integralStoreList").at(-1)?.query ?? [])).toEqual({
        pageNo: "1",
        pageSize: "10",
        dateFrom: "2026-03-01",
        dateTo: "2026-03-31",
      }),
    );
  });

  it("adjusts a member chosen with the search dialog", async () => {
    signIn(["BTN-HYGL-POINTS-ADJUST"]);
    const server = fakeServer({
      ...common,
      "GET /rest/member/integralStoreList": () => ok({ list: [], total: 0 }),
      "GET /rest/member/search": () => ok([memberRow(4)]),
      "POST /rest/member/point": () => ok({ memId: 4, points: 150, entry: pointEntry(3) }, "saved"),
    });
    render_(<MemberPointsPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Adjust points" }));
    const dialog = await screen.findByRole("dialog", { name: "Adjust points" });
    fireEvent.change(within(dialog).getByLabelText(/^Points/), { target: { value: "50" } });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "birthday gift" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adjust points" }));
    expect(await within(dialog).findByText("Please choose a member")).toBeInTheDocument();

    await pickMember(within(dialog).getByRole("button", { name: "Choose a member" }), "会员4");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adjust points" }));
    const confirm = await screen.findByRole("dialog", { name: "Confirm the adjustment" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/member/point")[0]?.body).toEqual({
        memId: 4,
        change: 50,
        reason: "birthday gift",
      }),
    );
  });
});

describe("CancellationPage", () => {
  it("requests a cancellation for the chosen member after a confirmation", async () => {
    const server = fakeServer({
      "GET /rest/member/search": () => ok([memberRow(6)]),
      "POST /rest/member/cancelApply": () => ok({ id: 1 }, "saved"),
    });
    render_(<CancellationPage />);
    fireEvent.click(screen.getByRole("button", { name: "Submit request" }));
    expect(await screen.findByText("Please choose a member")).toBeInTheDocument();
    expect(screen.getByText("Please enter a reason")).toBeInTheDocument();

    await pickMember(screen.getByRole("button", { name: "Choose a member" }), "会员6");
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: "moved abroad" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit request" }));
    const confirm = await screen.findByRole("dialog", { name: "Submit the cancellation request" });
    expect(within(confirm).getByText("Request to close the file of 会员6?")).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/member/cancelApply")[0]?.body).toEqual({ memId: 6, reason: "moved abroad" }),
    );
  });
});

describe("CancellationRequestsPage", () => {
  const request = {
    id: 8,
    memId: 6,
    memberName: "会员6",
    phone: "138****5678",
    reason: "moved abroad",
    status: "pending",
    statusName: "Pending",
    requestedBy: "Owner",
    requestedAt: "2025-03-01T10:00:00+08:00",
    decidedBy: null,
    decidedAt: null,
    decisionRemark: null,
  };

  it("lists requests without decisions for a role without the code", async () => {
    const server = fakeServer({ "GET /rest/member/cancelList": () => ok({ list: [request], total: 1 }) });
    render_(<CancellationRequestsPage />);
    expect(await screen.findByText("moved abroad")).toBeInTheDocument();
    expect(screen.getByText("138****5678")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    expect(server.callsTo("GET /rest/member/cancelList")[0]?.query.get("status")).toBe("pending");
  });

  it("approves after the irreversible-anonymisation warning, with a remark", async () => {
    signIn(["BTN-HYGL-CANCEL-DECIDE"]);
    const server = fakeServer({
      "GET /rest/member/cancelList": () => ok({ list: [request], total: 1 }),
      "POST /rest/member/cancelDecide": () => ok({ ...request, status: "approved" }, "saved"),
    });
    render_(<CancellationRequestsPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve the cancellation of 会员6" });
    expect(within(dialog).getByText(/anonymises this member irreversibly/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Remark (optional)"), { target: { value: "checked ID" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve and anonymise" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/member/cancelDecide")[0]?.body).toEqual({
        id: 8,
        approve: true,
        remark: "checked ID",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("rejects without a remark", async () => {
    signIn(["BTN-HYGL-CANCEL-DECIDE"]);
    const server = fakeServer({
      "GET /rest/member/cancelList": () => ok({ list: [request], total: 1 }),
      "POST /rest/member/cancelDecide": () => ok({ ...request, status: "rejected" }, "saved"),
    });
    render_(<CancellationRequestsPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject the cancellation of 会员6" });
    expect(within(dialog).queryByText(/irreversibly/)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/member/cancelDecide")[0]?.body).toEqual({ id: 8, approve: false }),
    );
  });
});
