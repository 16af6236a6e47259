import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../islands/mount";
import { AreaCodeSelect } from "./AreaCodeSelect";

function choices(label: string): string[] {
  fireEvent.mouseDown(screen.getByLabelText(label));
  return within(screen.getByRole("listbox"))
    .getAllByRole("option")
    .map((option) => option.textContent ?? "");
}

describe("AreaCodeSelect", () => {
  it("offers the bare codes and hands the chosen one back", () => {
    const onChange = vi.fn();
    render(
      <AppProviders>
        <AreaCodeSelect label="Area code" value="0086" onChange={onChange} />
      </AppProviders>,
    );
    expect(choices("Area code")).toEqual(["0086", "00852", "00853"]);
    fireEvent.click(screen.getByRole("option", { name: "00852" }));
    expect(onChange).toHaveBeenCalledWith("00852");
  });

  it("names the place of each code when asked", () => {
    render(
      <AppProviders>
        <AreaCodeSelect named label="Area code" value="0086" onChange={vi.fn()} />
      </AppProviders>,
    );
    expect(choices("Area code")).toEqual(["+86 Mainland", "+852 Hong Kong", "+853 Macao"]);
  });
});
