import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newValueOf } from "../../api/moveIn";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { MoveInDetailListPage } from "./MoveInDetailListPage";
import { MoveInDetailPage } from "./MoveInDetailPage";
import { ImportDialog, MoveInListPage } from "./MoveInListPage";
import { MoveInPage } from "./MoveInPage";

function row(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    moveInNo: `MI${String(id).padStart(8, "0")}`,
    storeId: 1,
    storeName: "Store A",
    memId: null,
    name: `李娜${id}`,
    areaCode: "0086",
    phone: "139****5678",
    sourceBrand: "美发连锁",
    sourceStore: "徐汇店",
    status: "draft",
    statusName: "Draft",
    lineCount: 2,
    oldValue: "1000.05",
    newValue: "850.04",
    sessions: 8,
    approvalId: null,
    decisionRemark: "",
    createdByName: "SY00002",
    createdAt: "2026-11-20T10:00:00+08:00",
    submittedAt: null,
    decidedAt: null,
    canEdit: true,
    canCommit: true,
    canDelete: true,
    ...overrides,
  };
}

const storedLine = {
  lineId: 11,
  oldCardName: "钻石储值卡",
  oldCardNo: "OLD-001",
  kind: "storedValue",
  kindName: "stored-value card",
  oldBalance: "1000.05",
  coefficient: "0.8500",
  newValue: "850.04",
  expiresOn: null,
  cardTypeId: 5,
  cardTypeName: "金卡",
  cardId: null,
  cardNo: "",
  sessions: [],
};

const packageLine = {
  ...storedLine,
  lineId: 12,
  oldCardName: "护理疗程卡",
  oldCardNo: "",
  kind: "package",
  kindName: "package card",
  oldBalance: "0.00",
  coefficient: "1.0000",
  newValue: "0.00",
  cardTypeId: 6,
  cardTypeName: "护理卡",
  sessions: [{ projectId: 3, projectCode: "P1", projectName: "头皮护理", sessions: 6 }],
};

function detail(id: number, overrides: Record<string, unknown> = {}) {
  return {
    ...row(id),
    birthday: null,
    remark: "",
    lines: [storedLine, packageLine],
    attachments: [],
    approval: null,
    ...overrides,
  };
}

const summary = {
  total: 1,
  lineCount: 2,
  oldValue: "1000.05",
  newValue: "850.04",
  sessions: 8,
  byStatus: [],
};

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

beforeEach(() => window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo())));

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("newValueOf", () => {
  it("multiplies the balance by the coefficient and rounds half up to the cent", () => {
    expect(newValueOf("1000.05", "0.85")).toBe("850.04");
    expect(newValueOf("100.10", "0.5")).toBe("50.05");
    expect(newValueOf("0.01", "0.5")).toBe("0.01");
    expect(newValueOf("", "1")).toBe("");
  });
});

