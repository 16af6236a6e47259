import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dayFromSearch, useDay } from "../../api/daily";
import { DetailError, Loading } from "../../components/feedback";
import { PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { DAILY_NS, DayBar } from "./dailyParts";
import { StaffTable } from "./dayFigures";

/** /dailyPerformance (日业绩, ERP-SYFH-PAG-0001-0000): each employee's credits of the day
 * (apps/billing/orders/performance.py), service, sale, card sale and card consumption kept apart. */
export function DailyPerformancePage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(DAILY_NS);
  const [date, setDate] = useState(() => dayFromSearch(search));
  const day = useDay(date);
  return (
    <PageFrame title={t("performance.title")}>
      <DayBar date={date} onChange={setDate} here="/dailyPerformance" />
      {day.error ? (
        <DetailError message={day.error.message} onRetry={() => void day.refetch()} />
      ) : !day.data ? (
        <Loading />
      ) : (
        <Section title={t("staff.title")}>
          <StaffTable staff={day.data.staff} />
        </Section>
      )}
    </PageFrame>
  );
}

mountIsland(<DailyPerformancePage />);
