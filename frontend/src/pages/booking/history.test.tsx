import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { ReservationHistoryBoardPage } from "./ReservationHistoryBoardPage";
import { ReservationHistoryPage } from "./ReservationHistoryPage";
import { addDays, mondayOf, storeToday } from "../../lib/dates";

const QUEUED = "The export has 100,000 rows or more: the file is being prepared in the download centre";

function reservation(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    storeId: 10,
    memId: 100 + id,
    name: `Member ${id}`,
    phone: "138****5678",
    areaCode: "86",
    walkIn: false,
    nurseId: 4,
    nurseName: "Nurse Li",
    projects: [{ id: 7, name: "Scalp care", minutes: 60 }],
    startTime: "2026-03-02T10:00:00+08:00",
    endTime: "2026-03-02T11:00:00+08:00",
    duration: 60,
    source: "phone",
    sourceName: "Phone",
    remark: "",
    status: "booked",
    statusName: "Booked",
    cancelReason: "",
    cancelReasonName: "",
    forced: false,
    billedOrderNo: "",
    createdAt: "2026-03-01T09:00:00+08:00",
    updatedAt: "2026-03-01T09:00:00+08:00",
    ...overrides,
  };
}

const STATUSES = [
  { code: "booked", name: "Booked" },
  { code: "arrived", name: "Arrived" },
  { code: "inService", name: "In service" },
  { code: "done", name: "Done" },
  { code: "noShow", name: "No-show" },
  { code: "cancelled", name: "Cancelled" },
];

function routes(overrides: Routes = {}): Routes {
  return {
    "GET /rest/reservation/nameList/10": () =>
      ok([
        { id: 4, name: "Nurse Li", position: "nurse", positionName: "care therapist" },
        { id: 5, name: "Nurse Chen", position: "nurse", positionName: "care therapist" },
      ]),
    "GET /rest/reservation/findStatus": () => ok(STATUSES),
    "GET /rest/reservation/sources": () =>
      ok([
        { code: "phone", name: "Phone" },
        { code: "walkIn", name: "Walk-in" },
      ]),
    "GET /rest/reservation/findRecord": () =>
      ok({ list: [reservation(1), reservation(2, { status: "done", statusName: "Done" })], total: 35 }),
    "GET /rest/reservation/findRecordCounts": () =>
      ok({ booked: 20, arrived: 0, inService: 0, done: 15, noShow: 0, cancelled: 0, total: 35 }),
    ...overrides,
  };
}

