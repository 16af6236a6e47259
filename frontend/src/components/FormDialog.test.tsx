import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../islands/mount";
import { FormDialog } from "./FormDialog";

function renderDialog(saving: boolean) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onClose = vi.fn();
  render(
    <AppProviders>
      <FormDialog title="Edit labels" maxWidth="sm" onClose={onClose} onSubmit={onSubmit} saving={saving}>
        <input aria-label="Name" />
      </FormDialog>
    </AppProviders>,
  );
  return { onSubmit, onClose };
}

describe("FormDialog", () => {
  it("is named by its title; Save submits the form and Cancel closes it", () => {
    const { onSubmit, onClose } = renderDialog(false);
    expect(screen.getByRole("dialog", { name: "Edit labels" })).toContainElement(screen.getByLabelText("Name"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalled();
  });

  it("lets no second save go while one runs", () => {
    renderDialog(true);
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });
});
