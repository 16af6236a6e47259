/** A rota save or copy that takes nurses off duty for their reservations asks first, naming each
 * (issue 12 §2); "save anyway" sends it again with confirm. */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { SchedulePage } from "./SchedulePage";
import { BTN_ROTA_EDIT, STRANDED } from "../../api/schedule";
import { mondayOf, storeToday } from "../../lib/dates";

const monday = mondayOf(storeToday());
const STRANDED_ROW = {
  id: 41,
  date: monday,
  startTime: `${monday}T11:00:00+08:00`,
  name: "Wang Fang",
  projects: ["Scalp care", "Neck massage"],
  nurseId: 1,
  nurseName: "Nurse Li",
};

function routes(overrides: Routes = {}): Routes {
  return {
    "GET /rest/schedule/shiftTypes": () =>
      ok([{ id: 5, name: "Early", start: "09:00", end: "17:00", color: "#26a69a", enabled: true }]),
    "GET /rest/schedule/rota": () =>
      ok({
        employees: [{ id: 1, name: "Nurse Li", position: "nurse" }],
        days: [{ employeeId: 1, date: monday, kind: "shift", shiftTypeId: 5 }],
        myEmployeeId: null,
      }),
    ...overrides,
  };
}

/** The server's answers: RES-40906 until confirmed. */
function asking(call: { body: unknown }) {
  if ((call.body as { confirm?: boolean }).confirm) return ok({ days: 1 });
  return {
    status: 409,
    errcode: STRANDED,
    errmsg: "the change takes nurses off duty for their reservations",
    data: { reservations: [STRANDED_ROW] },
  };
}

async function putOnLeave() {
  fireEvent.click(await screen.findByTestId(`schedule-cell-1-${monday}`));
  fireEvent.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Leave" }));
  await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
  fireEvent.click(screen.getByTestId("schedule-save"));
}

beforeEach(() => {
  window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10, btn: [BTN_ROTA_EDIT] })));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  dismissAllNotices();
});

describe("a rota change over reservations", () => {
  it("names each reservation, and saves anyway with confirm", async () => {
    const server = fakeServer(routes({ "POST /rest/schedule/rota/save": asking }));
    render(<AppProviders>{<SchedulePage />}</AppProviders>);
    await putOnLeave();
    const dialog = await screen.findByRole("dialog", { name: "Nurses would go off duty" });
    const row = within(dialog).getByTestId("stranded-41");
    expect(row).toHaveTextContent(`${monday} 11:00 · Wang Fang`);
    expect(row).toHaveTextContent("Scalp care, Neck massage · nurse Nurse Li");
    expect(noticeTexts()).toEqual([]); // the dialog says it; no error notice on top
    expect(screen.getByTestId("schedule-unsaved")).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole("button", { name: "Save anyway" }));
    await waitFor(() => expect(server.callsTo("POST /rest/schedule/rota/save")).toHaveLength(2));
    expect(server.callsTo("POST /rest/schedule/rota/save")[1]?.body).toEqual({
      entries: [{ employeeId: 1, date: monday, kind: "leave" }],
      confirm: true,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId("schedule-unsaved")).not.toBeInTheDocument());
  });

  it("cancel keeps the edits unsaved and sends nothing more", async () => {
    const server = fakeServer(routes({ "POST /rest/schedule/rota/save": asking }));
    render(<AppProviders>{<SchedulePage />}</AppProviders>);
    await putOnLeave();
    const dialog = await screen.findByRole("dialog", { name: "Nurses would go off duty" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.callsTo("POST /rest/schedule/rota/save")).toHaveLength(1);
    expect(screen.getByTestId("schedule-unsaved")).toBeInTheDocument();
  });

  it("asks the same way when copying last week", async () => {
    const server = fakeServer(routes({ "POST /rest/schedule/rota/copyLastWeek": asking }));
    render(<AppProviders>{<SchedulePage />}</AppProviders>);
    await screen.findByTestId(`schedule-cell-1-${monday}`);
    fireEvent.click(screen.getByTestId("schedule-copy-last-week"));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Replace this week" }));
    const dialog = await screen.findByRole("dialog", { name: "Nurses would go off duty" });
    expect(within(dialog).getByTestId("stranded-41")).toHaveTextContent("Wang Fang");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save anyway" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/schedule/rota/copyLastWeek")[1]?.body).toEqual({
        weekStart: monday,
        confirm: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
