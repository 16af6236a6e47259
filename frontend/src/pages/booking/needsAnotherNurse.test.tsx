/** The board marks a reservation whose nurse the rota has off duty, and the drawer moves it to a nurse
 * on duty and free then in one step (issue 12 §2). */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { ReservationBoardPage } from "./ReservationBoardPage";
import { nursesFreeFor } from "./rules";
import { DAY, board, reservation } from "./testing";

const EARLY = { name: "Early", start: "09:00", end: "17:00", color: "#90caf9" };

/** Nurse One on leave with reservation 1 (10:00–11:00); Nurse Two on the early shift. */
function strandedBoard(assigned = false) {
  const base = board();
  const [one, two] = base.nurses;
  return board({
    nurses: [
      { ...one!, rotaKind: "leave", shift: null, onDuty: false },
      { ...two!, rotaKind: "shift", shift: EARLY, onDuty: true },
    ],
    reservations: [
      assigned ? reservation(1, { nurseId: 2, nurseName: "Nurse Two" }) : reservation(1, { needsAnotherNurse: true }),
      ...base.reservations.slice(1),
    ],
  });
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("a reservation whose nurse is off duty", () => {
  it("is marked on the board and reassigned from the drawer in one step", async () => {
    let assigned = false;
    const server = fakeServer({
      "GET /rest/reservation/board": () => ok(strandedBoard(assigned)),
      "GET /rest/reservation/detail/1": () =>
        ok({
          ...(assigned ? reservation(1, { nurseId: 2, nurseName: "Nurse Two" }) : reservation(1)),
          history: [],
        }),
      "POST /rest/reservation/change": () => {
        assigned = true;
        return ok(reservation(1, { nurseId: 2, nurseName: "Nurse Two" }), "saved");
      },
    });
    render(
      <AppProviders>
        <ReservationBoardPage search={`?date=${DAY}`} />
      </AppProviders>,
    );
    const block = await screen.findByTestId("reservation-block-1");
    expect(block).toHaveAttribute("data-needs-another-nurse", "true");
    expect(within(block).getByTestId("needs-another-nurse-1")).toHaveTextContent("Needs another nurse");
    expect(screen.getByTestId("reservation-block-3")).not.toHaveAttribute("data-needs-another-nurse");

    fireEvent.click(block);
    const warning = await screen.findByTestId("detail-needs-another-nurse");
    expect(warning).toHaveTextContent("Nurse One is off duty at this time on the rota");
    fireEvent.click(within(warning).getByTestId("action-reassign"));
    const dialog = await screen.findByRole("dialog", { name: "Assign another nurse" });
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /Nurse/ }));
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Nurse Two"]);
    fireEvent.click(options[0]!);
    fireEvent.click(within(dialog).getByTestId("reassign-confirm"));

    await waitFor(() =>
      expect(server.callsTo("POST /rest/reservation/change")[0]?.body).toEqual({ id: 1, nurseId: 2 }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Assign another nurse" })).not.toBeInTheDocument());
    expect(noticeTexts()).toContain("Member 1's reservation now has Nurse Two");
    await waitFor(() =>
      expect(screen.getByTestId("reservation-block-1")).not.toHaveAttribute("data-needs-another-nurse"),
    );
    expect(screen.queryByTestId("detail-needs-another-nurse")).not.toBeInTheDocument();
  });
});

describe("nursesFreeFor", () => {
  it("offers the other nurses whose shift covers the time and who are free then", () => {
    const stranded = strandedBoard();
    const one = stranded.reservations[0]!;
    expect(nursesFreeFor(stranded, one).map((nurse) => nurse.id)).toEqual([2]);
    // Busy at that time: not offered.
    const busy = { ...stranded, reservations: [...stranded.reservations, reservation(9, { nurseId: 2 })] };
    expect(nursesFreeFor(busy, one)).toEqual([]);
    // A shift that ends before the reservation does: not offered.
    const late = reservation(1, { startTime: `${DAY}T16:30:00+08:00`, endTime: `${DAY}T17:30:00+08:00` });
    expect(nursesFreeFor(stranded, late)).toEqual([]);
    // A day nobody is planned: every other nurse.
    const unplanned = board();
    const open = unplanned.nurses.map((nurse) => ({ ...nurse, rotaKind: null, shift: null }));
    expect(nursesFreeFor({ ...unplanned, nurses: open }, one).map((nurse) => nurse.id)).toEqual([2]);
  });
});
