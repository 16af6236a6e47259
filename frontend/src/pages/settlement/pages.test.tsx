import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BTN_SETTLEMENT_PAY, BTN_SETTLEMENT_RULES, BTN_SETTLEMENT_STATEMENT } from "../../api/settlement";
import { i18n } from "../../i18n";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { MatrixPage } from "./MatrixPage";
import { RulesPage } from "./RulesPage";
import { StatementsPage } from "./StatementsPage";

const DAY = "2026-11-23";
const STATEMENTS = "GET /rest/settlement/statements";
const DETAIL = "GET /rest/settlement/statement/5";
const CONFIRM = "POST /rest/settlement/confirm/5";
const DISPUTE = "POST /rest/settlement/dispute/5";
const STORES = "GET /rest/settlement/stores";

/** The caller's stores: one store's owner, an owner of two, and head office (above the stores). */
const oneStore = () => ok({ stores: [{ id: 10, name: "Store A" }], headOffice: false });
const twoStores = () =>
  ok({
    stores: [
      { id: 10, name: "Store A" },
      { id: 11, name: "Store B" },
    ],
    headOffice: false,
  });
const headOffice = () =>
  ok({
    stores: [
      { id: 10, name: "Store A" },
      { id: 11, name: "Store B" },
      { id: 12, name: "Store C" },
    ],
    headOffice: true,
  });

const head = {
  statementId: 5,
  date: DAY,
  fromStoreId: 10,
  fromStoreName: "Store A",
  toStoreId: 11,
  toStoreName: "Store B",
  amount: "1234.50",
  status: "open",
  statusName: "open",
  confirmations: [
    { storeId: 10, storeName: "Store A", confirmedBy: "", confirmedAt: null },
    { storeId: 11, storeName: "Store B", confirmedBy: "SY00002", confirmedAt: "2026-11-24T09:00:00+08:00" },
  ],
  lockedBy: "",
  lockedAt: null,
  disputeId: null,
  monthSettlementId: null,
  canConfirm: true,
  canDispute: true,
};
const row = { ...head, entries: 2 };
const other = {
  ...row,
  statementId: 6,
  fromStoreId: 12,
  fromStoreName: "Store C",
  amount: "80.00",
  status: "locked",
  statusName: "locked",
  entries: 1,
  canConfirm: false,
  canDispute: false,
};
const entry = {
  entryId: 71,
  kind: "storedValueService",
  kindName: "stored value spent on services in another store",
  orderId: 900,
  orderNo: "SO20261123001",
  cardId: 33,
  cardNo: "SV20261001",
  amount: "1254.50",
  value: "1568.13",
  share: "80.00",
  giftRatio: "0.00",
  sessions: 0,
  ruleVersion: 1,
  reversesEntryId: null,
  servedStoreName: "Store B",
  note: "",
  createdAt: "2026-11-23T15:00:00+08:00",
};
const reversal = {
  ...entry,
  entryId: 72,
  orderNo: "RF20261123001",
  amount: "-20.00",
  value: "-25.00",
  reversesEntryId: 70,
};
const detail = { ...head, entryCount: 2, entries: [entry, reversal] };

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

function session(btn: string[]) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ btn })));
}

beforeEach(async () => {
  await i18n.changeLanguage("en");
  session([BTN_SETTLEMENT_STATEMENT]);
});

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  window.history.replaceState(null, "", "/");
  await i18n.changeLanguage("en");
});

