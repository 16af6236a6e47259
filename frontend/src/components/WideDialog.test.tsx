import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { WideDialog } from "./WideDialog";

describe("WideDialog", () => {
  it("is named by its title, holds its content and closes on Escape", () => {
    const onClose = vi.fn();
    render(
      <WideDialog open onClose={onClose} title="Find a member" testId="wide">
        <p>results</p>
      </WideDialog>,
    );
    const dialog = screen.getByRole("dialog", { name: "Find a member" });
    expect(dialog).toHaveTextContent("results");
    expect(screen.getByTestId("wide")).toContainElement(dialog);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows nothing while closed", () => {
    render(
      <WideDialog open={false} onClose={vi.fn()} title="Find a member">
        <p>results</p>
      </WideDialog>,
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
