import { describe, expect, it } from "vitest";
import type { RotaDay } from "../../api/schedule";
import {
  applyChoice,
  emptyShiftType,
  entriesOf,
  isWeekend,
  periodOf,
  savedCell,
  shiftPeriod,
  shiftTypeErrors,
  shownCell,
  textOn,
  withoutPeriod,
} from "./scheduleRules";

describe("periods", () => {
  it("shows Monday to Sunday or the calendar month", () => {
    expect(periodOf("week", "2026-03-04")).toEqual({ from: "2026-03-02", to: "2026-03-08" });
    expect(periodOf("month", "2026-02-14")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodOf("month", "2024-02-14")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodOf("month", "2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("steps a week or a month", () => {
    expect(shiftPeriod("week", "2026-03-04", 1)).toBe("2026-03-09");
    expect(shiftPeriod("week", "2026-03-04", -1)).toBe("2026-02-23");
    expect(shiftPeriod("month", "2026-01-31", 1)).toBe("2026-02-01");
    expect(shiftPeriod("month", "2026-01-31", -1)).toBe("2025-12-01");
    expect(isWeekend("2026-03-07")).toBe(true);
    expect(isWeekend("2026-03-06")).toBe(false);
  });
});

describe("shiftTypeErrors", () => {
  it("accepts a complete shift", () => {
    expect(shiftTypeErrors({ ...emptyShiftType(), name: "Early" })).toEqual({});
  });

  it("needs a name, times, an end after the start and a colour", () => {
    expect(shiftTypeErrors({ name: " ", start: "", end: "", color: "red", enabled: true })).toEqual({
      name: "errors.nameRequired",
      start: "errors.startRequired",
      end: "errors.endRequired",
      color: "errors.color",
    });
    expect(shiftTypeErrors({ ...emptyShiftType(), name: "Late", start: "18:00", end: "09:00" }).end).toBe(
      "errors.endAfterStart",
    );
    expect(shiftTypeErrors({ ...emptyShiftType(), name: "Late", start: "18:00", end: "18:00" }).end).toBe(
      "errors.endAfterStart",
    );
    expect(shiftTypeErrors({ ...emptyShiftType(), name: "x".repeat(21) }).name).toBe("errors.nameTooLong");
  });
});

describe("rota edits", () => {
  const days: RotaDay[] = [
    { employeeId: 1, date: "2026-03-02", kind: "shift", shiftTypeId: 5 },
    { employeeId: 2, date: "2026-03-02", kind: "leave", shiftTypeId: null },
  ];

  it("reads saved cells", () => {
    expect(savedCell(days, 1, "2026-03-02")).toEqual({ kind: "shift", shiftTypeId: 5 });
    expect(savedCell(days, 2, "2026-03-02")).toEqual({ kind: "leave" });
    expect(savedCell(days, 1, "2026-03-03")).toEqual({ kind: "none" });
  });

  it("records changes, drops a change back to what is saved, and batches them in order", () => {
    let pending = applyChoice({}, days, 2, "2026-03-03", { kind: "dayOff" });
    pending = applyChoice(pending, days, 1, "2026-03-02", { kind: "none" });
    pending = applyChoice(pending, days, 1, "2026-03-03", { kind: "shift", shiftTypeId: 6 });
    expect(entriesOf(pending)).toEqual([
      { employeeId: 1, date: "2026-03-02", kind: "none" },
      { employeeId: 1, date: "2026-03-03", kind: "shift", shiftTypeId: 6 },
      { employeeId: 2, date: "2026-03-03", kind: "dayOff" },
    ]);
    expect(shownCell(pending, days, 1, "2026-03-03")).toEqual({
      choice: { kind: "shift", shiftTypeId: 6 },
      edited: true,
    });
    expect(shownCell(pending, days, 2, "2026-03-02")).toEqual({ choice: { kind: "leave" }, edited: false });
    pending = applyChoice(pending, days, 1, "2026-03-02", { kind: "shift", shiftTypeId: 5 });
    expect(entriesOf(pending)).toHaveLength(2);
    expect(entriesOf(withoutPeriod(pending, "2026-03-03", "2026-03-09"))).toEqual([]);
  });

  it("picks readable text on a colour", () => {
    expect(textOn("#ffffff")).toBe("#000");
    expect(textOn("#1976d2")).toBe("#fff");
  });
});