describe("MoveInListPage", () => {
  const routes: Routes = {
    "GET /rest/storemembermoveinrest/list": () =>
      ok({
        list: [
          row(1),
          row(2, { status: "submitted", statusName: "Waiting", canEdit: false, canCommit: false, canDelete: false }),
        ],
        total: 2,
      }),
    "GET /rest/storemembermoveinrest/summary": () => ok(summary),
  };

  it("lists move-ins with their status and totals, and filters by status", async () => {
    const server = fakeServer(routes);
    render_(<MoveInListPage />);
    expect(await screen.findByRole("link", { name: "MI00000001" })).toHaveAttribute("href", "/moveInDetail?id=1");
    expect(screen.getByText("Waiting")).toBeInTheDocument();
    expect(screen.getByTestId("move-in-summary")).toHaveTextContent("new cards' value 850.04");
    fireEvent.mouseDown(screen.getByLabelText("Status"));
    fireEvent.click(await screen.findByRole("option", { name: "Rejected" }));
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/storemembermoveinrest/list").at(-1)?.query.get("status")).toBe("rejected"),
    );
  });

  it("submits a draft for approval after a confirmation", async () => {
    const server = fakeServer({
      ...routes,
      "POST /rest/storemembermoveinrest/commit": () => ok(detail(1, { status: "submitted" }), "submitted for approval"),
    });
    render_(<MoveInListPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Submit for approval" }));
    const dialog = await screen.findByRole("dialog", { name: "Submit move-in MI00000001 for approval?" });
    expect(within(dialog).getByText(/worth 850.04 and 8 session/)).toBeInTheDocument();
    expect(server.callsTo("POST /rest/storemembermoveinrest/commit")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit for approval" }));
    await waitFor(() => expect(server.callsTo("POST /rest/storemembermoveinrest/commit")[0]?.body).toEqual({ id: 1 }));
  });

  it("deletes a draft only once confirmed", async () => {
    const server = fakeServer({ ...routes, "POST /rest/storemembermoveinrest/delete": () => ok(null, "deleted") });
    render_(<MoveInListPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete move-in MI00000001?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.callsTo("POST /rest/storemembermoveinrest/delete")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(server.callsTo("POST /rest/storemembermoveinrest/delete")).toHaveLength(1));
  });

  it("shows the empty state", async () => {
    fakeServer({ ...routes, "GET /rest/storemembermoveinrest/list": () => ok({ list: [], total: 0 }) });
    render_(<MoveInListPage />);
    expect(await screen.findByText("No move-ins match.")).toBeInTheDocument();
  });
});

describe("ImportDialog", () => {
  it("shows the row report when the file has a bad row", async () => {
    fakeServer({
      "POST /rest/storerelocationupload/import": () => ({
        status: 400,
        errcode: "MEM-40010",
        errmsg: "the file has errors; nothing was imported",
        data: {
          errors: [{ row: 6, column: "cardTypeCode", message: "no card type enabled in this store has this code" }],
        },
      }),
    });
    render_(<ImportDialog onClose={() => undefined} />);
    const file = new File(["x"], "move-ins.xlsx");
    fireEvent.change(screen.getByLabelText("Choose an .xlsx file"), { target: { files: [file] } });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    const report = await screen.findByRole("table", { name: /Nothing was imported/ });
    expect(within(report).getByText("cardTypeCode")).toBeInTheDocument();
    expect(within(report).getByText("no card type enabled in this store has this code")).toBeInTheDocument();
  });
});

describe("MoveInPage", () => {
  const routes: Routes = {
    "GET /rest/storemembermoveinrest/cardTypes": () =>
      ok([
        {
          id: 5,
          code: "GOLD",
          name: "金卡",
          kind: "storedValue",
          kindName: "",
          faceValue: "1000.00",
          validityDays: 365,
        },
        { id: 6, code: "CARE", name: "护理卡", kind: "package", kindName: "", faceValue: "0.00", validityDays: 365 },
      ]),
    "GET /rest/storemembermoveinrest/projects": () => ok([{ id: 3, code: "P1", name: "头皮护理" }]),
    "GET /rest/storemembermoveinrest/newCardDiscount": () =>
      ok({
        cardTypeId: 5,
        cardTypeName: "金卡",
        kind: "storedValue",
        discounts: [{ categoryId: 1, categoryName: "护理", rate: "0.80" }],
      }),
  };

  it("files a new member's move-in: phone looked up, old card entered, value previewed, saved", async () => {
    const navigate = vi.fn();
    const server = fakeServer({
      ...routes,
      "GET /rest/storemembermoveinrest/findByPhone": () => ok({ found: false, member: null }),
      "POST /rest/storemembermoveinrest/save": () => ok(detail(7), "saved"),
    });
    render_(<MoveInPage search="" navigate={navigate} />);
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "13912345678" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    expect(await screen.findByText(/a new member is filed on approval/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "李娜" } });
    fireEvent.change(screen.getByLabelText(/^From store/), { target: { value: "徐汇店" } });
    fireEvent.change(screen.getByLabelText(/^Old card \*/), { target: { value: "钻石卡" } });
    fireEvent.mouseDown(screen.getByLabelText(/New card type/));
    fireEvent.click(await screen.findByRole("option", { name: "金卡" }));
    fireEvent.change(screen.getByLabelText(/Remaining balance/), { target: { value: "1000.05" } });
    fireEvent.change(screen.getByLabelText("Old-card coefficient"), { target: { value: "0.85" } });
    expect(screen.getByText("New card's value: 850.04")).toBeInTheDocument();
    expect(await screen.findByText(/护理: 0.80/)).toBeInTheDocument();
    expect(screen.getByText("Save the draft first, then attach files.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/moveIn?id=7"));
    expect(server.callsTo("POST /rest/storemembermoveinrest/save")[0]?.body).toEqual({
      name: "李娜",
      areaCode: "0086",
      phone: "13912345678",
      birthday: null,
      sourceBrand: "",
      sourceStore: "徐汇店",
      remark: "",
      lines: [
        {
          oldCardName: "钻石卡",
          oldCardNo: "",
          kind: "storedValue",
          cardTypeId: 5,
          expiresOn: null,
          oldBalance: "1000.05",
          coefficient: "0.85",
        },
      ],
    });
  });

  it("edits a rejected move-in keeping its member, shows the reason and submits after a confirmation", async () => {
    const navigate = vi.fn();
    const rejected = detail(8, { status: "rejected", statusName: "Rejected", decisionRemark: "余额与合同不符" });
    const server = fakeServer({
      ...routes,
      "GET /rest/storemembermoveinrest/detail": () => ok(rejected),
      "POST /rest/storemembermoveinrest/update": () => ok(rejected, "saved"),
      "POST /rest/storemembermoveinrest/commit": () => ok({ ...rejected, status: "submitted" }),
    });
    render_(<MoveInPage search="?id=8" navigate={navigate} />);
    expect(await screen.findByText(/余额与合同不符/)).toBeInTheDocument();
    expect(screen.getByText("Member: 李娜8 139****5678")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(server.callsTo("POST /rest/storemembermoveinrest/update")).toHaveLength(1));
    const sent = server.callsTo("POST /rest/storemembermoveinrest/update")[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 8, keepMember: true, sourceStore: "徐汇店" });
    expect((sent.lines as unknown[])[1]).toEqual({
      oldCardName: "护理疗程卡",
      oldCardNo: "",
      kind: "package",
      cardTypeId: 6,
      expiresOn: null,
      sessions: [{ projectId: 3, sessions: 6 }],
    });
    fireEvent.click(screen.getByRole("button", { name: "Submit for approval" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Submit for approval" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/moveInDetail?id=8"));
  });
});

