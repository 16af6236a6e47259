import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { ReservationBoardPage } from "./ReservationBoardPage";
import { DAY, board, reservation } from "./testing";

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

const detail = (id: number, overrides = {}) => ({
  ...reservation(id, overrides),
  history: [
    { at: `${DAY}T08:00:00+08:00`, by: "SY00002", kind: "created", kindName: "created", before: null, after: null },
  ],
});

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("ReservationBoardPage", () => {
  it("shows nurses, periods, blocks and counts of the day", async () => {
    const server = fakeServer({ "GET /rest/reservation/board": () => ok(board()) });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    const block = await screen.findByTestId("reservation-block-1");
    expect(server.callsTo("GET /rest/reservation/board")[0]?.query.get("date")).toBe(DAY);
    expect(within(screen.getByTestId("nurse-column-1")).getByTestId("reservation-block-1")).toBe(block);
    expect(block).toHaveAttribute("data-start", "10:00");
    expect(block).toHaveAttribute("data-end", "11:00");
    expect(block).toHaveAttribute("draggable", "true");
    expect(block).toHaveTextContent("Member 1");
    expect(block).toHaveTextContent("138****0001");
    expect(block).toHaveTextContent("Scalp care");
    expect(within(screen.getByTestId("nurse-column-2")).getByTestId("reservation-block-2")).toHaveAttribute(
      "draggable",
      "false",
    );
    expect(within(screen.getByTestId("nurse-column-any")).getByTestId("reservation-block-3")).toHaveTextContent(
      "+852 91****78",
    );
    expect(screen.getByTestId("nurse-header-1")).toHaveTextContent("Nurse One");
    expect(screen.getByTestId("nurse-header-1")).toHaveTextContent("Early 09:00–17:00");
    expect(screen.getByTestId("duty-state-2")).toHaveTextContent("Off duty");
    expect(screen.getByTestId("period-row-09:00")).toBeInTheDocument();
    expect(screen.getByTestId("period-row-13:00")).toBeInTheDocument();
    expect(screen.getByTestId("slot-1-10:15")).toHaveAttribute("data-slot-start", "10:15");
    expect(screen.getByTestId("count-booked")).toHaveTextContent("Booked 2");
    expect(screen.getByTestId("count-total")).toHaveTextContent("All 4");

    // Cancelled ones hide until asked for, then show faded.
    expect(screen.queryByTestId("reservation-block-4")).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId("show-cancelled"));
    expect(await screen.findByTestId("reservation-block-4")).toHaveAttribute("data-status", "cancelled");

    // The status filter.
    fireEvent.click(screen.getByTestId("count-arrived"));
    await waitFor(() => expect(screen.queryByTestId("reservation-block-1")).not.toBeInTheDocument());
    expect(screen.getByTestId("reservation-block-2")).toBeInTheDocument();
  });

  it("says when the day has no reservations, and switches days", async () => {
    const server = fakeServer({
      "GET /rest/reservation/board": (call) =>
        ok(
          board({
            date: call.query.get("date") ?? DAY,
            reservations: [],
            counts: { booked: 0, arrived: 0, inService: 0, done: 0, noShow: 0, cancelled: 0, total: 0 },
          }),
        ),
    });
    render_(<ReservationBoardPage search="?date=2020-01-06" />);
    expect(await screen.findByTestId("board-empty")).toHaveTextContent("No reservations on this day.");
    fireEvent.click(screen.getByTestId("date-next"));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/reservation/board").at(-1)?.query.get("date")).toBe("2020-01-07"),
    );
    expect(window.location.search).toBe("?date=2020-01-07");
  });

  it("shows a failure with a retry", async () => {
    fakeServer({
      "GET /rest/reservation/board": () => ({ status: 403, errcode: "AUTH-40300", errmsg: "no permission" }),
    });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    expect(await screen.findByText("no permission")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("moves a dragged block, snapped to the slot, to another nurse", async () => {
    let current = board();
    const server = fakeServer({
      "GET /rest/reservation/board": () => ok(current),
      "POST /rest/reservation/change": () => {
        current = board({
          reservations: [
            reservation(1, { nurseId: 2, startTime: `${DAY}T14:30:00+08:00`, endTime: `${DAY}T15:30:00+08:00` }),
          ],
        });
        return ok(current.reservations[0], "saved");
      },
    });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    const block = await screen.findByTestId("reservation-block-1");
    fireEvent.dragStart(block, { dataTransfer: { setData: vi.fn(), getData: () => "1", effectAllowed: "" } });
    const cell = screen.getByTestId("slot-2-14:30");
    fireEvent.dragOver(cell, { dataTransfer: { dropEffect: "" } });
    fireEvent.drop(cell, { dataTransfer: { getData: () => "1" } });
    await waitFor(() => expect(server.callsTo("POST /rest/reservation/change")).toHaveLength(1));
    expect(server.callsTo("POST /rest/reservation/change")[0]?.body).toEqual({
      id: 1,
      nurseId: 2,
      startTime: "2026-11-23T14:30:00+08:00",
    });
    await waitFor(() =>
      expect(within(screen.getByTestId("nurse-column-2")).getByTestId("reservation-block-1")).toHaveAttribute(
        "data-start",
        "14:30",
      ),
    );
  });

  it("puts the block back and shows the problems on a conflict", async () => {
    const server = fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "POST /rest/reservation/change": () => ({
        status: 409,
        errcode: "RES-51021",
        errmsg: "conflict",
        data: { problems: [{ code: "nurseBusy", message: "Nurse Two is busy at 14:00" }] },
      }),
    });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    const block = await screen.findByTestId("reservation-block-1");
    fireEvent.dragStart(block, { dataTransfer: { setData: vi.fn(), getData: () => "1" } });
    fireEvent.dragOver(screen.getByTestId("slot-2-14:00"), { dataTransfer: {} });
    fireEvent.drop(screen.getByTestId("slot-2-14:00"), { dataTransfer: { getData: () => "1" } });
    expect(await screen.findByTestId("move-problems")).toHaveTextContent("Nurse Two is busy at 14:00");
    expect(server.callsTo("POST /rest/reservation/change")[0]?.body).toMatchObject({ id: 1, nurseId: 2 });
    const back = within(screen.getByTestId("nurse-column-1")).getByTestId("reservation-block-1");
    expect(back).toHaveAttribute("data-start", "10:00");
  });

  it("marks arrival and no-show with the right bodies", async () => {
    // Half an hour after reservation 1's start, on its day.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${DAY}T10:30:00+08:00`));
    const server = fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "GET /rest/reservation/detail/1": () => ok(detail(1)),
      "POST /rest/reservation/arrival": () => ok(reservation(1, { status: "arrived" }), "saved"),
      "POST /rest/reservation/noShow": () => ok(reservation(1, { status: "noShow" }), "saved"),
    });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    fireEvent.click(await screen.findByTestId("reservation-block-1"));
    const drawer = await screen.findByTestId("reservation-detail-1");
    expect(within(drawer).getByTestId("detail-history")).toHaveTextContent("created");
    fireEvent.click(within(drawer).getByTestId("action-arrival"));
    await waitFor(() => expect(server.callsTo("POST /rest/reservation/arrival")[0]?.body).toEqual({ id: 1 }));

    fireEvent.click(within(await screen.findByTestId("reservation-detail-1")).getByTestId("action-noShow"));
    expect(server.callsTo("POST /rest/reservation/noShow")).toHaveLength(0);
    const confirm = await screen.findByRole("dialog", { name: "No-show" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/reservation/noShow")[0]?.body).toEqual({ id: 1 }));
    vi.useRealTimers();
  });

  it("offers arrival only on the day and no-show only after the start", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${DAY}T09:00:00+08:00`));
    fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "GET /rest/reservation/detail/1": () => ok(detail(1)),
    });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    fireEvent.click(await screen.findByTestId("reservation-block-1"));
    const drawer = await screen.findByTestId("reservation-detail-1");
    expect(within(drawer).getByTestId("action-arrival")).toBeInTheDocument();
    expect(within(drawer).queryByTestId("action-noShow")).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("undoes an arrival the same day with a reason and shows it in the history", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${DAY}T10:30:00+08:00`));
    let undone = false;
    const arrivedAt = `${DAY}T10:05:00+08:00`;
    const arrival = { at: arrivedAt, by: "SY00002", kind: "status", kindName: "status changed" };
    const server = fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "GET /rest/reservation/detail/1": () =>
        ok({
          ...detail(1, { status: undone ? "booked" : "arrived", statusName: undone ? "Booked" : "Arrived" }),
          history: [
            { ...arrival, before: { status: "booked" }, after: { status: "arrived" } },
            ...(undone
              ? [
                  {
                    at: `${DAY}T10:20:00+08:00`,
                    by: "SY00002",
                    kind: "undone",
                    kindName: "status change undone",
                    before: { status: "arrived" },
                    after: { status: "booked", reason: "wrong customer" },
                  },
                ]
              : []),
          ],
        }),
      "POST /rest/reservation/undoStatus": () => {
        undone = true;
        return ok(reservation(1), "saved");
      },
    });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    fireEvent.click(await screen.findByTestId("reservation-block-1"));
    const drawer = await screen.findByTestId("reservation-detail-1");
    expect(within(drawer).getByTestId("history-entry-0")).toHaveTextContent("status changed: Booked → Arrived");
    fireEvent.click(within(drawer).getByTestId("action-undo"));
    const dialog = await screen.findByRole("dialog", { name: "Undo status" });
    fireEvent.click(within(dialog).getByTestId("undo-confirm"));
    expect(await within(dialog).findByText("Please give a reason")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/reservation/undoStatus")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "wrong customer" } });
    fireEvent.click(within(dialog).getByTestId("undo-confirm"));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/reservation/undoStatus")[0]?.body).toEqual({ id: 1, reason: "wrong customer" }),
    );
    const entry = await within(await screen.findByTestId("reservation-detail-1")).findByTestId("history-entry-1");
    expect(entry).toHaveTextContent("status change undone: Arrived → Booked");
    expect(entry).toHaveTextContent("reason: wrong customer");
    expect(within(screen.getByTestId("reservation-detail-1")).queryByTestId("action-undo")).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("links an arrived reservation to the till for a role that may bill", async () => {
    fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "GET /rest/reservation/detail/1": () => ok(detail(1)),
      "GET /rest/reservation/detail/2": () => ok(detail(2, { status: "arrived", nurseId: 2 })),
    });
    window.localStorage.setItem(
      "erp.session",
      JSON.stringify(sessionInfo({ storeId: 10, menu: ["ERP-KDJC-PAG-0003-0000"] })),
    );
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    fireEvent.click(await screen.findByTestId("reservation-block-2"));
    const arrived = await screen.findByTestId("reservation-detail-2");
    expect(within(arrived).getByTestId("action-bill")).toHaveAttribute("href", "/account?reservationId=2");
    fireEvent.click(await screen.findByTestId("reservation-block-1"));
    const booked = await screen.findByTestId("reservation-detail-1");
    expect(within(booked).queryByTestId("action-bill")).not.toBeInTheDocument();
  });

  it("offers no bill for a reservation billed already and names its order", async () => {
    fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "GET /rest/reservation/detail/2": () =>
        ok(detail(2, { status: "done", nurseId: 2, billedOrderNo: "SO202611230000042" })),
    });
    window.localStorage.setItem(
      "erp.session",
      JSON.stringify(sessionInfo({ storeId: 10, menu: ["ERP-KDJC-PAG-0003-0000"] })),
    );
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    fireEvent.click(await screen.findByTestId("reservation-block-2"));
    const billed = await screen.findByTestId("reservation-detail-2");
    expect(within(billed).getByTestId("detail-billed")).toHaveTextContent("Billed (order SO202611230000042)");
    expect(within(billed).queryByTestId("action-bill")).not.toBeInTheDocument();
  });

  it("shows no bill button to a role without the till", async () => {
    fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "GET /rest/reservation/detail/2": () => ok(detail(2, { status: "arrived", nurseId: 2 })),
    });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    fireEvent.click(await screen.findByTestId("reservation-block-2"));
    const arrived = await screen.findByTestId("reservation-detail-2");
    expect(within(arrived).queryByTestId("action-bill")).not.toBeInTheDocument();
  });

  it("asks for the nurse when service starts on an any-nurse reservation", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${DAY}T10:30:00+08:00`));
    const server = fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "GET /rest/reservation/detail/2": () => ok(detail(2, { status: "arrived", nurseId: null, nurseName: "" })),
      "GET /rest/reservation/findNurse": () => ok(board().nurses),
      "POST /rest/reservation/startService": () => ok(reservation(2, { status: "inService" }), "saved"),
    });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    fireEvent.click(await screen.findByTestId("reservation-block-2"));
    fireEvent.click(within(await screen.findByTestId("reservation-detail-2")).getByTestId("action-startService"));
    const dialog = await screen.findByRole("dialog", { name: "Start service" });
    fireEvent.click(within(dialog).getByTestId("start-service-confirm"));
    expect(await within(dialog).findByText("Please choose the nurse")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/reservation/startService")).toHaveLength(0);
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /Nurse/ }));
    fireEvent.click(await screen.findByRole("option", { name: board().nurses[1]?.name }));
    fireEvent.click(within(dialog).getByTestId("start-service-confirm"));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/reservation/startService")[0]?.body).toEqual({
        id: 2,
        nurseId: board().nurses[1]?.id,
      }),
    );
    vi.useRealTimers();
  });

  it("needs a reason to cancel", async () => {
    const server = fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "GET /rest/reservation/detail/1": () => ok(detail(1)),
      "GET /rest/reservation/findInvalidReason": () =>
        ok([
          { code: "customer", name: "Customer asked" },
          { code: "store", name: "Store closed" },
        ]),
      "POST /rest/reservation/inValid": () => ok(reservation(1, { status: "cancelled" }), "saved"),
    });
    render_(<ReservationBoardPage search={`?date=${DAY}`} />);
    fireEvent.click(await screen.findByTestId("reservation-block-1"));
    fireEvent.click(await screen.findByTestId("action-cancel"));
    const dialog = await screen.findByRole("dialog", { name: "Cancel reservation" });
    fireEvent.click(within(dialog).getByTestId("cancel-confirm"));
    expect(await within(dialog).findByText("Please choose a reason")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/reservation/inValid")).toHaveLength(0);
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /Reason/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Customer asked" }));
    fireEvent.change(within(dialog).getByLabelText("Remark (optional)"), { target: { value: "ill" } });
    fireEvent.click(within(dialog).getByTestId("cancel-confirm"));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/reservation/inValid")[0]?.body).toEqual({
        id: 1,
        reason: "customer",
        remark: "ill",
      }),
    );
  });

  it("keeps the drawer open and the filters across timed refreshes", async () => {
    const server = fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "GET /rest/reservation/detail/2": () => ok(detail(2, { status: "arrived", nurseId: 2 })),
      "POST /rest/reservation/startService": () => ok(reservation(2, { status: "inService" }), "saved"),
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${DAY}T10:30:00+08:00`));
    render_(<ReservationBoardPage search={`?date=${DAY}`} refreshMs={40} />);
    fireEvent.click(screen.getByTestId("show-cancelled"));
    fireEvent.click(await screen.findByTestId("reservation-block-2"));
    await screen.findByTestId("reservation-detail-2");
    const before = server.callsTo("GET /rest/reservation/board").length;
    await waitFor(() => expect(server.callsTo("GET /rest/reservation/board").length).toBeGreaterThan(before + 1));
    expect(screen.getByTestId("reservation-detail-2")).toBeInTheDocument();
    expect(screen.getByTestId("reservation-block-4")).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId("reservation-detail-2")).getByTestId("action-startService"));
    await waitFor(() => expect(server.callsTo("POST /rest/reservation/startService")[0]?.body).toEqual({ id: 2 }));
    vi.useRealTimers();
  });

  it("books from an empty cell and clocks a nurse on", async () => {
    const navigate = vi.fn();
    const server = fakeServer({
      "GET /rest/reservation/board": () => ok(board()),
      "PUT /rest/reservation/onWork": () => ok(null, "saved"),
    });
    // Clocking on is for today only.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${DAY}T09:00:00+08:00`));
    render_(<ReservationBoardPage search={`?date=${DAY}`} navigate={navigate} />);
    fireEvent.click(await screen.findByTestId("slot-2-13:15"));
    expect(navigate).toHaveBeenCalledWith("/newOrder?nurseId=2&start=2026-11-23T13%3A15");
    fireEvent.click(screen.getByTestId("on-work-2"));
    await waitFor(() => expect(server.callsTo("PUT /rest/reservation/onWork")[0]?.query.get("employeeId")).toBe("2"));
    vi.useRealTimers();
  });
});
