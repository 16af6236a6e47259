import { describe, expect, it } from "vitest";
import {
  draftBody,
  draftErrors,
  draftFromSearch,
  emptyDraft,
  actionsFor,
  canUndo,
  statusMove,
  shownChoice,
  forceable,
  formatDateTime,
  formatDay,
  formatTime,
  freeSlots,
  gridRange,
  layoutLanes,
  newOrderHref,
  phoneError,
  shiftDate,
  snap,
  storeIso,
  toMinutes,
  todayInStore,
  zoneParts,
} from "./rules";
import { DAY, board, reservation } from "./testing";

const MORNING = new Date(`${DAY}T07:00:00+08:00`);

describe("store time zone", () => {
  it("reads instants in Asia/Shanghai whatever their offset", () => {
    expect(zoneParts("2026-11-23T02:30:00Z")).toEqual({ date: "2026-11-23", minutes: 630 });
    expect(zoneParts("2026-11-22T17:00:00Z")).toEqual({ date: "2026-11-23", minutes: 60 });
    expect(formatTime("2026-11-23T02:30:00Z")).toBe("10:30");
    expect(todayInStore(new Date("2026-11-22T16:30:00Z"))).toBe("2026-11-23");
  });

  it("heads a day and reads a time day first, YYYY-MM-DD, in both languages", () => {
    expect(formatDay("2026-12-06", "en")).toBe("2026-12-06 Sun");
    expect(formatDay("2026-12-06", "zh-hans")).toBe("2026-12-06 周日");
    expect(formatDateTime("2026-12-06T06:00:00Z")).toBe("2026-12-06 14:00");
    expect(formatDateTime(null)).toBe("—");
  });

  it("writes store times with +08:00 and shifts dates", () => {
    expect(storeIso(DAY, 615)).toBe("2026-11-23T10:15:00+08:00");
    expect(shiftDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(toMinutes("09:30")).toBe(570);
    expect(toMinutes("2026-11-23T09:30:00+08:00")).toBe(570);
    expect(snap(607)).toBe(600);
    expect(snap(608)).toBe(615);
  });
});

describe("grid", () => {
  it("spans the periods, hours and every reservation", () => {
    expect(gridRange(board())).toEqual({ start: 540, end: 1080 });
    const late = board({
      reservations: [reservation(9, { startTime: `${DAY}T19:00:00+08:00`, endTime: `${DAY}T20:10:00+08:00` })],
    });
    expect(gridRange(late)).toEqual({ start: 540, end: 1215 });
  });

  it("puts overlapping blocks side by side", () => {
    const lanes = layoutLanes([
      { id: 1, start: 600, end: 660 },
      { id: 2, start: 630, end: 690 },
      { id: 3, start: 700, end: 760 },
    ]);
    expect(lanes.get(1)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(2)).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get(3)).toEqual({ lane: 0, lanes: 1 });
  });

  it("finds a nurse's free starts inside the periods", () => {
    const slots = freeSlots({ board: board(), nurseId: 1, duration: 60, now: MORNING });
    expect(slots).not.toContain(600); // 10:00 taken by reservation 1
    expect(slots).not.toContain(555); // 09:15 + 60 meets 10:00
    expect(slots).toContain(540);
    expect(slots).toContain(660);
    expect(slots).not.toContain(675); // 11:15 runs past the 12:00 period end
    expect(slots).not.toContain(720); // the lunch gap
    expect(slots).toContain(960); // a cancelled reservation does not block 16:00
    expect(freeSlots({ board: board(), nurseId: 1, duration: 60, excludeId: 1, now: MORNING })).toContain(600);
    // Any nurse: 10:00 is free because Nurse Two is.
    expect(freeSlots({ board: board(), nurseId: null, duration: 60, now: MORNING })).toContain(600);
  });

  it("never lists a start that has passed", () => {
    const noon = freeSlots({ board: board(), nurseId: 1, duration: 60, now: new Date(`${DAY}T11:05:00+08:00`) });
    expect(noon).not.toContain(660); // 11:00 passed five minutes ago
    expect(noon.every((minute) => minute >= 665)).toBe(true);
    expect(noon).toContain(780);
    const late = new Date(`${DAY}T23:00:00+08:00`);
    expect(freeSlots({ board: board(), nurseId: 1, duration: 60, now: late })).toEqual([]);
    // A day gone by has none; the day before, all of them.
    const nextDay = new Date(new Date(`${DAY}T09:00:00+08:00`).getTime() + 86_400_000);
    expect(freeSlots({ board: board(), nurseId: 1, duration: 60, now: nextDay })).toEqual([]);
    const dayBefore = new Date(new Date(`${DAY}T20:00:00+08:00`).getTime() - 86_400_000);
    expect(freeSlots({ board: board(), nurseId: 1, duration: 60, now: dayBefore })).toContain(540);
  });

  it("offers save-anyway only over problems that may be overridden", () => {
    expect(forceable([{ code: "nurseOffDuty" }, { code: "outsideHours" }, { code: "memberBooked" }])).toBe(true);
    expect(forceable([{ code: "nurseOffDuty" }, { code: "inPast" }])).toBe(false);
    expect(forceable([{ code: "nurseBusy" }])).toBe(false);
    expect(forceable([])).toBe(false);
  });
});

