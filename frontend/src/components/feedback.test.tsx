import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FailureNote } from "./feedback";

describe("FailureNote", () => {
  it("says what went wrong as an error", () => {
    render(<FailureNote message="The store is closed" />);
    expect(screen.getByRole("alert")).toHaveTextContent("The store is closed");
  });

  it("says nothing while nothing went wrong", () => {
    const { container } = render(<FailureNote message="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
