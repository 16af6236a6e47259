import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { SchedulePage } from "./SchedulePage";
import { BTN_ROTA_EDIT } from "../../api/schedule";
import { addDays, mondayOf, storeToday } from "../../lib/dates";

const SHIFTS = [
  { id: 5, name: "Early", start: "09:00", end: "17:00", color: "#26a69a", enabled: true },
  { id: 6, name: "Late", start: "13:00", end: "21:00", color: "#5c6bc0", enabled: true },
  { id: 7, name: "Old", start: "08:00", end: "12:00", color: "#9e9e9e", enabled: false },
];

const monday = mondayOf(storeToday());

function routes(overrides: Routes = {}): Routes {
  return {
    "GET /rest/schedule/shiftTypes": () => ok(SHIFTS),
    "GET /rest/schedule/rota": () =>
      ok({
        employees: [
          { id: 1, name: "Nurse Li", position: "nurse" },
          { id: 2, name: "Nurse Chen", position: "nurse" },
        ],
        days: [
          { employeeId: 1, date: monday, kind: "shift", shiftTypeId: 5 },
          { employeeId: 2, date: monday, kind: "leave", shiftTypeId: null },
          { employeeId: 2, date: addDays(monday, 1), kind: "dayOff", shiftTypeId: null },
        ],
      }),
    ...overrides,
  };
}

const render_ = () => render(<AppProviders>{<SchedulePage />}</AppProviders>);

