import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { AssetTransferPage } from "./AssetTransferPage";
import { AssetTransferDetailPage } from "./AssetTransferDetailPage";
import { AssetTransferApprovalPage } from "./AssetTransferApprovalPage";

function memberRow(memId: number, name: string) {
  return {
    memId,
    name,
    phone: "138****5678",
    areaCode: "0086",
    crmCode: `M${memId}`,
    dependencyStore: "Store A",
    dependencyStoreId: 10,
    myself: true,
  };
}

const assets = {
  cards: [
    {
      id: 5,
      cardNo: "V000000005",
      kind: "storedValue",
      cardTypeName: "Gold",
      status: "active",
      storeId: 10,
      storeName: "Store A",
      principal: "900.00",
      gift: "90.00",
      sessions: [],
    },
    {
      id: 6,
      cardNo: "P000000006",
      kind: "package",
      cardTypeName: "Facial course",
      status: "active",
      storeId: 10,
      storeName: "Store A",
      principal: "0.00",
      gift: "0.00",
      sessions: [{ projectId: 3, projectName: "Facial", left: 5 }],
    },
  ],
  points: 120,
  couponIds: [],
};

const member = { id: 1, name: "Alice", phone: "138****5678", crmCode: "M1" };

function detail(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    kind: "store",
    status: "pending",
    storeId: 10,
    storeName: "Store A",
    member,
    toStore: { id: 11, name: "Store B" },
    toMember: null,
    cardCount: 2,
    storedValue: "990.00",
    points: 120,
    reason: "moved house",
    applicantName: "SY00002",
    approvalId: 30,
    createdAt: "2026-11-24T10:00:00+08:00",
    doneAt: null,
    assets,
    approval: { id: 30, status: "pending", decidedByName: "", decidedAt: null, remark: "" },
    canDecide: false,
    canWithdraw: true,
    ...overrides,
  };
}

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

function signIn(btn: string[]) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn })));
}

async function pickMember(button: HTMLElement, name: string) {
  fireEvent.click(button);
  const dialog = await screen.findByRole("dialog", { name: "Find a member" });
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: name } });
  fireEvent.submit(within(dialog).getByLabelText("Name"));
  fireEvent.click(await within(dialog).findByText(name));
  fireEvent.click(within(dialog).getByRole("button", { name: "Select" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Find a member" })).not.toBeInTheDocument());
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("AssetTransferPage", () => {
  const routes = {
    "GET /rest/asserMigration/stores": () =>
      ok([
        { id: 10, name: "Store A" },
        { id: 11, name: "Store B" },
      ]),
    "GET /rest/asserMigration/list": () => ok({ list: [detail()], total: 1 }),
    "GET /rest/member/search": () => ok([memberRow(1, "Alice")]),
    "GET /rest/asserMigration/preview": () =>
      ok({
        kind: "store",
        member: { ...member, homeStoreId: 10, homeStoreName: "Store A", points: 120 },
        toStore: { id: 11, name: "Store B" },
        toMember: null,
        assets,
        storedValue: "990.00",
      }),
    "POST /rest/asserMigration/apply": () => ok(detail(), "sent for approval"),
  };

  it("previews what moves to the chosen store and applies after a confirmation", async () => {
    signIn(["BTN-ZCZY-APPLY"]);
    const server = fakeServer(routes);
    render_(<AssetTransferPage />);
    expect(await screen.findByText("Alice 138****5678")).toBeInTheDocument();

    await pickMember(screen.getByRole("button", { name: "Choose the member" }), "Alice");
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Move to store" }));
    const options = await screen.findAllByRole("option");
    expect(options.find((option) => option.textContent === "Store A")).toHaveAttribute("aria-disabled", "true");
    fireEvent.click(await screen.findByRole("option", { name: "Store B" }));

    expect(await screen.findByText("V000000005")).toBeInTheDocument();
    expect(screen.getByText("Facial ×5")).toBeInTheDocument();
    const preview = server.callsTo("GET /rest/asserMigration/preview")[0];
    expect(preview?.query.get("toStoreId")).toBe("11");
    expect(preview?.query.get("kind")).toBe("store");

    const apply = screen.getByRole("button", { name: "Apply for approval" });
    expect(apply).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: "moved house" } });
    fireEvent.click(apply);
    const dialog = await screen.findByRole("dialog", { name: "Apply for this asset transfer?" });
    expect(dialog).toHaveTextContent("Store B");
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes" }));

    await waitFor(() => expect(server.callsTo("POST /rest/asserMigration/apply")).toHaveLength(1));
    expect(server.callsTo("POST /rest/asserMigration/apply")[0]?.body).toEqual({
      kind: "store",
      memberId: 1,
      toStoreId: 11,
      reason: "moved house",
    });
    expect(await screen.findByRole("link", { name: /No\. 7/ })).toHaveAttribute("href", "/assetTransferDetail?id=7");
  });

  it("says why a role without the code cannot apply, and still lists the transfers", async () => {
    signIn([]);
    fakeServer(routes);
    render_(<AssetTransferPage />);
    expect(await screen.findByText(/lacks the button code BTN-ZCZY-APPLY/)).toBeInTheDocument();
    expect(await screen.findByText("Store B")).toBeInTheDocument();
  });
});

