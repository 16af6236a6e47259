import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RecordTabs } from "./RecordTabs";

describe("RecordTabs", () => {
  it("marks the chosen tab and reports another one picked", () => {
    const onChange = vi.fn();
    render(
      <RecordTabs
        value="A"
        label="Kinds"
        options={[
          { value: "A", label: "Cash" },
          { value: "B", label: "Discount" },
        ]}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole("tablist", { name: "Kinds" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Cash" })).toHaveAttribute("aria-selected", "true");
    fireEvent.click(screen.getByRole("tab", { name: "Discount" }));
    expect(onChange).toHaveBeenCalledWith("B");
  });
});
