import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { RoleEntry } from "../../api/session";
import { initiallyChecked, RoleList } from "./RoleList";

const entry = (overrides: Partial<RoleEntry>): RoleEntry => ({
  hierId: 1,
  hier: "Store A",
  role: "Principal",
  roleId: 2,
  roleKind: "principal",
  userRoleId: 10,
  description: "",
  userAccount: "SY00002",
  isLoginUser: true,
  userId: 2,
  allRsrc: [],
  quicks: [],
  checked: false,
  ...overrides,
});

describe("RoleList", () => {
  it("shows store | role rows with exactly one checked", () => {
    const onCheck = vi.fn();
    render(<RoleList entries={[entry({}), entry({ userRoleId: 11, hier: "Store B" })]} checked={1} onCheck={onCheck} />);
    const radios = screen.getAllByRole("radio");
    expect(radios.filter((row) => row.getAttribute("aria-checked") === "true")).toHaveLength(1);
    expect(screen.getByText("Store B | Principal")).toBeInTheDocument();
    fireEvent.click(screen.getByText("Store A | Principal"));
    expect(onCheck).toHaveBeenCalledWith(0);
  });

  it("starts from the row the server checked, else the first", () => {
    expect(initiallyChecked([entry({}), entry({ checked: true })])).toBe(1);
    expect(initiallyChecked([entry({}), entry({})])).toBe(0);
  });
});
