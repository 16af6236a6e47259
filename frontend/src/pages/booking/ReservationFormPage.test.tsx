import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../api/session";
import { AppProviders } from "../../islands/mount";
import { settleDrafts } from "../../lib/formDraft";
import { queryClient } from "../../islands/queryClient";
import { fakeServer, ok, type Routes } from "../../shell/testing/fakeServer";
import { sessionInfo } from "../../test/fixtures";
import { dismissAllNotices, noticeTexts } from "../../test/notices";
import { ReservationFormPage } from "./ReservationFormPage";
import { DAY, board, reservation } from "./testing";

function render_(node: ReactNode) {
  return render(<AppProviders>{node}</AppProviders>);
}

const CONFLICT = {
  status: 409,
  errcode: "RES-51021",
  errmsg: "conflict",
  data: { problems: [{ code: "nurseOffDuty", message: "Nurse One is off duty then" }] },
};

function routes(extra: Routes = {}): Routes {
  return {
    "GET /rest/reservation/board": () => ok(board()),
    "GET /rest/reservation/projectNameList/10": () =>
      ok([
        { id: 7, name: "Scalp care", duration: 60, categoryName: "Care" },
        { id: 8, name: "Hair wash", duration: 30, categoryName: "Care" },
      ]),
    "GET /rest/reservation/findNurse": () =>
      ok([
        { id: 1, name: "Nurse One" },
        { id: 2, name: "Nurse Two" },
      ]),
    "GET /rest/reservation/sources": () =>
      ok([
        { code: "phone", name: "Phone" },
        { code: "walkIn", name: "Walk-in" },
      ]),
    "GET /rest/reservation/getDuration": (call) => ok({ minutes: call.query.get("projectIds") === "7,8" ? 90 : 60 }),
    "POST /rest/reservation/check": () => ok({ ok: true, problems: [] }),
    "POST /rest/reservation/saveOrUpdate": () => ({ status: 201, data: reservation(9), errmsg: "saved" }),
    ...extra,
  };
}

async function chooseProjects(...names: string[]) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: /Projects/ }));
  const list = await screen.findByRole("listbox");
  for (const name of names) fireEvent.click(await within(list).findByText(name));
  fireEvent.keyDown(list, { key: "Escape" });
}

async function fillWalkIn(phone = "13912345678") {
  fireEvent.click(screen.getByRole("radio", { name: "Walk-in" }));
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Li Na" } });
  fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: phone } });
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

