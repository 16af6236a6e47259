import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useReservationDetail } from "../../api/booking";
import { DetailError, Loading } from "../../components/feedback";
import { BackLink, PageFrame } from "../../components/layout";
import { MemberSearchDialog } from "../../components/members/MemberSearchDialog";
import { useGroupBuyVerify } from "../../components/groupBuy/useGroupBuyVerify";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CheckSection, CustomerSection, ServiceSection } from "./orderFormSections";
import { ProblemList } from "./parts";
import { boardHref, draftFromReservation, draftFromSearch, todayInStore, type Draft } from "./rules";
import { useOrderForm } from "./useOrderForm";

interface ReservationFormPageProps {
  search?: string;
  navigate?: (url: string) => void;
}

/** /newOrder (ERP-YUKB-PAG-0001-0000): book for a member or a walk-in; /newOrder?id= edits,
 * ?nurseId=&start= (from an empty cell of the board) prefills. The check result shows before saving;
 * a conflict (RES-51021) shows its problems, and a role with BTN-YUKB-FORCE-UPDATE may save anyway. */
export function ReservationFormPage({
  search = window.location.search,
  navigate = (url) => window.location.assign(url),
}: ReservationFormPageProps) {
  const { t } = useTranslation("booking");
  const [id] = useState(() => idFromSearch(search));
  const [initial] = useState(() => draftFromSearch(search, todayInStore()));
  const detail = useReservationDetail(id);

  const title = id === null ? t("form.newTitle") : t("form.editTitle");
  return (
    <PageFrame wide title={title}>
      <BackLink href={boardHref(initial.date)}>{t("form.back")}</BackLink>
      {id === null ? (
        <OrderForm initial={initial} maskedPhone="" navigate={navigate} />
      ) : detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <DetailError message={detail.error.message} onRetry={() => void detail.refetch()} />
      ) : (
        <OrderForm initial={draftFromReservation(detail.data)} maskedPhone={detail.data.phone} navigate={navigate} />
      )}
    </PageFrame>
  );
}

function OrderForm({
  initial,
  maskedPhone,
  navigate,
}: {
  initial: Draft;
  maskedPhone: string;
  navigate: (url: string) => void;
}) {
  const { t } = useTranslation("booking");
  const form = useOrderForm(initial, navigate);
  const { errors, submitted, saveProblems, saveError, offerForce, busy, askForce, setAskForce, force, body } = form;
  const { finding, setFinding, chooseMember, submit } = form;
  const groupBuy = useGroupBuyVerify(finding);

  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label={t("form.newTitle")}
    >
      <CustomerSection form={form} maskedPhone={maskedPhone} />
      <ServiceSection form={form} />
      <CheckSection form={form} />

      {saveProblems ? (
        <ProblemList title={t("form.saveRefused")} problems={saveProblems} testId="save-problems" />
      ) : null}
      {saveError ? <Alert severity="error">{saveError}</Alert> : null}
      {submitted && Object.keys(errors).length > 0 ? (
        <Alert severity="warning" data-testid="form-errors">
          {t("validation.fix")}
        </Alert>
      ) : null}

      <Stack direction="row" spacing={2} sx={{ justifyContent: "flex-end" }}>
        <Button href={boardHref(initial.date)}>{t("form.cancel")}</Button>
        {offerForce ? (
          <Button
            color="warning"
            variant="outlined"
            disabled={busy}
            onClick={() => setAskForce(true)}
            data-testid="save-anyway"
          >
            {t("form.saveAnyway")}
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={busy} data-testid="save-reservation">
          {t("form.save")}
        </Button>
      </Stack>

      <MemberSearchDialog
        open={finding}
        onClose={() => setFinding(false)}
        onSelect={chooseMember}
        frontDeskCheck={groupBuy.frontDeskCheck}
        onGroupBuyVerify={groupBuy.open}
      />
      {groupBuy.dialog}
      <ConfirmDialog
        open={askForce}
        title={t("form.saveAnyway")}
        message={t("form.confirmForce")}
        busy={force.isPending}
        onCancel={() => setAskForce(false)}
        onConfirm={() => {
          if (body) force.mutate(body);
        }}
      />
    </Stack>
  );
}

mountIsland(<ReservationFormPage />);
