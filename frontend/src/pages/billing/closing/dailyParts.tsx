/** Pieces the daily closing pages share (/dailyKnots, /dailyReport, /dailyPerformance,
 * /dailyHistory): the day picker with the links between them and a closing's facts; the day's figures
 * are in dayFigures.tsx. */
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CarriedOver, Closing } from "../../../api/daily";
import { formatMoney } from "../../../lib/money";
import { DateField } from "../../../components/dates/DateField";
import { Facts } from "../../../components/layout";
import { storeDateTime } from "../../../lib/dates";

export const DAILY_NS = "daily";

export const dailyHref = (route: string, date: string) => `${route}?date=${date}`;

/** The business day shown, changed with the picker; the links open the same day on the other pages. */
export function DayBar({ date, onChange, here }: { date: string; onChange: (date: string) => void; here: string }) {
  const { t } = useTranslation(DAILY_NS);
  const [input, setInput] = useState(date);
  const links: [string, string][] = [
    ["/dailyKnots", t("links.knots")],
    ["/dailyReport", t("links.report")],
    ["/dailyPerformance", t("links.performance")],
  ];
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: "center", flexWrap: "wrap", mb: 2, "@media print": { display: "none" } }}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (input) onChange(input);
      }}
    >
      <DateField size="small" label={t("day")} value={input} onChange={setInput} />
      <Button type="submit" variant="outlined">
        {t("show")}
      </Button>
      {links
        .filter(([route]) => route !== here)
        .map(([route, label]) => (
          <Link key={route} href={dailyHref(route, date)} underline="hover">
            {label}
          </Link>
        ))}
      <Link href="/dailyHistory" underline="hover">
        {t("links.history")}
      </Link>
    </Stack>
  );
}

/** A day's closing: the cash expected and counted, who closed it and when, and a reopening if any. */
export function ClosingFacts({ closing }: { closing: Closing }) {
  const { t } = useTranslation(DAILY_NS);
  const items: [string, ReactNode][] = [
    [t("closing.status"), t(`closing.${closing.status}`)],
    [t("knots.cashExpected"), formatMoney(closing.cashExpected)],
    [t("knots.cashCounted"), formatMoney(closing.cashCounted)],
    [t("knots.difference"), formatMoney(closing.difference)],
    [t("knots.differenceReason"), closing.differenceReason || t("dash")],
    [t("closing.closedBy"), closing.closedBy || t("dash")],
    [t("closing.closedAt"), storeDateTime(closing.closedAt)],
  ];
  if (closing.remark) items.push([t("closing.remark"), closing.remark]);
  if (closing.reopenedAt) {
    items.push(
      [t("closing.reopenedBy"), closing.reopenedBy || t("dash")],
      [t("closing.reopenedAt"), storeDateTime(closing.reopenedAt)],
      [t("closing.reopenReason"), closing.reopenReason],
    );
  }
  return (
    <>
      <Facts items={items} />
      {closing.carriedOver.length > 0 ? <CarriedOverTable carried={closing.carriedOver} /> : null}
    </>
  );
}

/** What the closing carried over, each with its reason (and the day a carried order moved into). */
function CarriedOverTable({ carried }: { carried: CarriedOver[] }) {
  const { t } = useTranslation(DAILY_NS);
  return (
    <Table size="small" aria-label={t("carried.title")} sx={{ mt: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell>{t("open.kind")}</TableCell>
          <TableCell>{t("open.item")}</TableCell>
          <TableCell align="right">{t("open.amount")}</TableCell>
          <TableCell>{t("open.reason")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {carried.map((row) => (
          <TableRow key={`${row.kind}:${row.ref}`}>
            <TableCell>{t(`open.kinds.${row.kind}`)}</TableCell>
            <TableCell>
              {row.title}
              {row.carriedTo ? ` (${t("carried.carriedTo", { date: row.carriedTo })})` : ""}
            </TableCell>
            <TableCell align="right">{row.amount === null ? t("dash") : formatMoney(row.amount)}</TableCell>
            <TableCell>{row.reason}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
