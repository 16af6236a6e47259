import PrintIcon from "@mui/icons-material/Print";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import GlobalStyles from "@mui/material/GlobalStyles";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dayFromSearch, useDay } from "../../../api/daily";
import { DetailError, Loading } from "../../../components/feedback";
import { PageFrame, Section } from "../../../components/layout";
import { mountIsland } from "../../../islands/mount";
import { currentSession } from "../../../api/session";
import { ClosingFacts, DAILY_NS, DayBar } from "./dailyParts";
import {
  Cards,
  Pending,
  Deposits,
  Points,
  Reconciliation,
  Refunds,
  Revenue,
  Sales,
  StaffTable,
  Takings,
} from "./dayFigures";

/** Printing leaves out the top bar and the controls, and keeps each section on one page. */
const PRINT_STYLES = {
  "@media print": {
    "#shell-root": { display: "none" },
    ".daily-no-print": { display: "none !important" },
    section: { breakInside: "avoid" },
    body: { background: "#fff" },
  },
} as const;

/** /dailyReport (日报, ERP-SYFH-PAG-0001-0000): the day's report, printable: takings and revenue told
 * apart, sales by kind, cards, points, staff shares, and the closing when the day is closed. */
export function DailyReportPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(DAILY_NS);
  const [date, setDate] = useState(() => dayFromSearch(search));
  const day = useDay(date);
  const store = currentSession()?.storeName ?? "";
  return (
    <PageFrame
      title={t("report.title")}
      actions={
        <Button
          className="daily-no-print"
          variant="outlined"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          disabled={!day.data}
        >
          {t("report.print")}
        </Button>
      }
    >
      <GlobalStyles styles={PRINT_STYLES} />
      <DayBar date={date} onChange={setDate} here="/dailyReport" />
      {day.error ? (
        <DetailError message={day.error.message} onRetry={() => void day.refetch()} />
      ) : !day.data ? (
        <Loading />
      ) : (
        <>
          <Typography variant="subtitle1" sx={{ mb: 2 }}>
            {store ? `${t("report.store")}: ${store} · ` : ""}
            {t("day")}: {day.data.date}
          </Typography>
          <Section title={t("closing.title")}>
            {day.data.closing ? (
              <ClosingFacts closing={day.data.closing} />
            ) : (
              <Alert severity="info">{t("report.open")}</Alert>
            )}
          </Section>
          <Revenue figures={day.data} />
          <Takings figures={day.data} />
          <Pending figures={day.data} />
          <Refunds figures={day.data} />
          <Reconciliation figures={day.data} />
          <Sales figures={day.data} />
          <Cards figures={day.data} />
          <Points figures={day.data} />
          <Deposits figures={day.data} />
          <Section title={t("staff.title")}>
            <StaffTable staff={day.data.staff} />
          </Section>
        </>
      )}
    </PageFrame>
  );
}

mountIsland(<DailyReportPage />);
