import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../../islands/mount";
import type { ReportSeries } from "../../../api/reports";
import { ReportCharts, yValue } from "./ReportChart";

const points = [
  { x: "New", y: 120 },
  { x: "Returning", y: "80.50" },
  { x: "Lapsed", y: 12 },
];

const renderCharts = (series: ReportSeries[]) =>
  render(
    <AppProviders>
      <ReportCharts series={series} />
    </AppProviders>,
  );

describe("ReportCharts", () => {
  it("reads decimals sent as text as numbers, and anything else as 0", () => {
    expect(yValue("80.50")).toBe(80.5);
    expect(yValue(3)).toBe(3);
    expect(yValue("n/a")).toBe(0);
  });

  it.each(["line", "bar", "pie", "funnel"] as const)("draws a %s chart under its label", (chart) => {
    const { container } = renderCharts([{ key: "mix", label: "Member stages", chart, points }]);
    expect(screen.getByTestId("report-chart-mix")).toHaveTextContent("Member stages");
    expect(container.querySelector("svg")).not.toBeNull();
  });

  it("draws nothing without series", () => {
    const { container } = renderCharts([]);
    expect(container.querySelector("[data-testid^='report-chart-']")).toBeNull();
  });
});