async function pick(cell: string, option: RegExp | string) {
  fireEvent.click(screen.getByTestId(cell));
  const menu = await screen.findByRole("menu");
  fireEvent.click(within(menu).getByRole("menuitem", { name: option }));
  await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
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

describe("SchedulePage", () => {
  it("shows this week's rota, then the month", async () => {
    const server = fakeServer(routes());
    render_();
    const cell = await screen.findByTestId(`schedule-cell-1-${monday}`);
    expect(within(cell).getByText("Early 09:00–17:00")).toBeInTheDocument();
    expect(within(screen.getByTestId(`schedule-cell-2-${monday}`)).getByText("Leave")).toBeInTheDocument();
    expect(
      within(screen.getByTestId(`schedule-cell-2-${addDays(monday, 1)}`)).getByText("Day off"),
    ).toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo("GET /rest/schedule/rota")[0]?.query ?? [])).toEqual({
      from: monday,
      to: addDays(monday, 6),
    });

    fireEvent.click(screen.getByTestId("schedule-next"));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/schedule/rota").at(-1)?.query.get("from")).toBe(addDays(monday, 7)),
    );

    fireEvent.click(screen.getByTestId("schedule-view-month"));
    await waitFor(() =>
      expect(server.callsTo("GET /rest/schedule/rota").at(-1)?.query.get("from")?.slice(8)).toBe("01"),
    );
    expect(screen.queryByTestId("schedule-copy-last-week")).not.toBeInTheDocument();
  });

  it("edits cells and saves them in one batch without a notice", async () => {
    // Spec §8: an edit of the schedule passes through without a notice, whatever the message.
    const server = fakeServer(routes({ "POST /rest/schedule/rota/save": () => ok({ saved: 4 }, "saved") }));
    render_();
    await screen.findByTestId(`schedule-cell-1-${monday}`);

    fireEvent.click(screen.getByTestId(`schedule-cell-1-${addDays(monday, 1)}`));
    const menu = await screen.findByRole("menu");
    // Disabled shift types are not offered.
    expect(within(menu).queryByRole("menuitem", { name: /Old/ })).not.toBeInTheDocument();
    fireEvent.click(within(menu).getByRole("menuitem", { name: /Late/ }));
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    await pick(`schedule-cell-1-${monday}`, "Clear");
    await pick(`schedule-cell-2-${addDays(monday, 2)}`, "Leave");
    await pick(`schedule-cell-2-${addDays(monday, 3)}`, "Day off");
    // Choosing what is saved already is no change.
    await pick(`schedule-cell-2-${monday}`, "Leave");

    expect(screen.getByTestId(`schedule-cell-1-${addDays(monday, 1)}`)).toHaveAttribute("data-edited", "true");
    expect(screen.getByTestId("schedule-unsaved")).toHaveTextContent("4 changes are not saved yet.");
    fireEvent.click(screen.getByRole("button", { name: "Save 4 changes" }));
    await waitFor(() => expect(server.callsTo("POST /rest/schedule/rota/save")).toHaveLength(1));
    expect(server.callsTo("POST /rest/schedule/rota/save")[0]?.body).toEqual({
      entries: [
        { employeeId: 1, date: monday, kind: "none" },
        { employeeId: 1, date: addDays(monday, 1), kind: "shift", shiftTypeId: 6 },
        { employeeId: 2, date: addDays(monday, 2), kind: "leave" },
        { employeeId: 2, date: addDays(monday, 3), kind: "dayOff" },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId("schedule-unsaved")).not.toBeInTheDocument());
    expect(noticeTexts()).toEqual([]);
  });

  it("copies last week only after the confirmation", async () => {
    const server = fakeServer(routes({ "POST /rest/schedule/rota/copyLastWeek": () => ok({ copied: 2 }, "") }));
    render_();
    await screen.findByTestId(`schedule-cell-1-${monday}`);
    fireEvent.click(screen.getByTestId("schedule-copy-last-week"));
    const dialog = await screen.findByRole("dialog", { name: "Copy last week?" });
    expect(dialog).toHaveTextContent(`The rota of the week starting ${monday} will be replaced`);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.callsTo("POST /rest/schedule/rota/copyLastWeek")).toHaveLength(0);

    const rotaCalls = server.callsTo("GET /rest/schedule/rota").length;
    fireEvent.click(screen.getByTestId("schedule-copy-last-week"));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Replace this week" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/schedule/rota/copyLastWeek")[0]?.body).toEqual({ weekStart: monday }),
    );
    await waitFor(() => expect(server.callsTo("GET /rest/schedule/rota").length).toBeGreaterThan(rotaCalls));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("creates a shift type after checking the end is after the start", async () => {
    const server = fakeServer(
      routes({
        "POST /rest/schedule/shiftType/save": () =>
          ok({ id: 8, name: "Mid", start: "11:00", end: "19:00", color: "#ff0000", enabled: true }, ""),
      }),
    );
    render_();
    await screen.findByTestId(`schedule-cell-1-${monday}`);
    fireEvent.click(screen.getByTestId("schedule-shift-create"));
    const dialog = await screen.findByRole("dialog", { name: "New shift type" });
    fireEvent.change(screen.getByTestId("schedule-shift-name"), { target: { value: " Mid " } });
    fireEvent.change(screen.getByTestId("schedule-shift-start"), { target: { value: "19:00" } });
    fireEvent.change(screen.getByTestId("schedule-shift-end"), { target: { value: "11:00" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("The end must be after the start")).toBeInTheDocument();
    expect(server.callsTo("POST /rest/schedule/shiftType/save")).toHaveLength(0);

    fireEvent.change(screen.getByTestId("schedule-shift-start"), { target: { value: "11:00" } });
    fireEvent.change(screen.getByTestId("schedule-shift-end"), { target: { value: "19:00" } });
    fireEvent.change(screen.getByTestId("schedule-shift-color"), { target: { value: "#ff0000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/schedule/shiftType/save")[0]?.body).toEqual({
        name: "Mid",
        start: "11:00",
        end: "19:00",
        color: "#ff0000",
        enabled: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("edits a shift type with its id", async () => {
    const server = fakeServer(routes({ "POST /rest/schedule/shiftType/save": () => ok(SHIFTS[0], "") }));
    render_();
    fireEvent.click(await screen.findByTestId("schedule-shift-5"));
    const dialog = await screen.findByRole("dialog", { name: "Edit shift type" });
    fireEvent.click(within(dialog).getByLabelText("Enabled"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.callsTo("POST /rest/schedule/shiftType/save")[0]?.body).toEqual({ ...SHIFTS[0], enabled: false }),
    );
  });

  it("prompts to create a shift type and to add employees when there are none", async () => {
    fakeServer(
      routes({
        "GET /rest/schedule/shiftTypes": () => ok([]),
        "GET /rest/schedule/rota": () => ok({ employees: [], days: [] }),
      }),
    );
    render_();
    expect(await screen.findByTestId("schedule-no-shift-types")).toHaveTextContent("No shift types yet");
    expect(screen.getByTestId("schedule-no-employees")).toHaveTextContent("This store has no employees yet.");
    fireEvent.click(
      within(screen.getByTestId("schedule-no-shift-types")).getByRole("button", { name: "New shift type" }),
    );
    expect(await screen.findByRole("dialog", { name: "New shift type" })).toBeInTheDocument();
  });

  it("shows a failure with a retry", async () => {
    let fail = true;
    fakeServer(
      routes({
        "GET /rest/schedule/rota": () =>
          fail ? { status: 403, errcode: "AUTH-40300", errmsg: "no permission" } : ok({ employees: [], days: [] }),
      }),
    );
    render_();
    expect(await screen.findByText("no permission")).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("schedule-no-employees")).toBeInTheDocument();
  });

  it("without the edit code shows the rota read-only, the user's own shifts highlighted", async () => {
    // A store-employee login (the nurse) holds the rota page but not BTN-PBGL-ROTA-EDIT.
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10, btn: [], isOwner: false })));
    const server = fakeServer(
      routes({
        "GET /rest/schedule/rota": () =>
          ok({
            employees: [
              { id: 1, name: "Nurse Li", position: "nurse" },
              { id: 2, name: "Nurse Chen", position: "nurse" },
            ],
            days: [{ employeeId: 2, date: monday, kind: "shift", shiftTypeId: 6 }],
            myEmployeeId: 2,
          }),
      }),
    );
    render_();
    const cell = await screen.findByTestId(`schedule-cell-2-${monday}`);
    expect(within(cell).getByText("Late 13:00–21:00")).toBeInTheDocument();
    expect(screen.getByTestId("schedule-read-only")).toHaveTextContent("You can read the rota");
    expect(screen.getByTestId("schedule-row-2")).toHaveAttribute("data-mine", "true");
    expect(within(screen.getByTestId("schedule-row-2")).getByTestId("schedule-mine")).toHaveTextContent("You");
    expect(screen.getByTestId("schedule-row-1")).not.toHaveAttribute("data-mine");

    for (const control of ["schedule-save", "schedule-discard", "schedule-copy-last-week", "schedule-shift-create"]) {
      expect(screen.queryByTestId(control)).not.toBeInTheDocument();
    }
    expect(screen.queryAllByRole("button", { name: /on \d{4}-/ })).toEqual([]);
    fireEvent.click(cell);
    fireEvent.click(screen.getByTestId("schedule-shift-6"));
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("without the edit code offers no shift type to create", async () => {
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10, btn: [] })));
    fakeServer(routes({ "GET /rest/schedule/shiftTypes": () => ok([]) }));
    render_();
    const empty = await screen.findByTestId("schedule-no-shift-types");
    expect(empty).toHaveTextContent("No shift types yet.");
    expect(within(empty).queryByRole("button")).not.toBeInTheDocument();
  });
});
