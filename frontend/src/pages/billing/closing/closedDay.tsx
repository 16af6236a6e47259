/** A closed day on /dailyKnots (issue 28 §2): its closing, and how it is reopened. The owner
 * (BTN-SYFH-DAY-REOPEN) reopens it here; anyone else asks the owner through the approval centre, and
 * sees the request while it waits. */
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BTN_DAY_REOPEN, type Closing, type ReopenAsk } from "../../../api/daily";
import { hasButtonCode } from "../../../api/session";
import { AskReopenDialog } from "../../../components/dayClosed/DayClosed";
import { Section } from "../../../components/layout";
import { storeDateTime } from "../../../lib/dates";
import { ClosingFacts, DAILY_NS } from "./dailyParts";
import { ReopenDialog } from "./ReopenDialog";

export function ClosedDaySection({ closing, asked }: { closing: Closing; asked: ReopenAsk | null }) {
  const { t } = useTranslation(DAILY_NS);
  const [canReopen] = useState(() => hasButtonCode(BTN_DAY_REOPEN));
  const [reopening, setReopening] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <Section title={t("closing.title")}>
      <Alert severity="success" sx={{ mb: 1 }}>
        {t("knots.closedAlready")}
      </Alert>
      <ClosingFacts closing={closing} />
      {canReopen ? (
        <Button color="warning" variant="outlined" sx={{ mt: 2 }} onClick={() => setReopening(true)}>
          {t("history.reopen")}
        </Button>
      ) : asked ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="reopen-asked">
          {t("reopenAsk.waiting", {
            name: asked.applicantName,
            time: storeDateTime(asked.createdAt),
            reason: asked.reason,
          })}
        </Alert>
      ) : (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setAsking(true)}>
              {t("reopenAsk.ask")}
            </Button>
          }
        >
          {t("reopenAsk.ownerOnly")}
        </Alert>
      )}
      {reopening ? <ReopenDialog closing={closing} onClose={() => setReopening(false)} /> : null}
      {asking ? <AskReopenDialog date={closing.date} onClose={() => setAsking(false)} /> : null}
    </Section>
  );
}