describe("StatementsPage", () => {
  it("lists the day's statements: who owes whom, how much, the status and who confirmed", async () => {
    const server = fakeServer({ [STATEMENTS]: () => ok({ list: [row, other], total: 2 }), [STORES]: oneStore });
    render_(<StatementsPage search={`?date=${DAY}`} />);
    const first = await screen.findByTestId("statement-row-5");
    expect(within(first).getByRole("button", { name: "Store A → Store B" })).toBeInTheDocument();
    expect(within(first).getByText("¥1,234.50")).toBeInTheDocument();
    expect(within(first).getByTestId("statement-status-5")).toHaveTextContent("open");
    expect(within(first).getByText("Store B (SY00002)")).toBeInTheDocument();
    expect(within(screen.getByTestId("statement-row-6")).getByText("¥80.00")).toBeInTheDocument();
    const query = Object.fromEntries(server.callsTo(STATEMENTS)[0]!.query);
    expect(query).toEqual({ date: DAY, pageNo: "1", pageSize: "20" });
    expect(screen.getByTestId("statements-date")).toHaveValue(DAY);
    // Making a day's statements is head office's: not offered without the pay code.
    expect(screen.queryByTestId("statements-make")).not.toBeInTheDocument();
    // One store: nothing to filter by.
    await waitFor(() => expect(server.callsTo(STORES)).toHaveLength(1));
    expect(screen.queryByTestId("statements-store")).not.toBeInTheDocument();
  });

  it("narrows the day's statements to one of the caller's stores, from the first page, and back to all", async () => {
    const server = fakeServer({
      [STATEMENTS]: (call) =>
        ok(call.query.get("storeId") === "11" ? { list: [row], total: 1 } : { list: [row, other], total: 42 }),
      [STORES]: twoStores,
    });
    render_(<StatementsPage search={`?date=${DAY}`} />);
    expect(await screen.findByTestId("statement-row-6")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(server.callsTo(STATEMENTS).at(-1)!.query.get("pageNo")).toBe("2"));
    const filter = await screen.findByTestId("statements-store");
    expect(screen.getByLabelText("Store")).toBe(filter);
    fireEvent.change(filter, { target: { value: "Store B" } });
    fireEvent.click(await screen.findByRole("option", { name: "Store B" }));
    await waitFor(() => expect(screen.queryByTestId("statement-row-6")).not.toBeInTheDocument());
    const narrowed = server.callsTo(STATEMENTS).filter((call) => call.query.has("storeId"));
    expect(narrowed).toHaveLength(1);
    expect(Object.fromEntries(narrowed[0]!.query)).toEqual({ date: DAY, pageNo: "1", pageSize: "20", storeId: "11" });
    expect(filter).toHaveValue("Store B");

    // Cleared, all the caller's stores again.
    fireEvent.click(within(filter.closest(".MuiAutocomplete-root") as HTMLElement).getByLabelText("Clear"));
    expect(await screen.findByTestId("statement-row-6")).toBeInTheDocument();
    expect(filter).toHaveValue("");
  });

  it("reads the store from the address, and shows its name in the filter", async () => {
    const server = fakeServer({ [STATEMENTS]: () => ok({ list: [row], total: 1 }), [STORES]: twoStores });
    render_(<StatementsPage search={`?date=${DAY}&storeId=11`} />);
    expect(await screen.findByTestId("statements-store")).toHaveValue("Store B");
    expect(server.callsTo(STATEMENTS).every((call) => call.query.get("storeId") === "11")).toBe(true);
  });

  it("offers head office's buttons only at head office, with the pay code", async () => {
    session([BTN_SETTLEMENT_PAY]);
    const server = fakeServer({ [STATEMENTS]: () => ok({ list: [], total: 0 }), [STORES]: twoStores });
    render_(<StatementsPage search={`?date=${DAY}`} />);
    await screen.findByTestId("statements-store");
    expect(server.callsTo(STORES)).toHaveLength(1);
    expect(screen.queryByTestId("statements-make")).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId("statements-tab-month"));
    expect(await screen.findByTestId("months-grid")).toBeInTheDocument();
    expect(screen.queryByTestId("months-rollup")).not.toBeInTheDocument();
  });

  it("offers making a day's statements at head office", async () => {
    session([BTN_SETTLEMENT_PAY]);
    fakeServer({ [STATEMENTS]: () => ok({ list: [], total: 0 }), [STORES]: headOffice });
    render_(<StatementsPage search={`?date=${DAY}`} />);
    expect(await screen.findByTestId("statements-make")).toBeInTheDocument();
  });

  it("says when the day has no statements", async () => {
    fakeServer({ [STATEMENTS]: () => ok({ list: [], total: 0 }) });
    render_(<StatementsPage search={`?date=${DAY}`} />);
    expect(await screen.findByText(`No statements for ${DAY}`)).toBeInTheDocument();
  });

  it("opens a statement's entries and confirms it only after asking", async () => {
    const server = fakeServer({
      [STATEMENTS]: () => ok({ list: [row], total: 1 }),
      [DETAIL]: () => ok(detail),
      [CONFIRM]: () => ok({ ...row, status: "confirmed", statusName: "confirmed by one store" }, "confirmed"),
    });
    render_(<StatementsPage search={`?date=${DAY}`} />);
    fireEvent.click(
      within(await screen.findByTestId("statement-row-5")).getByRole("button", { name: "Store A → Store B" }),
    );
    const dialog = await screen.findByTestId("statement-dialog");
    const entries = await within(dialog).findByTestId("statement-entries");
    const first = within(entries).getByTestId("entry-row-71");
    expect(within(first).getByText("SO20261123001")).toBeInTheDocument();
    expect(within(first).getByText("80%")).toBeInTheDocument();
    expect(within(first).getByText("¥1,568.13")).toBeInTheDocument();
    // The card by its number, as the cashier knows it, not by its id.
    expect(within(first).getByText("SV20261001")).toBeInTheDocument();
    expect(within(first).queryByText("#33")).not.toBeInTheDocument();
    expect(within(within(entries).getByTestId("entry-row-72")).getByText("#70")).toBeInTheDocument();
    expect(within(dialog).getByTestId("statement-status")).toHaveTextContent("open");
    expect(window.location.search).toBe("?statementId=5");

    fireEvent.click(within(dialog).getByTestId("statement-confirm"));
    const ask = await screen.findByRole("dialog", { name: "Confirm the statement?" });
    expect(ask).toHaveTextContent("Confirm that Store A owes Store B ¥1,234.50?");
    expect(server.callsTo(CONFIRM)).toHaveLength(0);
    fireEvent.click(within(ask).getByRole("button", { name: "Yes" }));

    await waitFor(() => expect(server.callsTo(CONFIRM)).toHaveLength(1));
    expect(server.callsTo(CONFIRM)[0]!.headers.get("Idempotency-Key")).toBeTruthy();
    // The statement is read again once confirmed.
    await waitFor(() => expect(server.callsTo(DETAIL).length).toBeGreaterThan(1));
  });

  it("refuses a dispute without a reason, then sends the correction and the reason", async () => {
    const server = fakeServer({
      [DETAIL]: () => ok(detail),
      [STATEMENTS]: () => ok({ list: [row], total: 1 }),
      [DISPUTE]: () => ok({ approvalId: 44, statement: { ...head, disputeId: 44 } }, "sent for approval"),
    });
    render_(<StatementsPage search={`?statementId=5`} />);
    const dialog = await screen.findByTestId("statement-dialog");
    fireEvent.click(await within(dialog).findByTestId("statement-dispute"));
    const form = await screen.findByRole("dialog", { name: "Dispute the statement" });
    fireEvent.change(within(form).getByTestId("dispute-correction"), { target: { value: "-20" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Please give the reason")).toBeInTheDocument();
    expect(server.callsTo(DISPUTE)).toHaveLength(0);

    fireEvent.change(within(form).getByTestId("dispute-correction"), { target: { value: "abc" } });
    fireEvent.change(within(form).getByTestId("dispute-reason"), { target: { value: "the refund came back" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(
      await within(form).findByText("An amount from -9999999.99 to 9999999.99, with at most 2 decimals"),
    ).toBeInTheDocument();
    expect(server.callsTo(DISPUTE)).toHaveLength(0);

    fireEvent.change(within(form).getByTestId("dispute-correction"), { target: { value: "-20" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(DISPUTE)).toHaveLength(1));
    const [call] = server.callsTo(DISPUTE);
    expect(call!.body).toEqual({ correction: "-20", reason: "the refund came back" });
    expect(call!.headers.get("Idempotency-Key")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Dispute the statement" })).toBeNull());
  });

  it("opens a statement the approval centre links to, and lists its day", async () => {
    const server = fakeServer({
      [DETAIL]: () => ok({ ...detail, date: "2026-11-20", canConfirm: false, canDispute: false }),
      [STATEMENTS]: () => ok({ list: [row], total: 1 }),
    });
    render_(<StatementsPage search="?statementId=5" />);
    const dialog = await screen.findByTestId("statement-dialog");
    await within(dialog).findByTestId("statement-entries");
    expect(within(dialog).queryByTestId("statement-confirm")).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId("statement-dispute")).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(STATEMENTS)).toHaveLength(1));
    expect(server.callsTo(STATEMENTS)[0]!.query.get("date")).toBe("2026-11-20");
  });

  it("rolls a month up after asking, and marks a settlement paid with its reference", async () => {
    session([BTN_SETTLEMENT_PAY]);
    const month = {
      settlementId: 8,
      month: "2026-10",
      fromStoreId: 10,
      fromStoreName: "Store A",
      toStoreId: 11,
      toStoreName: "Store B",
      amount: "5000.00",
      statements: 31,
      status: "due",
      statusName: "due",
      reference: "",
      paidAt: null,
      paidBy: "",
    };
    const server = fakeServer({
      [STATEMENTS]: () => ok({ list: [], total: 0 }),
      [STORES]: headOffice,
      "GET /rest/settlement/months": () => ok({ list: [month], total: 1 }),
      "POST /rest/settlement/months/rollUp": () => ok({ made: 1 }, "done"),
      "POST /rest/settlement/month/8/paid": () => ok({ ...month, status: "paid", statusName: "paid" }, "saved"),
    });
    render_(<StatementsPage search="?month=2026-10" />);
    const monthRow = await screen.findByTestId("month-row-8");
    expect(within(monthRow).getByText("¥5,000.00")).toBeInTheDocument();
    expect(server.callsTo("GET /rest/settlement/months")[0]!.query.get("month")).toBe("2026-10");
    expect(screen.getByTestId("entries-export")).toBeInTheDocument();

    fireEvent.click(await screen.findByTestId("months-rollup"));
    const ask = await screen.findByRole("dialog", { name: "Roll up the month?" });
    expect(server.callsTo("POST /rest/settlement/months/rollUp")).toHaveLength(0);
    fireEvent.click(within(ask).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/settlement/months/rollUp")).toHaveLength(1));
    expect(server.callsTo("POST /rest/settlement/months/rollUp")[0]!.body).toEqual({ month: "2026-10" });

    fireEvent.click(within(monthRow).getByTestId("month-paid-8"));
    const form = await screen.findByRole("dialog", { name: "Mark the settlement paid" });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Please enter the bank transfer's reference")).toBeInTheDocument();
    fireEvent.change(within(form).getByTestId("month-reference"), { target: { value: "BANK-2026-10-001" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo("POST /rest/settlement/month/8/paid")).toHaveLength(1));
    const [call] = server.callsTo("POST /rest/settlement/month/8/paid");
    expect(call!.body).toEqual({ reference: "BANK-2026-10-001" });
    expect(call!.headers.get("Idempotency-Key")).toBeTruthy();
  });
});

describe("MatrixPage", () => {
  const matrix = {
    month: "2026-11",
    stores: [
      { id: 10, name: "Store A" },
      { id: 11, name: "Store B" },
      { id: 12, name: "Store C" },
    ],
    cells: [
      { fromStoreId: 10, toStoreId: 11, amount: "1234.50" },
      { fromStoreId: 12, toStoreId: 11, amount: "100.00" },
      { fromStoreId: 12, toStoreId: 10, amount: "20.00" },
    ],
  };

  it("shows who owes whom, blank where nothing, the totals and the net positions' chart", async () => {
    const server = fakeServer({ "GET /rest/settlement/matrix": () => ok(matrix) });
    render_(<MatrixPage search="?month=2026-11" />);
    const table = await screen.findByTestId("settlement-matrix");
    expect(within(table).getByTestId("matrix-cell-10-11")).toHaveTextContent("¥1,234.50");
    expect(within(table).getByTestId("matrix-cell-11-10")).toHaveTextContent(/^$/);
    expect(within(table).getByTestId("matrix-cell-12-10")).toHaveTextContent("¥20.00");
    expect(within(table).getByRole("row", { name: /Is owed in all/ })).toHaveTextContent("¥20.00¥1,334.50");
    expect(within(table).getByRole("row", { name: /^Store C/ })).toHaveTextContent("¥120.00");
    expect(screen.getByTestId("matrix-chart")).toHaveTextContent("Each store's net position");
    expect(screen.getByTestId("matrix-chart").querySelector("svg")).not.toBeNull();
    expect(server.callsTo("GET /rest/settlement/matrix")[0]!.query.get("month")).toBe("2026-11");
  });

  /** A month of `count` stores (ids 101…), each owing the next one, the later the more. */
  function chainOf(count: number) {
    const stores = Array.from({ length: count }, (_, index) => ({ id: 101 + index, name: `Shop ${index + 1}` }));
    const cells = stores.slice(1).map((store, index) => ({
      fromStoreId: stores[index]!.id,
      toStoreId: store.id,
      amount: `${(index + 1) * 10}.00`,
    }));
    return { month: "2026-11", stores, cells };
  }

  it("keeps the table for a chain of 2 stores: no list of pairs, no store filter", async () => {
    session([BTN_SETTLEMENT_STATEMENT]);
    fakeServer({ "GET /rest/settlement/matrix": () => ok(chainOf(2)) });
    render_(<MatrixPage search="?month=2026-11" />);
    const table = await screen.findByTestId("settlement-matrix");
    expect(within(table).getByTestId("matrix-cell-101-102")).toHaveTextContent("¥10.00");
    expect(screen.queryByTestId("matrix-pairs")).not.toBeInTheDocument();
    expect(screen.queryByTestId("matrix-listed")).not.toBeInTheDocument();
    expect(screen.queryByTestId("matrix-store")).not.toBeInTheDocument();
    expect(screen.queryByTestId("matrix-chart-largest")).not.toBeInTheDocument();
  });

  it("lists the pairs of a chain of 31 stores, the largest first, and narrows them to a chosen store", async () => {
    // Head office: its role acts above the stores.
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 1, btn: [] })));
    const chain = chainOf(31);
    const ofShop7 = {
      month: "2026-11",
      stores: chain.stores.slice(5, 8),
      cells: chain.cells.slice(5, 7),
    };
    const server = fakeServer({
      "GET /rest/settlement/matrix": (call) => ok(call.query.get("storeId") === "107" ? ofShop7 : chain),
      [STORES]: () => ok({ stores: chain.stores, headOffice: true }),
    });
    render_(<MatrixPage search="?month=2026-11" />);

    const pairs = await screen.findByTestId("matrix-pairs");
    expect(screen.queryByTestId("settlement-matrix")).not.toBeInTheDocument();
    expect(screen.getByTestId("matrix-listed")).toHaveTextContent(
      "The chain has 31 stores clearing in 2026-11, so the pairs are listed",
    );
    // 30 pairs, 25 a page, the largest first.
    const rows = within(pairs).getAllByTestId(/^matrix-pair-/);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveAttribute("data-testid", "matrix-pair-130-131");
    expect(rows[0]).toHaveTextContent("Shop 30Shop 31¥300.00");
    expect(rows[24]).toHaveAttribute("data-testid", "matrix-pair-106-107");
    // The chart draws the 20 largest positions of the 31, and says so.
    expect(screen.getByTestId("matrix-chart-largest")).toHaveTextContent(
      "The 20 stores with the largest net positions, either way, of 31",
    );

    const filter = await screen.findByTestId("matrix-store");
    fireEvent.change(filter, { target: { value: "Shop 7" } });
    fireEvent.click(await screen.findByRole("option", { name: "Shop 7" }));

    // Shop 7's pairs take in 3 stores: the table again.
    const table = await screen.findByTestId("settlement-matrix");
    expect(within(table).getByTestId("matrix-cell-106-107")).toHaveTextContent("¥60.00");
    expect(within(table).getByTestId("matrix-cell-107-108")).toHaveTextContent("¥70.00");
    expect(screen.queryByTestId("matrix-pairs")).not.toBeInTheDocument();
    expect(screen.queryByTestId("matrix-listed")).not.toBeInTheDocument();
    const narrowed = server.callsTo("GET /rest/settlement/matrix").filter((call) => call.query.has("storeId"));
    expect(narrowed).toHaveLength(1);
    expect(Object.fromEntries(narrowed[0]!.query)).toEqual({ month: "2026-11", storeId: "107" });
    expect(screen.getByTestId("matrix-chart-store")).toHaveTextContent("Only the pairs with Shop 7 are counted");
    // The filter stays, to choose another store or all of them again.
    expect(screen.getByTestId("matrix-store")).toHaveValue("Shop 7");
  });

  it("lists the pairs at a store's level without offering other stores (the server would refuse them)", async () => {
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 101, btn: [] })));
    const server = fakeServer({
      "GET /rest/settlement/matrix": () => ok(chainOf(40)),
      [STORES]: () => ok({ stores: [{ id: 101, name: "Shop 1" }], headOffice: false }),
    });
    render_(<MatrixPage search="?month=2026-11" />);
    expect(await screen.findByTestId("matrix-pairs")).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(STORES)).toHaveLength(1));
    expect(screen.queryByTestId("matrix-store")).not.toBeInTheDocument();
  });

  it("says when the month has no clearing between stores", async () => {
    fakeServer({ "GET /rest/settlement/matrix": () => ok({ month: "2026-11", stores: [], cells: [] }) });
    render_(<MatrixPage search="?month=2026-11" />);
    expect(await screen.findByTestId("matrix-empty")).toHaveTextContent("No clearing between stores in 2026-11");
    expect(screen.queryByTestId("settlement-matrix")).not.toBeInTheDocument();
  });
});