describe("MoveInDetailPage", () => {
  it("shows the summary, the old cards with their new cards and the approval", async () => {
    fakeServer({
      "GET /rest/storemembermoveinrest/detail": () =>
        ok(
          detail(9, {
            status: "approved",
            statusName: "Approved",
            canEdit: false,
            lines: [{ ...storedLine, cardId: 70, cardNo: "V000000070" }, packageLine],
            approval: {
              id: 4,
              status: "approved",
              statusName: "approved",
              decidedByName: "SY00001",
              decidedAt: "2026-11-21T10:00:00+08:00",
              remark: "同意",
            },
            attachments: [
              {
                id: 2,
                moveInId: 9,
                name: "合同.pdf",
                contentType: "application/pdf",
                size: 2048,
                uploadedByName: "SY00002",
                createdAt: "2026-11-20T10:00:00+08:00",
                url: "/rest/storerelocationupload/file/2",
              },
            ],
          }),
        ),
    });
    render_(<MoveInDetailPage search="?id=9" />);
    expect(await screen.findByText("V000000070")).toBeInTheDocument();
    expect(screen.getByText("头皮护理 ×6")).toBeInTheDocument();
    expect(screen.getByText("SY00001")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "合同.pdf" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
  });

  it("says when the move-in cannot be loaded", async () => {
    fakeServer({});
    render_(<MoveInDetailPage search="?id=404" />);
    expect(await screen.findByText("not found")).toBeInTheDocument();
  });
});

describe("MoveInDetailListPage", () => {
  it("lists the old cards across move-ins and filters by kind", async () => {
    const server = fakeServer({
      "GET /rest/storemembermoveinrest/lineList": () =>
        ok({
          list: [
            {
              ...packageLine,
              moveInId: 1,
              moveInNo: "MI00000001",
              name: "李娜",
              phone: "139****5678",
              sourceStore: "徐汇店",
              status: "draft",
              statusName: "Draft",
              createdAt: "2026-11-20T10:00:00+08:00",
            },
          ],
          total: 1,
        }),
    });
    render_(<MoveInDetailListPage />);
    expect(await screen.findByText("头皮护理 ×6")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText("Kind"));
    fireEvent.click(await screen.findByRole("option", { name: "Package card" }));
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/storemembermoveinrest/lineList").at(-1)?.query.get("kind")).toBe("package"),
    );
  });
});
