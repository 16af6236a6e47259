import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CustomerCell } from "./CustomerCell";

describe("CustomerCell", () => {
  it("marks a walk-in and shows the phone beside the name", () => {
    render(<CustomerCell name="Wang" phone="139****5678" walkIn walkInLabel="walk-in" />);
    expect(screen.getByText("Wang (walk-in)")).toBeInTheDocument();
    expect(screen.getByText("139****5678")).toBeInTheDocument();
  });

  it("shows a member by name alone when there is no phone", () => {
    const { container } = render(<CustomerCell name="Li" phone="" walkIn={false} walkInLabel="walk-in" />);
    expect(container).toHaveTextContent(/^Li$/);
  });
});
