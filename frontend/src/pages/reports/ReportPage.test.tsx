import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { i18n } from "../../i18n";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { ReportPage } from "./ReportPage";

const SELECT = "GET /rest/businessReportStaffPerformance/select";
const SHOW = "GET /rest/businessReportStaffPerformance/show";
const EXPORT = "POST /rest/businessReportStaffPerformance/export";

const COLUMNS = [
  {
    key: "staffName",
    label: "Staff",
    kind: "text",
    total: false,
    sortable: true,
    drill: { report: "SalesDetail", route: "/salesDetail", filters: { staffId: "staffId" } },
  },
  { key: "orderNo", label: "Order", kind: "text", total: false, sortable: false, link: "order", linkKey: "orderId" },
  { key: "amount", label: "Amount", kind: "money", total: true, sortable: true },
];

function selectAnswer(overrides: Record<string, unknown> = {}) {
  return {
    key: "StaffPerformance",
    route: "/staffPerformance",
    title: "Staff store performance",
    codes: ["BBZX-0001"],
    ownFigures: false,
    usesDates: true,
    filters: ["store", "staff"],
    stores: [
      { id: 10, name: "Store A" },
      { id: 11, name: "Store B" },
    ],
    staff: [{ id: 5, name: "Chen", storeId: 10 }],
    extra: [],
    maxDays: 31,
    defaultRange: { from: "2026-03-01", to: "2026-03-30" },
    columns: COLUMNS,
    ...overrides,
  };
}

function showAnswer() {
  return {
    asOf: "2026-03-30T14:32:00+08:00",
    columns: COLUMNS,
    list: [
      { staffName: "Chen", staffId: 5, orderNo: "SO001", orderId: 7, amount: "1234.50" },
      { staffName: "An", staffId: 6, orderNo: "SO002", orderId: 8, amount: "10.00" },
    ],
    total: 2,
    totals: { amount: "1244.50" },
    series: [{ key: "trend", label: "Sales trend", chart: "line", points: [{ x: "2026-03-01", y: "1244.50" }] }],
  };
}

function routes(overrides: Routes = {}): Routes {
  return {
    [SELECT]: () => ok(selectAnswer()),
    [SHOW]: () => ok(showAnswer()),
    [EXPORT]: () => ({ status: 202, data: { jobId: 41 } }),
    ...overrides,
  };
}

const renderPage = () =>
  render(
    <AppProviders>
      <ReportPage reportKey="StaffPerformance" />
    </AppProviders>,
  );

beforeEach(async () => {
  await i18n.changeLanguage("en");
  window.history.replaceState(null, "", "/staffPerformance");
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
  window.localStorage.setItem("erp.tokens", JSON.stringify({ access: "a1", refresh: "r1", accountVersion: "v1" }));
});

afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
  window.history.replaceState(null, "", "/");
  await i18n.changeLanguage("en");
});

describe("ReportPage", () => {
  it("shows the default range's rows, money formatted, the totals over every row and when the data is from", async () => {
    const server = fakeServer(routes());
    renderPage();
    expect(await screen.findByText("Chen")).toBeInTheDocument();
    const grid = screen.getByTestId("report-grid");
    expect(within(grid).getByText("Staff")).toBeInTheDocument();
    expect(within(grid).getByText("¥1,234.50")).toBeInTheDocument();
    expect(screen.getByTestId("report-total-amount")).toHaveTextContent("Amount: ¥1,244.50");
    expect(screen.getByTestId("report-as-of")).toHaveTextContent("Data as of");
    expect(screen.getByTestId("report-chart-trend")).toHaveTextContent("Sales trend");
    const query = Object.fromEntries(server.callsTo(SHOW)[0]?.query ?? []);
    expect(query).toEqual({ from: "2026-03-01", to: "2026-03-30", pageNo: "1", pageSize: "20" });
  });

  it("links an order to its page and drills from a figure into the report behind it, filters carried", async () => {
    fakeServer(routes());
    renderPage();
    const chen = await screen.findByText("Chen");
    expect(chen.closest("a")).toHaveAttribute("href", "/salesDetail?from=2026-03-01&to=2026-03-30&staffId=5");
    expect(screen.getByText("SO001").closest("a")).toHaveAttribute("href", "/orderDetails?orderId=7");
  });

  it("reads its filters from the address, as a drill-down link gives them", async () => {
    window.history.replaceState(null, "", "/staffPerformance?from=2026-03-05&to=2026-03-06&staffId=5");
    const server = fakeServer(routes());
    renderPage();
    await screen.findByText("Chen");
    const query = Object.fromEntries(server.callsTo(SHOW)[0]?.query ?? []);
    expect(query).toMatchObject({ from: "2026-03-05", to: "2026-03-06", staffId: "5" });
  });

  it("exports the applied filters to the download centre and links to it", async () => {
    const server = fakeServer(routes());
    renderPage();
    await screen.findByText("Chen");
    fireEvent.click(screen.getByTestId("report-export"));
    const queued = await screen.findByTestId("report-exported");
    expect(queued).toHaveTextContent("The export is being prepared in the download centre.");
    expect(within(queued).getByTestId("report-download-centre")).toHaveAttribute("href", "/downloadCenter");
    const call = server.callsTo(EXPORT)[0];
    expect(call?.body).toEqual({ from: "2026-03-01", to: "2026-03-30" });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("refuses a range longer than the report's maximum with the spec's message, asking nothing", async () => {
    window.history.replaceState(null, "", "/staffPerformance?from=2026-01-01&to=2026-03-30");
    const server = fakeServer(routes());
    renderPage();
    const form = await screen.findByRole("search", { name: "Report filters" });
    fireEvent.click(within(form).getByRole("button", { name: "Search" }));
    expect(await screen.findByText("selected time exceeds range")).toBeInTheDocument();
    expect(server.callsTo(SHOW)).toHaveLength(0);
  });

  it("shows the server's refusal of the filters", async () => {
    fakeServer(
      routes({
        [SHOW]: () => ({ status: 400, errcode: "VALID-40000", errmsg: "selected time exceeds range", data: null }),
      }),
    );
    renderPage();
    expect(await screen.findByTestId("report-error")).toHaveTextContent("selected time exceeds range");
  });

  it("says so when the report is not there", async () => {
    fakeServer(routes({ [SELECT]: () => ({ status: 404, errcode: "SYS-40400", errmsg: "not found" }) }));
    renderPage();
    expect(await screen.findByTestId("report-unavailable")).toHaveTextContent("This report is not available yet.");
  });

  it("sorts on the server when a heading is clicked", async () => {
    const server = fakeServer(routes());
    renderPage();
    await screen.findByText("Chen");
    fireEvent.click(within(screen.getByTestId("report-grid")).getByText("Amount"));
    await waitFor(() => expect(server.callsTo(SHOW).some((call) => call.query.get("sort") === "-amount")).toBe(true));
  });
});
