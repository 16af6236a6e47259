import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WriteOffRecord } from "../../api/groupBuy";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices } from "../../test/notices";
import { ServeDialog } from "./ServeDialog";
import { nurseOf, reservationsOf, serveBody } from "./serveDraft";
import { writeOffRecord } from "./testing";

const MEMBER = 5;

const record = (overrides: Partial<WriteOffRecord> = {}) =>
  writeOffRecord(1, {
    commodity: { type: "project", id: 1, name: "Scalp care", unifiedCode: "U1" },
    memId: MEMBER,
    settlement: "91.08",
    commission: "7.92",
    storePrice: "238.00",
    ...overrides,
  });

const reserved = (id: number, memId: number | null, nurseId: number | null, nurseName: string) => ({
  id,
  memId,
  name: `Member ${memId}`,
  phone: "138****5028",
  areaCode: "0086",
  startTime: "2026-11-24T14:00:00+08:00",
  nurseId,
  nurseName,
});

const routes = (extra: Routes = {}): Routes => ({
  "GET /rest/reservation/todayReserved": () =>
    ok([reserved(31, MEMBER, 8, "Nurse Zhou"), reserved(32, 6, 9, "Nurse Wu")]),
  "GET /rest/staffList/list": () =>
    ok({
      list: [
        { id: 8, name: "Nurse Zhou" },
        { id: 9, name: "Nurse Wu" },
      ],
      total: 2,
    }),
  "POST /rest/order/groupBuy": () => ok({ recordId: 1, orderId: 91, status: "done", record: record() }),
  ...extra,
});

function renderServe(row: WriteOffRecord, extra: Routes = {}) {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo()));
  const server = fakeServer(routes(extra));
  const onServed = vi.fn();
  render(
    <AppProviders>
      <ServeDialog record={row} onClose={vi.fn()} onServed={onServed} />
    </AppProviders>,
  );
  return { server, onServed, dialog: screen.getByRole("dialog", { name: "Serve the member" }) };
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

afterEach(() => {
  queryClient.clear();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("the serve dialog", () => {
  it("asks for the staff as the till does, starting with the reservation's nurse, and sends the desk's shares", async () => {
    const { dialog, server, onServed } = renderServe(record());
    expect(within(dialog).getByTestId("serve-price")).toHaveTextContent(
      "The order counts at the deal's price, ¥99.00 (store price ¥238.00). " +
        "Platform commission ¥7.92; the platform pays the store ¥91.08.",
    );
    // The member's reservation of today is the one served, its nurse the line's to start with.
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "For the reservation" })).toHaveTextContent(
        "14:00 (Nurse Zhou)",
      ),
    );
    expect(within(dialog).getByRole("button", { name: "Nurse Zhou" })).toBeInTheDocument();
    await choose(dialog, "Add staff", "Nurse Wu");
    const shares = within(dialog).getAllByRole("textbox", { name: "Share" });
    fireEvent.change(shares[0] as HTMLElement, { target: { value: "0.6" } });
    fireEvent.change(shares[1] as HTMLElement, { target: { value: " 0.4 " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Serve" }));
    await waitFor(() => expect(onServed).toHaveBeenCalled());
    const [call] = server.callsTo("POST /rest/order/groupBuy");
    expect(call?.body).toEqual({
      recordId: 1,
      reservationId: 31,
      staff: [
        { employeeId: 8, share: "0.6" },
        { employeeId: 9, share: "0.4" },
      ],
    });
    expect(call?.headers.get("Idempotency-Key")).toBeTruthy();
  });

  it("serves for no reservation when the desk says so, and the nurse's suggestion goes with it", async () => {
    const { dialog, server } = renderServe(record());
    expect(await within(dialog).findByRole("button", { name: "Nurse Zhou" })).toBeInTheDocument();
    await choose(dialog, "For the reservation", "Not for a reservation");
    expect(within(dialog).queryByRole("button", { name: "Nurse Zhou" })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Serve" }));
    await waitFor(() => expect(server.callsTo("POST /rest/order/groupBuy")).toHaveLength(1));
    expect(server.callsTo("POST /rest/order/groupBuy")[0]?.body).toEqual({ recordId: 1, reservationId: null });
  });

  it("says a platform without a deal price sells at the store's price", () => {
    const { dialog } = renderServe(record({ dealPrice: null, settlement: null, commission: null }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "This platform names no deal price: the order counts at the store's price.",
    );
  });
});

describe("the serve rules", () => {
  it("offers only the record's member's reservations and suggests their nurse", () => {
    const rows = [
      reserved(31, MEMBER, 8, "Nurse Zhou"),
      reserved(32, 6, 9, "Nurse Wu"),
      reserved(33, MEMBER, null, ""),
    ];
    expect(reservationsOf(rows, MEMBER).map((row) => row.id)).toEqual([31, 33]);
    expect(nurseOf(rows[0])).toEqual([{ employeeId: 8, name: "Nurse Zhou", share: "1" }]);
    expect(nurseOf(rows[2])).toEqual([]);
    expect(nurseOf(undefined)).toEqual([]);
  });

  it("sends the item only for a record written off without one", () => {
    expect(serveBody(1, { reservationId: null, staff: [], item: { type: "card", id: 13 } })).toEqual({
      recordId: 1,
      reservationId: null,
      commodityType: "card",
      commodityId: 13,
    });
  });
});