describe("booking form", () => {
  it("shows a select's value only when it is one of the options", () => {
    const sources = [{ code: "phone" }, { code: "wecom" }];
    expect(shownChoice("wecom", sources)).toBe("wecom");
    expect(shownChoice("fax", sources)).toBe("");
    expect(shownChoice("phone", undefined)).toBe("");
    expect(shownChoice("", sources)).toBe("");
  });

  it("checks phones by area code (spec §5)", () => {
    expect(phoneError("0086", "13912345678")).toBeNull();
    expect(phoneError("0086", "12912345678")).toBe("validation.phoneMainland");
    expect(phoneError("0086", "1391234567")).toBe("validation.phoneMainland");
    expect(phoneError("00852", "91234567")).toBeNull();
    expect(phoneError("00853", "9123456")).toBe("validation.phoneHkMacao");
    expect(phoneError("00853", "")).toBe("validation.phoneRequired");
  });

  it("needs a member or a walk-in, a project and a start", () => {
    expect(draftErrors(emptyDraft(DAY))).toEqual({
      customer: "validation.memberRequired",
      projects: "validation.projectsRequired",
      time: "validation.timeRequired",
    });
    const walkIn = { ...emptyDraft(DAY), kind: "walkIn" as const, projectIds: [7], time: "10:00", duration: "3" };
    expect(draftErrors(walkIn)).toEqual({
      name: "validation.nameRequired",
      phone: "validation.phoneRequired",
      duration: "validation.duration",
    });
    expect(draftBody({ ...walkIn, name: " Li ", phone: "13912345678", duration: "45", remark: " hi " })).toEqual({
      name: "Li",
      areaCode: "0086",
      phone: "13912345678",
      projectIds: [7],
      nurseId: null,
      startTime: "2026-11-23T10:00:00+08:00",
      duration: 45,
      remark: "hi",
    });
  });

  it("reads the board's prefill and builds it back", () => {
    const draft = draftFromSearch("?nurseId=2&start=2026-11-24T13:15", DAY);
    expect([draft.nurseId, draft.date, draft.time]).toEqual([2, "2026-11-24", "13:15"]);
    expect(draftFromSearch("?date=2026-12-01&walkIn=1", DAY)).toMatchObject({ date: "2026-12-01", kind: "walkIn" });
    expect(newOrderHref({ nurseId: 2, date: "2026-11-24", minutes: 795 })).toBe(
      "/newOrder?nurseId=2&start=2026-11-24T13%3A15",
    );
  });
});

describe("status rules", () => {
  const at = (time: string) => new Date(`${DAY}T${time}:00+08:00`);
  const booked = { status: "booked" as const, startTime: `${DAY}T10:00:00+08:00` };

  it("offers arrival on the day and a no-show after the start", () => {
    expect(actionsFor(booked, at("09:00"))).toEqual(["arrival", "cancel", "edit"]);
    expect(actionsFor(booked, at("10:00"))).toEqual(["arrival", "noShow", "cancel", "edit"]);
    const dayBefore = new Date(at("10:00").getTime() - 86_400_000);
    expect(actionsFor(booked, dayBefore)).toEqual(["cancel", "edit"]);
    const dayAfter = new Date(at("10:00").getTime() + 86_400_000);
    expect(actionsFor(booked, dayAfter)).toEqual(["noShow", "cancel", "edit"]);
    expect(actionsFor({ ...booked, status: "arrived" }, at("11:00"))).toEqual(["startService", "cancel"]);
    expect(actionsFor({ ...booked, status: "arrived" }, dayAfter)).toEqual(["cancel"]);
  });

  it("undoes an arrival, no-show or cancellation on the day it was set", () => {
    const entry = (time: string, from: string, to: string) => ({
      at: `${DAY}T${time}:00+08:00`,
      before: { status: from },
      after: { status: to },
    });
    const arrived = { status: "arrived" as const, history: [entry("10:05", "booked", "arrived")] };
    expect(canUndo(arrived, at("18:00"))).toBe(true);
    expect(canUndo(arrived, new Date(at("10:05").getTime() + 86_400_000))).toBe(false);
    expect(canUndo({ status: "inService", history: [entry("10:05", "arrived", "inService")] }, at("11:00"))).toBe(
      false,
    );
    expect(canUndo({ status: "cancelled", history: [] }, at("11:00"))).toBe(false);
    expect(statusMove({ before: { status: "arrived" }, after: { status: "booked", reason: "oops" } })).toEqual({
      from: "arrived",
      to: "booked",
      reason: "oops",
    });
    expect(statusMove({ before: { nurseId: 1 }, after: { nurseId: 2 } })).toBeNull();
  });
});
