import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DrawerHeading } from "./layout";

describe("DrawerHeading", () => {
  it("heads the drawer with its title and closes it from the button", () => {
    const onClose = vi.fn();
    render(<DrawerHeading title="Request" closeLabel="Close the request" onClose={onClose} sx={{ p: 2 }} />);
    expect(screen.getByRole("heading", { level: 2, name: "Request" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Close the request" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