describe("ReservationFormPage", () => {
  it("brings back what was typed when the session ended and the same person signed in again", async () => {
    fakeServer(routes());
    window.history.replaceState(null, "", `/newOrder?date=${DAY}`);
    render_(<ReservationFormPage search={`?date=${DAY}`} navigate={vi.fn()} />);
    await fillWalkIn();
    fireEvent.change(screen.getByLabelText(/^Remark/), { target: { value: "allergic to lavender oil" } });

    clearSession({ keepDrafts: true }); // idle: the page goes away, the draft stays
    document.body.innerHTML = "";
    window.localStorage.setItem("erp.session", JSON.stringify(sessionInfo({ storeId: 10 })));
    settleDrafts();
    render_(<ReservationFormPage search={`?date=${DAY}`} navigate={vi.fn()} />);

    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue("Li Na"));
    expect(screen.getByLabelText(/^Phone/)).toHaveValue("13912345678");
    expect(screen.getByLabelText(/^Remark/)).toHaveValue("allergic to lavender oil");
    expect(noticeTexts()).toContain("Your unsaved entries were restored: check them and save.");
    window.sessionStorage.clear();
  });

  it("validates a walk-in before any call", async () => {
    const server = fakeServer(routes());
    render_(<ReservationFormPage search={`?date=${DAY}`} navigate={vi.fn()} />);
    fireEvent.click(screen.getByTestId("save-reservation"));
    expect(await screen.findByText("Please choose a member, or book a walk-in")).toBeInTheDocument();
    expect(screen.getByText("Please choose at least one project")).toBeInTheDocument();
    expect(screen.getByText("Please enter start time")).toBeInTheDocument();

    await fillWalkIn("12345678901");
    expect(
      screen.getByText("Please enter an 11-digit mobile number starting with 1 (second digit 3 to 9)"),
    ).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: /Area code/ }));
    fireEvent.click(await screen.findByRole("option", { name: "+852 Hong Kong" }));
    expect(screen.getByText("Please enter an 8-digit phone number")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "91234567" } });
    expect(screen.queryByText("Please enter an 8-digit phone number")).not.toBeInTheDocument();
    expect(server.callsTo("POST /rest/reservation/saveOrUpdate")).toHaveLength(0);
  });

  it("keeps an over-long walk-in name, phone and remark as typed and refuses them at the field", async () => {
    const server = fakeServer(routes());
    render_(<ReservationFormPage search={`?start=${DAY}T15:00`} navigate={vi.fn()} />);
    fireEvent.click(screen.getByRole("radio", { name: "Walk-in" }));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "L".repeat(21) } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "139123456789" } });
    fireEvent.change(screen.getByLabelText(/^Remark/), { target: { value: "r".repeat(201) } });
    expect(screen.getByLabelText(/^Name/)).toHaveValue("L".repeat(21));
    expect(screen.getByLabelText(/^Phone/)).toHaveValue("139123456789");
    expect(screen.getByLabelText(/^Remark/)).toHaveValue("r".repeat(201));
    expect(screen.getByText("At most 20 characters (21 typed)")).toBeInTheDocument();
    expect(screen.getByText("At most 11 characters (12 typed)")).toBeInTheDocument();
    expect(screen.getByText("At most 200 characters (201 typed)")).toBeInTheDocument();
    await chooseProjects("Scalp care");
    fireEvent.click(screen.getByTestId("save-reservation"));
    for (const label of [/^Name/, /^Phone/, /^Remark/])
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    expect(server.callsTo("POST /rest/reservation/saveOrUpdate")).toHaveLength(0);
  });

  it("prefills from the board, shows free slots and the check, saves and goes back to the day", async () => {
    // The day's morning: every start of the day is still ahead.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${DAY}T08:00:00+08:00`));
    const navigate = vi.fn();
    const server = fakeServer(routes());
    render_(<ReservationFormPage search={`?nurseId=1&start=${DAY}T13:15`} navigate={navigate} />);
    await fillWalkIn();
    await chooseProjects("Scalp care", "Hair wash");
    await waitFor(() => expect(screen.getByLabelText(/^Duration/)).toHaveValue(90));
    expect(server.callsTo("GET /rest/reservation/getDuration").at(-1)?.query.get("nurseId")).toBe("1");
    // Nurse One has 10:00-11:00: with 90 minutes 09:00 meets it and 11:00 runs into the lunch gap.
    expect(await screen.findByTestId("free-slot-13:00")).toBeInTheDocument();
    expect(screen.queryByTestId("free-slot-09:00")).not.toBeInTheDocument();
    expect(screen.queryByTestId("free-slot-11:00")).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId("free-slot-13:30"));
    expect(await screen.findByTestId("check-ok")).toHaveTextContent("No conflicts");
    expect(server.callsTo("POST /rest/reservation/check").at(-1)?.body).toEqual({
      name: "Li Na",
      areaCode: "0086",
      phone: "13912345678",
      projectIds: [7, 8],
      nurseId: 1,
      startTime: "2026-11-23T13:30:00+08:00",
      duration: 90,
    });
    fireEvent.change(screen.getByLabelText(/^Remark/), { target: { value: "first visit" } });
    fireEvent.click(screen.getByTestId("save-reservation"));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/orderBoard?date=${DAY}`));
    expect(server.callsTo("POST /rest/reservation/saveOrUpdate")[0]?.body).toMatchObject({
      remark: "first visit",
      startTime: "2026-11-23T13:30:00+08:00",
    });
    vi.useRealTimers();
  });

  it("lists no start of today that has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${DAY}T13:05:00+08:00`));
    fakeServer(routes());
    render_(<ReservationFormPage search={`?nurseId=1&date=${DAY}`} navigate={vi.fn()} />);
    await fillWalkIn();
    await chooseProjects("Scalp care");
    expect(await screen.findByTestId("free-slot-13:15")).toBeInTheDocument();
    expect(screen.queryByTestId("free-slot-13:00")).not.toBeInTheDocument();
    expect(screen.queryByTestId("free-slot-09:00")).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("books a member found with the search dialog and shows their summary", async () => {
    const navigate = vi.fn();
    const server = fakeServer(
      routes({
        "GET /rest/member/search": () =>
          ok([
            {
              memId: 55,
              name: "Wang Fang",
              phone: "139****5678",
              areaCode: "0086",
              crmCode: "",
              dependencyStore: "Store A",
              dependencyStoreId: 10,
              myself: true,
            },
          ]),
        "GET /rest/member/euqalQuery": () =>
          ok([
            {
              memId: 55,
              name: "Wang Fang",
              phone: "139****5678",
              areaCode: "0086",
              crmCode: "",
              dependencyStore: "Store A",
              dependencyStoreId: 10,
              myself: true,
            },
          ]),
        "GET /rest/reservation/accountInfo/55": () =>
          ok({
            memId: 55,
            name: "Wang Fang",
            phone: "139****5678",
            points: 120,
            labels: [{ id: 1, name: "VIP" }],
            lastVisitAt: null,
            upcoming: [],
          }),
      }),
    );
    render_(<ReservationFormPage search={`?start=${DAY}T15:00`} navigate={navigate} />);
    fireEvent.click(screen.getByTestId("find-member"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Wang" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    fireEvent.doubleClick(await within(dialog).findByText("Wang Fang"));
    expect(await screen.findByTestId("selected-member")).toHaveTextContent("Wang Fang 139****5678");
    expect(await screen.findByTestId("member-summary")).toHaveTextContent("120");
    expect(screen.getByTestId("member-summary")).toHaveTextContent("VIP");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await chooseProjects("Scalp care");
    await screen.findByTestId("check-ok");
    fireEvent.click(screen.getByTestId("save-reservation"));
    await waitFor(() => expect(server.callsTo("POST /rest/reservation/saveOrUpdate")).toHaveLength(1));
    expect(server.callsTo("POST /rest/reservation/saveOrUpdate")[0]?.body).toEqual({
      memId: 55,
      projectIds: [7],
      nurseId: null,
      startTime: "2026-11-23T15:00:00+08:00",
      duration: 60,
    });
  });

  it("says when a walk-in's phone is a member's and books the member instead in one click", async () => {
    const server = fakeServer(
      routes({
        "GET /rest/member/euqalQuery": (call) =>
          ok(
            call.query.get("phone") === "13912345678" && call.query.get("areaCode") === "0086"
              ? [
                  {
                    memId: 55,
                    name: "Wang Fang",
                    phone: "139****5678",
                    areaCode: "0086",
                    crmCode: "",
                    dependencyStore: "Store A",
                    dependencyStoreId: 10,
                    myself: true,
                  },
                ]
              : [],
          ),
        "GET /rest/reservation/accountInfo/55": () =>
          ok({
            memId: 55,
            name: "Wang Fang",
            phone: "139****5678",
            points: 0,
            labels: [],
            lastVisitAt: null,
            upcoming: [],
          }),
      }),
    );
    render_(<ReservationFormPage search={`?start=${DAY}T15:00`} navigate={vi.fn()} />);
    await fillWalkIn("13912345670");
    await waitFor(() => expect(server.callsTo("GET /rest/member/euqalQuery")).toHaveLength(1));
    expect(screen.queryByTestId("phone-is-member")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "13912345678" } });
    const notice = await screen.findByTestId("phone-is-member");
    expect(notice).toHaveTextContent("This phone belongs to the member Wang Fang.");
    fireEvent.click(within(notice).getByRole("button", { name: "Book the member instead" }));
    expect(await screen.findByTestId("selected-member")).toHaveTextContent("Wang Fang 139****5678");
    expect(screen.getByRole("radio", { name: "Member" })).toBeChecked();
    await chooseProjects("Scalp care");
    await screen.findByTestId("check-ok");
    fireEvent.click(screen.getByTestId("save-reservation"));
    await waitFor(() => expect(server.callsTo("POST /rest/reservation/saveOrUpdate")).toHaveLength(1));
    expect(server.callsTo("POST /rest/reservation/saveOrUpdate")[0]?.body).toEqual({
      memId: 55,
      projectIds: [7],
      nurseId: null,
      startTime: "2026-11-23T15:00:00+08:00",
      duration: 60,
    });
  });

  it("names the store of another store's member whose phone a walk-in has", async () => {
    fakeServer(
      routes({
        "GET /rest/member/euqalQuery": () =>
          ok([
            {
              memId: 56,
              name: "Li Lei",
              phone: "139****5678",
              areaCode: "0086",
              crmCode: "",
              dependencyStore: "Store B",
              dependencyStoreId: 11,
              myself: false,
            },
          ]),
      }),
    );
    render_(<ReservationFormPage search={`?start=${DAY}T15:00`} navigate={vi.fn()} />);
    await fillWalkIn();
    expect(await screen.findByTestId("phone-is-member")).toHaveTextContent(
      "This phone belongs to the member Li Lei of Store B.",
    );
    fireEvent.click(screen.getByRole("radio", { name: "Member" }));
    expect(screen.queryByTestId("phone-is-member")).not.toBeInTheDocument();
  });

  it("shows conflicts and, with the button code, saves anyway after a confirmation", async () => {
    window.localStorage.setItem(
      "erp.session",
      JSON.stringify(sessionInfo({ storeId: 10, btn: ["BTN-YUKB-FORCE-UPDATE"] })),
    );
    const navigate = vi.fn();
    const server = fakeServer(
      routes({
        "POST /rest/reservation/check": () =>
          ok({ ok: false, problems: [{ code: "nurseOffDuty", message: "Nurse One is off duty then" }] }),
        "POST /rest/reservation/saveOrUpdate": () => CONFLICT,
        "POST /rest/reservation/forceUpdate": () => ({
          status: 201,
          data: reservation(9, { forced: true }),
          errmsg: "saved",
        }),
      }),
    );
    render_(<ReservationFormPage search={`?nurseId=1&start=${DAY}T16:00`} navigate={navigate} />);
    await fillWalkIn();
    await chooseProjects("Scalp care");
    expect(await screen.findByTestId("check-problems")).toHaveTextContent("Nurse One is off duty then");
    fireEvent.click(screen.getByTestId("save-reservation"));
    expect(await screen.findByTestId("save-problems")).toHaveTextContent("Nurse One is off duty then");
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("save-anyway"));
    const confirm = await screen.findByRole("dialog", { name: "Save anyway" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/orderBoard?date=${DAY}`));
    expect(server.callsTo("POST /rest/reservation/forceUpdate")[0]?.body).toEqual(
      server.callsTo("POST /rest/reservation/saveOrUpdate")[0]?.body,
    );
  });

  it("offers no save-anyway for a start that has passed, even with the button code", async () => {
    window.localStorage.setItem(
      "erp.session",
      JSON.stringify(sessionInfo({ storeId: 10, btn: ["BTN-YUKB-FORCE-UPDATE"] })),
    );
    const problems = [
      { code: "inPast", message: "The start time has passed" },
      { code: "nurseOffDuty", message: "Nurse One is off duty then" },
    ];
    fakeServer(
      routes({
        "POST /rest/reservation/check": () => ok({ ok: false, problems }),
        "POST /rest/reservation/saveOrUpdate": () => ({ ...CONFLICT, data: { problems } }),
      }),
    );
    render_(<ReservationFormPage search={`?nurseId=1&start=${DAY}T16:00`} navigate={vi.fn()} />);
    await fillWalkIn();
    await chooseProjects("Scalp care");
    expect(await screen.findByTestId("check-problems")).toHaveTextContent("The start time has passed");
    fireEvent.click(screen.getByTestId("save-reservation"));
    expect(await screen.findByTestId("save-problems")).toHaveTextContent("The start time has passed");
    expect(screen.queryByTestId("save-anyway")).not.toBeInTheDocument();
  });

  it("offers no save-anyway without the button code", async () => {
    fakeServer(routes({ "POST /rest/reservation/saveOrUpdate": () => CONFLICT }));
    render_(<ReservationFormPage search={`?nurseId=1&start=${DAY}T16:00`} navigate={vi.fn()} />);
    await fillWalkIn();
    await chooseProjects("Scalp care");
    fireEvent.click(screen.getByTestId("save-reservation"));
    expect(await screen.findByTestId("save-problems")).toBeInTheDocument();
    expect(screen.queryByTestId("save-anyway")).not.toBeInTheDocument();
  });

  it("edits a reservation: loads it, keeps the duration and sends the id", async () => {
    const warn = vi.spyOn(console, "warn");
    const error = vi.spyOn(console, "error");
    const navigate = vi.fn();
    const server = fakeServer(
      routes({
        "GET /rest/reservation/detail/1": () =>
          ok({ ...reservation(1, { duration: 75, endTime: `${DAY}T11:15:00+08:00` }), history: [] }),
        "GET /rest/reservation/accountInfo/101": () =>
          ok({
            memId: 101,
            name: "Member 1",
            phone: "138****0001",
            points: 0,
            labels: [],
            lastVisitAt: null,
            upcoming: [],
          }),
        "POST /rest/reservation/saveOrUpdate": () => ok(reservation(1), "saved"),
      }),
    );
    render_(<ReservationFormPage search="?id=1" navigate={navigate} />);
    expect(await screen.findByRole("heading", { name: "Edit reservation" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("selected-member")).toHaveTextContent("Member 1"));
    await screen.findByTestId("check-ok");
    expect(screen.getByLabelText(/^Duration/)).toHaveValue(75);
    fireEvent.click(screen.getByTestId("save-reservation"));
    await waitFor(() => expect(server.callsTo("POST /rest/reservation/saveOrUpdate")).toHaveLength(1));
    expect(server.callsTo("POST /rest/reservation/saveOrUpdate")[0]?.body).toEqual({
      id: 1,
      memId: 101,
      projectIds: [7],
      nurseId: 1,
      startTime: "2026-11-23T10:00:00+08:00",
      duration: 75,
      source: "phone",
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/orderBoard?date=${DAY}`));
    // The source select never held a value outside its options, even before they loaded.
    const outOfRange = [...warn.mock.calls, ...error.mock.calls].filter((call) =>
      String(call[0]).includes("out-of-range"),
    );
    expect(outOfRange).toEqual([]);
    warn.mockRestore();
    error.mockRestore();
  });
});