const render_ = (node: ReactNode) => render(<AppProviders>{node}</AppProviders>);
const queryOf = (call: { query: URLSearchParams } | undefined) => Object.fromEntries(call?.query ?? []);

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole("combobox"));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
  window.localStorage.setItem("erp.tokens", JSON.stringify({ access: "a1", refresh: "r1", accountVersion: "v1" }));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("ReservationHistoryPage", () => {
  it("lists with the default range, filters and pages with the right query", async () => {
    const server = fakeServer(routes());
    render_(<ReservationHistoryPage search="" />);
    expect(await screen.findByText("Member 1")).toBeInTheDocument();
    const today = storeToday();
    expect(queryOf(server.callsTo("GET /rest/reservation/findRecord")[0])).toEqual({
      pageNo: "1",
      pageSize: "10",
      dateFrom: addDays(today, -30),
      dateTo: addDays(today, 30),
    });
    expect(screen.getAllByText("2026-03-02 10:00–11:00")).toHaveLength(2);
    expect(await screen.findByTestId("history-count-done")).toHaveTextContent("Done 15");
    expect(screen.getByTestId("history-count-all")).toHaveTextContent("All 35");

    await choose("history-nurse", "Nurse Chen");
    await choose("history-source", "Walk-in");
    fireEvent.change(screen.getByTestId("history-date-from"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByTestId("history-date-to"), { target: { value: "2026-03-31" } });
    fireEvent.change(screen.getByTestId("history-phone"), { target: { value: "5678" } });
    fireEvent.click(screen.getByTestId("history-search"));
    const expected = { dateFrom: "2026-03-01", dateTo: "2026-03-31", nurseId: "5", source: "walkIn", phone: "5678" };
    await waitFor(() =>
      expect(queryOf(server.callsTo("GET /rest/reservation/findRecord").at(-1))).toEqual({
        pageNo: "1",
        pageSize: "10",
        ...expected,
      }),
    );
    await waitFor(() =>
      expect(queryOf(server.callsTo("GET /rest/reservation/findRecordCounts").at(-1))).toEqual(expected),
    );

    fireEvent.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/reservation/findRecord").at(-1)?.query.get("pageNo")).toBe("2"),
    );

    // A status chip filters by that status and goes back to the first page.
    fireEvent.click(screen.getByTestId("history-count-done"));
    await waitFor(() =>
      expect(queryOf(server.callsTo("GET /rest/reservation/findRecord").at(-1))).toEqual({
        pageNo: "1",
        pageSize: "10",
        ...expected,
        status: "done",
      }),
    );
  });

  it.each([
    ["", "2026-03-31", "please enter start time"],
    ["2026-03-01", "", "please enter end time"],
    ["2026-03-31", "2026-03-01", "please choose a suitable end time"],
    ["2026-01-01", "2026-04-04", "selected time exceeds range"],
  ])("refuses the range %s – %s with “%s”", async (from, to, message) => {
    const server = fakeServer(routes());
    render_(<ReservationHistoryPage search="" />);
    await screen.findByText("Member 1");
    const before = server.callsTo("GET /rest/reservation/findRecord").length;
    fireEvent.change(screen.getByTestId("history-date-from"), { target: { value: from } });
    fireEvent.change(screen.getByTestId("history-date-to"), { target: { value: to } });
    fireEvent.click(screen.getByTestId("history-search"));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(server.callsTo("GET /rest/reservation/findRecord")).toHaveLength(before);
  });

  it("refuses a short phone", async () => {
    fakeServer(routes());
    render_(<ReservationHistoryPage search="" />);
    await screen.findByText("Member 1");
    fireEvent.change(screen.getByTestId("history-phone"), { target: { value: "567" } });
    fireEvent.click(screen.getByTestId("history-search"));
    expect(await screen.findByText("Enter the whole phone or at least its last 4 digits")).toBeInTheDocument();
  });

  it("narrows to a member from the address", async () => {
    const server = fakeServer(routes());
    render_(<ReservationHistoryPage search="?memId=101" />);
    await screen.findByText("Member 1");
    expect(server.callsTo("GET /rest/reservation/findRecord")[0]?.query.get("memId")).toBe("101");
  });

  it("sends an export of 100,000 rows to the download centre", async () => {
    const server = fakeServer(
      routes({
        "GET /rest/reservation/findRecord": () => ok({ list: [reservation(1)], total: 100_000 }),
        "GET /rest/reservation/findRecord/export": () => ({ status: 202, ...ok({ jobId: 3 }, QUEUED) }),
      }),
    );
    render_(<ReservationHistoryPage search="" />);
    await screen.findByText("Member 1");
    fireEvent.click(screen.getByTestId("history-export"));
    await waitFor(() => expect(noticeTexts()).toContain(QUEUED));
    expect(server.callsTo("GET /rest/reservation/findRecord/export")).toHaveLength(1);
  });

  it("exports with the filters and shows the server's refusal", async () => {
    const server = fakeServer(
      routes({
        "GET /rest/reservation/findRecord/export": () => ({
          status: 400,
          errcode: "VALID-40000",
          errmsg: "server says no",
        }),
      }),
    );
    render_(<ReservationHistoryPage search="" />);
    await screen.findByText("Member 1");
    await choose("history-status", "Done");
    await waitFor(() =>
      expect(server.callsTo("GET /rest/reservation/findRecord").at(-1)?.query.get("status")).toBe("done"),
    );
    await screen.findByText("Member 1");
    fireEvent.click(screen.getByTestId("history-export"));
    await waitFor(() => expect(noticeTexts()).toContain("server says no"));
    const call = server.callsTo("GET /rest/reservation/findRecord/export")[0];
    const today = storeToday();
    expect(queryOf(call)).toEqual({ dateFrom: addDays(today, -30), dateTo: addDays(today, 30), status: "done" });
    const init = server.fetch.mock.calls.find(([url]) =>
      String(url).startsWith("/rest/reservation/findRecord/export"),
    )?.[1];
    expect((init?.headers as Record<string, string>).Authorization).toBe("Bearer a1");
  });

  it("downloads the workbook", async () => {
    const server = fakeServer(routes());
    const workbook = new Response("xlsx", {
      status: 200,
      headers: {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": 'attachment; filename="reservations.xlsx"',
      },
    });
    const fallback = server.fetch.getMockImplementation();
    server.fetch.mockImplementation(async (input, init) =>
      String(input).startsWith("/rest/reservation/findRecord/export") ? workbook : fallback!(input, init),
    );
    const createObjectURL = vi.fn(() => "blob:1");
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    render_(<ReservationHistoryPage search="" />);
    await screen.findByText("Member 1");
    fireEvent.click(screen.getByTestId("history-export"));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
    Object.assign(URL, original);
  });

  it("opens a reservation's detail with its history", async () => {
    fakeServer(
      routes({
        "GET /rest/reservation/detail/1": () =>
          ok({
            ...reservation(1, { remark: "likes it quiet" }),
            history: [
              {
                at: "2026-03-01T09:00:00+08:00",
                by: "Front desk",
                kind: "created",
                kindName: "Created",
                before: null,
                after: null,
              },
              {
                at: "2026-03-01T10:00:00+08:00",
                by: "Front desk",
                kind: "moved",
                kindName: "Moved",
                before: { nurseName: "Nurse Chen" },
                after: { nurseName: "Nurse Li" },
              },
            ],
          }),
      }),
    );
    render_(<ReservationHistoryPage search="" />);
    fireEvent.click(await screen.findByTestId("history-row-1"));
    const dialog = await screen.findByRole("dialog", { name: "Reservation" });
    expect(await within(dialog).findByText("likes it quiet")).toBeInTheDocument();
    const changes = within(dialog).getByTestId("history-detail-changes");
    expect(within(changes).getByText("Moved")).toBeInTheDocument();
    expect(within(changes).getByText("nurseName: Nurse Chen")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the empty state and a failure with a retry", async () => {
    let fail = true;
    fakeServer(
      routes({
        "GET /rest/reservation/findRecord": () =>
          fail ? { status: 400, errcode: "VALID-40000", errmsg: "boom" } : ok({ list: [], total: 0 }),
      }),
    );
    render_(<ReservationHistoryPage search="" />);
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.getByText("boom")).toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText("No reservations match these filters.")).toBeInTheDocument();
  });
});