describe("asset transfer detail", () => {
  it("shows what moves and lets the applicant withdraw it", async () => {
    signIn(["BTN-ZCZY-APPLY"]);
    const server = fakeServer({
      "GET /rest/asserMigration/detail": () => ok(detail()),
      "POST /rest/approvalCenterRest/withdraw": () => ok({}, "withdrawn"),
    });
    render_(<AssetTransferDetailPage search="?id=7" />);
    expect(await screen.findByText("V000000005")).toBeInTheDocument();
    expect(screen.getByText("What moves on approval")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw this application?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/approvalCenterRest/withdraw")).toHaveLength(1));
    expect(server.callsTo("POST /rest/approvalCenterRest/withdraw")[0]?.body).toEqual({ id: 30 });
  });

  it("answers another store's transfer as not found", async () => {
    signIn([]);
    fakeServer({
      "GET /rest/asserMigration/detail": () => ({ status: 404, errcode: "SYS-40400", errmsg: "not found" }),
    });
    render_(<AssetTransferDetailPage search="?id=99" />);
    expect(await screen.findByText(/No such asset transfer/)).toBeInTheDocument();
  });
});

describe("AssetTransferApprovalPage", () => {
  it("approves through the approval centre", async () => {
    signIn(["BTN-ZCZY-APPROVE"]);
    const server = fakeServer({
      "GET /rest/asserMigration/detail": () => ok(detail({ canDecide: true, canWithdraw: false })),
      "POST /rest/approvalCenterRest/approve": () => ok({}, "approved"),
    });
    render_(<AssetTransferApprovalPage search="?id=7" />);
    fireEvent.click(await screen.findByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve this asset transfer?" });
    fireEvent.change(within(dialog).getByLabelText("Remark"), { target: { value: "ok" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(server.callsTo("POST /rest/approvalCenterRest/approve")).toHaveLength(1));
    const call = server.callsTo("POST /rest/approvalCenterRest/approve")[0];
    expect(call?.body).toEqual({ id: 30, remark: "ok" });
  });

  it("asks for the reason before rejecting", async () => {
    signIn(["BTN-ZCZY-APPROVE"]);
    const server = fakeServer({
      "GET /rest/asserMigration/detail": () => ok(detail({ canDecide: true, canWithdraw: false })),
      "POST /rest/approvalCenterRest/reject": () => ok({}, "rejected"),
    });
    render_(<AssetTransferApprovalPage search="?id=7" />);
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject this asset transfer?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Please give the reason for rejecting.")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/approvalCenterRest/reject")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Remark/), { target: { value: "not the same person" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(server.callsTo("POST /rest/approvalCenterRest/reject")).toHaveLength(1));
  });
});
