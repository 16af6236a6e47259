import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { switchLanguage } from "../../i18n";
import { AppProviders } from "../../islands/mount";
import { enterPickerText, pickerInput } from "../../test/pickers";
import { DateField } from "./DateField";
import { TimeField } from "./TimeField";

/** Types keys one by one from the field's first section, as a user does: each key goes to the
 * section the field has made active, which moves on by itself once a section is full. */
function typeIntoSections(label: string, keys: string): void {
  fireEvent.click(within(screen.getByRole("group", { name: label })).getAllByRole("spinbutton")[0]!);
  for (const key of keys) {
    const section = document.activeElement as HTMLElement;
    act(() => {
      section.textContent = key;
      fireEvent.input(section);
    });
  }
}

function shown(label: string): string {
  return within(screen.getByRole("group", { name: label }))
    .getAllByRole("spinbutton")
    .map((section) => section.textContent)
    .join("|");
}

describe("the date and time fields in Chinese", () => {
  beforeEach(async () => {
    await switchLanguage("zh-hans");
  });
  afterEach(async () => {
    await switchLanguage("en");
  });

  it("shows a date as 2026-11-23 and a time in 24 hours, with no AM/PM", () => {
    render(
      <AppProviders>
        <DateField label="日期" value="2026-11-23" onChange={() => undefined} />
        <TimeField label="时间" value="21:30" onChange={() => undefined} />
      </AppProviders>,
    );
    expect(screen.getByRole("group", { name: "日期" })).toHaveTextContent(/^2026-11-23/);
    expect(shown("时间")).toBe("21|30");
    expect(screen.getByRole("group", { name: "时间" })).not.toHaveTextContent(/AM|PM|上午|下午/);
    expect(within(screen.getByRole("group", { name: "时间" })).getByRole("spinbutton", { name: "时" })).toHaveAttribute(
      "aria-valuemax",
      "23",
    );
  });

  it("takes typed digits as a four-digit year: a fifth and a sixth go to the month, never a six-digit year", () => {
    const onChange = vi.fn();
    render(
      <AppProviders>
        <DateField label="日期" value="" onChange={onChange} />
      </AppProviders>,
    );
    typeIntoSections("日期", "202611");
    expect(shown("日期")).toBe("2026|11|DD");
    expect(within(screen.getByRole("group", { name: "日期" })).getAllByRole("spinbutton")[0]).toHaveAttribute(
      "aria-valuemax",
      "9999",
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it("refuses a date past 2099 with the reason at the field, and tells the form nothing", () => {
    const onChange = vi.fn();
    render(
      <AppProviders>
        <DateField label="日期" value="" onChange={onChange} helperText=" " />
      </AppProviders>,
    );
    enterPickerText(pickerInput("日期"), "2100-01-01");
    expect(screen.getByText("不能晚于 2099-12-31")).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("takes an afternoon time as 24-hour HH:mm", () => {
    const onChange = vi.fn();
    render(
      <AppProviders>
        <TimeField label="时间" value="" onChange={onChange} />
      </AppProviders>,
    );
    enterPickerText(pickerInput("时间"), "21:30");
    expect(onChange).toHaveBeenLastCalledWith("21:30");
  });
});

describe("the date and time fields in English", () => {
  it("show the same YYYY-MM-DD and 24-hour HH:mm", () => {
    render(
      <AppProviders>
        <DateField label="Date" value="2026-11-23" onChange={() => undefined} />
        <TimeField label="Time" value="21:30" onChange={() => undefined} />
      </AppProviders>,
    );
    expect(screen.getByRole("group", { name: "Date" })).toHaveTextContent(/^2026-11-23/);
    expect(screen.getByRole("group", { name: "Time" })).toHaveTextContent(/^21:30/);
    expect(screen.getByRole("group", { name: "Time" })).not.toHaveTextContent(/AM|PM/);
  });
});

describe("the date field and its form", () => {
  it("keeps a half-typed date on screen while the form holds none, and shows the form's own date", () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <AppProviders>
        <DateField label="Date" value="" onChange={onChange} />
      </AppProviders>,
    );
    typeIntoSections("Date", "2025");
    expect(shown("Date")).toBe("2025|MM|DD");
    expect(onChange).not.toHaveBeenCalled();
    rerender(
      <AppProviders>
        <DateField label="Date" value="" onChange={onChange} />
      </AppProviders>,
    );
    expect(shown("Date")).toBe("2025|MM|DD");
    rerender(
      <AppProviders>
        <DateField label="Date" value="2025-01-02" onChange={onChange} />
      </AppProviders>,
    );
    expect(shown("Date")).toBe("2025|01|02");
  });
});
