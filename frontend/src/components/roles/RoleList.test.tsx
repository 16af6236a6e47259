import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { roleEntry } from "../../test/fixtures";
import { initiallyChecked, RoleList } from "./RoleList";

describe("RoleList", () => {
  it("shows store | role rows with exactly one checked", () => {
    const onCheck = vi.fn();
    render(
      <RoleList
        entries={[roleEntry({}), roleEntry({ userRoleId: 11, hier: "Store B" })]}
        checked={1}
        onCheck={onCheck}
      />,
    );
    const radios = screen.getAllByRole("radio");
    expect(radios.filter((row) => row.getAttribute("aria-checked") === "true")).toHaveLength(1);
    expect(screen.getByText("Store B | Principal")).toBeInTheDocument();
    fireEvent.click(screen.getByText("Store A | Principal"));
    expect(onCheck).toHaveBeenCalledWith(0);
  });

  it("starts from the row the server checked, else the first", () => {
    expect(initiallyChecked([roleEntry({}), roleEntry({ checked: true })])).toBe(1);
    expect(initiallyChecked([roleEntry({}), roleEntry({})])).toBe(0);
  });
});
