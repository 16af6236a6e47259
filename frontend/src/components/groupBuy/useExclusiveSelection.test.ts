import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toggleSelection, useExclusiveSelection } from "./useExclusiveSelection";

describe("the exclusive selection (spec §4)", () => {
  it("choosing one clears the others", () => {
    const { result } = renderHook(() => useExclusiveSelection());
    act(() => result.current.toggle("project", 1));
    expect(result.current.selection).toEqual({ type: "project", id: 1 });
    act(() => result.current.toggle("package", 2));
    expect(result.current.selection).toEqual({ type: "package", id: 2 });
    expect(result.current.isSelected("project", 1)).toBe(false);
    act(() => result.current.toggle("card", 3));
    expect(result.current.isSelected("card", 3)).toBe(true);
    expect(result.current.isSelected("package", 2)).toBe(false);
  });

  it("clicking the chosen one again deselects it", () => {
    const { result } = renderHook(() => useExclusiveSelection());
    act(() => result.current.toggle("card", 3));
    act(() => result.current.toggle("card", 3));
    expect(result.current.selection).toBeNull();
  });

  it("another item of the same list replaces the chosen one", () => {
    expect(toggleSelection({ type: "project", id: 1 }, "project", 2)).toEqual({ type: "project", id: 2 });
    expect(toggleSelection(null, "project", 1)).toEqual({ type: "project", id: 1 });
  });

  it("clear drops the choice", () => {
    const { result } = renderHook(() => useExclusiveSelection({ type: "project", id: 1 }));
    act(() => result.current.clear());
    expect(result.current.selection).toBeNull();
  });
});
