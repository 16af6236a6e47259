import Alert from "@mui/material/Alert";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";
import { useMoveIn, type MoveInDetail } from "../../api/moveIn";
import { BackLink, PageFrame } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { MoveInAttachments } from "./MoveInAttachments";
import { MemberSection, MoveInActions, OldCardsSection, SourceSection } from "./moveInSections";
import { MOVE_IN_LIST, StatusChip } from "./parts";
import { useMoveInForm } from "./useMoveInForm";

/** /moveIn (ERP-HYQR-PAG-0001-0000), `?id=` to edit a draft or a rejected move-in: the member found
 * by phone or new, the old cards with the new card type of each (its discount shown, the value the
 * coefficient gives previewed), the attachments, then save and submit for approval (confirmed). */
export function MoveInPage({
  search = window.location.search,
  navigate = (href: string) => window.location.assign(href),
}: {
  search?: string;
  navigate?: (href: string) => void;
}) {
  const { t } = useTranslation("moveIn");
  const id = idFromSearch(search);
  const existing = useMoveIn(id);
  if (id !== null && !existing.data) {
    return (
      <PageFrame title={t("title")}>
        <BackLink href={MOVE_IN_LIST}>{t("back")}</BackLink>
        {existing.isError ? (
          <Alert severity="error">{existing.error?.message || t("loadFailed")}</Alert>
        ) : (
          <CircularProgress aria-label={t("title")} />
        )}
      </PageFrame>
    );
  }
  return <MoveInForm key={existing.data?.id ?? 0} moveIn={existing.data ?? null} navigate={navigate} />;
}

function MoveInForm({ moveIn, navigate }: { moveIn: MoveInDetail | null; navigate: (href: string) => void }) {
  const { t } = useTranslation("moveIn");
  const form = useMoveInForm(moveIn, navigate);
  return (
    <PageFrame
      title={moveIn ? t("edit", { no: moveIn.moveInNo }) : t("new")}
      actions={moveIn ? <StatusChip status={moveIn.status} name={moveIn.statusName} /> : undefined}
    >
      <BackLink href={MOVE_IN_LIST}>{t("back")}</BackLink>
      {moveIn?.status === "rejected" && moveIn.decisionRemark ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t("fields.decisionRemark")}: {moveIn.decisionRemark}
        </Alert>
      ) : null}
      <MemberSection form={form} />
      <SourceSection form={form} />
      <OldCardsSection form={form} />
      {moveIn ? (
        <MoveInAttachments moveIn={moveIn} />
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("attachments.saveFirst")}
        </Alert>
      )}
      <MoveInActions form={form} />
    </PageFrame>
  );
}

mountIsland(<MoveInPage />);
