/** A report's chart from its series (MUI X Charts): a trend over time as a line, a comparison as
 * bars, a mix as a pie, and a funnel as horizontal bars in stage order (the free package has no
 * funnel chart). */
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { PieChart } from "@mui/x-charts/PieChart";
import type { ReportSeries } from "../../../api/reports";

const HEIGHT = 280;

/** A point's y as a number: decimals arrive as text (never a float on the wire). */
export function yValue(y: unknown): number {
  const number = typeof y === "number" ? y : Number(y);
  return Number.isFinite(number) ? number : 0;
}

function Chart({ series }: { series: ReportSeries }) {
  const xs = series.points.map((point) => point.x);
  const ys = series.points.map((point) => yValue(point.y));
  if (series.chart === "pie") {
    return (
      <PieChart
        height={HEIGHT}
        series={[{ data: series.points.map((point, index) => ({ id: index, value: ys[index] ?? 0, label: point.x })) }]}
      />
    );
  }
  if (series.chart === "line") {
    return (
      <LineChart
        height={HEIGHT}
        xAxis={[{ scaleType: "point", data: xs }]}
        series={[{ data: ys, label: series.label }]}
      />
    );
  }
  const funnel = series.chart === "funnel";
  return (
    <BarChart
      height={HEIGHT}
      layout={funnel ? "horizontal" : "vertical"}
      {...(funnel
        ? { yAxis: [{ scaleType: "band" as const, data: xs, width: 120 }] }
        : { xAxis: [{ scaleType: "band" as const, data: xs }] })}
      series={[{ data: ys, label: series.label }]}
    />
  );
}

export function ReportCharts({ series }: { series: readonly ReportSeries[] }) {
  if (series.length === 0) return null;
  return (
    <>
      {series.map((one) => (
        <Paper key={one.key} variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`report-chart-${one.key}`}>
          <Typography variant="subtitle2" component="h2">
            {one.label}
          </Typography>
          <Chart series={one} />
        </Paper>
      ))}
    </>
  );
}
