import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RemoveButton } from "./RemoveButton";

describe("RemoveButton", () => {
  it("says what it removes and removes it when pressed", () => {
    const onClick = vi.fn();
    render(<RemoveButton label="Remove Shampoo" onClick={onClick} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove Shampoo" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