describe("RulesPage", () => {
  const version = (overrides: Record<string, unknown> = {}) => ({
    versionId: 1,
    kind: "storedValueService",
    kindName: "stored value spent on services in another store",
    effectiveFrom: "2000-01-01",
    share: "80.00",
    giftRatio: "0.00",
    note: "",
    createdBy: "system",
    createdAt: "2026-01-01T00:00:00+08:00",
    inForce: true,
    ...overrides,
  });
  const rules = {
    kinds: [
      {
        kind: "storedValueService",
        kindName: "stored value spent on services in another store",
        current: version(),
        versions: [version({ versionId: 2, effectiveFrom: "2026-12-01", share: "85.00", inForce: false }), version()],
      },
    ],
    earliestNewVersion: "2026-11-25",
  };

  it("shows each kind's rule in force and its versions", async () => {
    session([]);
    fakeServer({ "GET /rest/settlement/rules": () => ok(rules) });
    render_(<RulesPage />);
    const card = await screen.findByTestId("rule-storedValueService");
    expect(within(card).getAllByText("80%").length).toBeGreaterThan(0);
    expect(within(card).getByTestId("rule-version-2")).toHaveTextContent("Planned");
    expect(within(card).getByTestId("rule-version-1")).toHaveTextContent("In force");
    expect(within(card).queryByTestId("rule-new-storedValueService")).not.toBeInTheDocument();
  });

  it("offers a new version only at head office, even with the rules code", async () => {
    session([BTN_SETTLEMENT_RULES]);
    const server = fakeServer({ "GET /rest/settlement/rules": () => ok(rules), [STORES]: twoStores });
    render_(<RulesPage />);
    const card = await screen.findByTestId("rule-storedValueService");
    await waitFor(() => expect(server.callsTo(STORES)).toHaveLength(1));
    expect(within(card).queryByTestId("rule-new-storedValueService")).not.toBeInTheDocument();
  });

  it("refuses a share above 100, then saves a new version after confirming it", async () => {
    session([BTN_SETTLEMENT_RULES]);
    const server = fakeServer({
      "GET /rest/settlement/rules": () => ok(rules),
      [STORES]: headOffice,
      "POST /rest/settlement/rules": () => ok(rules, "saved"),
    });
    render_(<RulesPage />);
    fireEvent.click(await screen.findByTestId("rule-new-storedValueService"));
    const form = await screen.findByRole("dialog", {
      name: "New version: stored value spent on services in another store",
    });
    expect(within(form).getByTestId("rule-from")).toHaveValue("2026-11-25");
    fireEvent.change(within(form).getByTestId("rule-share"), { target: { value: "120" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("A percentage from 0 to 100, with at most 2 decimals")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Save this version?" })).toBeNull();

    fireEvent.change(within(form).getByTestId("rule-share"), { target: { value: "90" } });
    fireEvent.change(within(form).getByTestId("rule-gift"), { target: { value: "50" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    const ask = await screen.findByRole("dialog", { name: "Save this version?" });
    expect(server.callsTo("POST /rest/settlement/rules")).toHaveLength(0);
    fireEvent.click(within(ask).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/settlement/rules")).toHaveLength(1));
    const [call] = server.callsTo("POST /rest/settlement/rules");
    expect(call!.body).toEqual({
      kind: "storedValueService",
      effectiveFrom: "2026-11-25",
      share: "90",
      giftRatio: "50",
      note: "",
    });
    expect(call!.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("says what is wrong in Chinese too", async () => {
    await i18n.changeLanguage("zh-hans");
    session([BTN_SETTLEMENT_RULES]);
    fakeServer({ "GET /rest/settlement/rules": () => ok(rules), [STORES]: headOffice });
    render_(<RulesPage />);
    fireEvent.click(await screen.findByTestId("rule-new-storedValueService"));
    const form = await screen.findByRole("dialog", { name: /^新版本/ });
    fireEvent.change(within(form).getByTestId("rule-gift"), { target: { value: "" } });
    fireEvent.click(within(form).getByRole("button", { name: "保存" }));
    expect(await within(form).findByText("请填写百分比")).toBeInTheDocument();
  });
});
