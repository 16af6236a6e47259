import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { STATUSES } from "../api/booking";
import { switchLanguage } from "../i18n";
import { AppProviders } from "../islands/mount";
import { RESERVATION_STATUS_COLORS, ReservationStatusChip, reservationStatusColors } from "./ReservationStatusChip";

afterEach(async () => {
  await switchLanguage("en");
});

describe("ReservationStatusChip", () => {
  it("has one colour and one word for every status", () => {
    render(
      <AppProviders>
        {STATUSES.map((status) => (
          <ReservationStatusChip key={status} status={status} testId={`chip-${status}`} />
        ))}
      </AppProviders>,
    );
    expect(STATUSES.map((status) => screen.getByTestId(`chip-${status}`).textContent)).toEqual([
      "Booked",
      "Arrived",
      "In service",
      "Done",
      "No-show",
      "Cancelled",
    ]);
    for (const status of STATUSES) {
      expect(reservationStatusColors(status)).toBe(RESERVATION_STATUS_COLORS[status]);
      expect(screen.getByTestId(`chip-${status}`)).toHaveAttribute("data-status", status);
    }
    expect(new Set(STATUSES.map((status) => RESERVATION_STATUS_COLORS[status].main)).size).toBe(STATUSES.length);
  });

  it("says cancelled as 已取消 in Chinese", async () => {
    await switchLanguage("zh-hans");
    render(
      <AppProviders>
        <ReservationStatusChip status="cancelled" testId="chip" />
      </AppProviders>,
    );
    expect(screen.getByTestId("chip")).toHaveTextContent("已取消");
  });
});