describe("ReservationHistoryBoardPage", () => {
  it("shows this week as nurses by days and pages through 200 at a time", async () => {
    const monday = mondayOf(storeToday());
    const day = (offset: number, time: string) => `${addDays(monday, offset)}T${time}:00+08:00`;
    const many = Array.from({ length: 200 }, (_, index) =>
      reservation(1000 + index, {
        startTime: day(2, "09:00"),
        endTime: day(2, "10:00"),
        nurseId: 5,
        nurseName: "Nurse Chen",
      }),
    );
    const server = fakeServer(
      routes({
        "GET /rest/reservation/findRecord": (call) =>
          call.query.get("pageNo") === "1"
            ? ok({ list: many, total: 202 })
            : ok({
                list: [
                  reservation(1, { startTime: day(0, "14:00"), endTime: day(0, "15:00") }),
                  reservation(2, {
                    startTime: day(0, "10:00"),
                    endTime: day(0, "11:00"),
                    nurseId: null,
                    nurseName: "",
                    status: "cancelled",
                    statusName: "Cancelled",
                  }),
                ],
                total: 202,
              }),
      }),
    );
    render_(<ReservationHistoryBoardPage />);
    expect(await screen.findByTestId("history-card-1")).toHaveTextContent("14:00–15:00");
    const calls = server.callsTo("GET /rest/reservation/findRecord");
    expect(calls.map(queryOf)).toEqual([
      { pageNo: "1", pageSize: "200", dateFrom: monday, dateTo: addDays(monday, 6) },
      { pageNo: "2", pageSize: "200", dateFrom: monday, dateTo: addDays(monday, 6) },
    ]);
    const cell = screen.getByTestId(`history-board-cell-4-${monday}`);
    expect(within(cell).getByText("Member 1")).toBeInTheDocument();
    expect(within(cell).getByText("138****5678")).toBeInTheDocument();
    expect(within(cell).getByText("Scalp care")).toBeInTheDocument();
    expect(within(screen.getByTestId(`history-board-cell-any-${monday}`)).getByText("Cancelled")).toBeInTheDocument();
    expect(
      within(screen.getByTestId(`history-board-cell-5-${addDays(monday, 2)}`)).getAllByText(/Member 1\d\d\d/),
    ).toHaveLength(200);

    fireEvent.click(screen.getByTestId("history-board-next"));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/reservation/findRecord").at(-1)?.query.get("dateFrom")).toBe(addDays(monday, 7)),
    );
  });

  it("filters by nurse and refuses more than 7 days", async () => {
    const server = fakeServer(routes({ "GET /rest/reservation/findRecord": () => ok({ list: [], total: 0 }) }));
    render_(<ReservationHistoryBoardPage />);
    expect(await screen.findByTestId("history-board-empty")).toBeInTheDocument();
    await choose("history-nurse", "Nurse Li");
    await waitFor(() =>
      expect(server.callsTo("GET /rest/reservation/findRecord").at(-1)?.query.get("nurseId")).toBe("4"),
    );
    fireEvent.change(screen.getByTestId("history-date-from"), { target: { value: "2026-03-02" } });
    fireEvent.change(screen.getByTestId("history-date-to"), { target: { value: "2026-03-09" } });
    fireEvent.click(screen.getByTestId("history-search"));
    expect(await screen.findByText("selected time exceeds range")).toBeInTheDocument();
  });
});
