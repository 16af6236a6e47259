import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cardKeys } from "../../api/cards";
import {
  BTN_CARD_TRANSFER,
  commitTransfer,
  startTransfer,
  transferSentForApproval,
  useTransferCheck,
  type Transfer,
  type TransferApprovalAsked,
} from "../../api/cardOperations";
import { approvalHref } from "../../api/refunds";
import type { MemberRow } from "../../api/members";
import { hasButtonCode } from "../../api/session";
import { DetailError, Loading } from "../../components/feedback";
import { PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { MemberPicker } from "../../components/members/MemberPicker";
import { useSubmissionKey } from "../../lib/submissionKey";
import { CardFacts, CardSelect, NoCodeNote, useHoldings } from "./parts";
import { useMemberCards } from "../../api/cards";

/** /transfercard (转卡, ERP-KDJC-PAG-0003-0000): everything one of a member's cards holds moves to a
 * new card of the same type for another member. The server starts the transfer and commits it; the
 * page names both members and what moves before it asks. */
export function TransferCardPage({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation("cardOperations");
  const queryClient = useQueryClient();
  const [canTransfer] = useState(() => hasButtonCode(BTN_CARD_TRANSFER));
  const [member, setMember] = useState<MemberRow | null>(null);
  const [cardId, setCardId] = useState<number | null>(() => idFromSearch(search, "cardId"));
  const [target, setTarget] = useState<MemberRow | null>(null);
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<Transfer | TransferApprovalAsked | null>(null);
  const cards = useMemberCards(member?.memId ?? null);
  const check = useTransferCheck(cardId);
  const holdings = useHoldings();
  const submission = useSubmissionKey({ cardId, to: target?.memId });

  const card = check.data?.card ?? null;
  const sameMember = Boolean(card && target && card.memId === target.memId);
  const ready = Boolean(card && check.data?.transferable && target && !sameMember);

  const transfer = useMutation({
    mutationFn: async () => {
      if (!card || !target) throw new Error("nothing to transfer");
      await startTransfer(card.cardId, target.memId, `${submission.key}-start`);
      return commitTransfer(card.cardId, `${submission.key}-commit`);
    },
    onSuccess: async (done) => {
      setAsking(false);
      setResult(done);
      submission.renew();
      await queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
    onError: () => setAsking(false),
  });

  const chooseMember = (row: MemberRow | null) => {
    setMember(row);
    setCardId(null);
    setResult(null);
  };

  return (
    <PageFrame title={t("transfer.title")}>
      <Section title={t("transfer.from")}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 2 }}>
          <MemberPicker member={member} onChange={chooseMember} chooseLabel={t("chooseMember")} />
          {member ? (
            cards.isPending ? (
              <Loading />
            ) : cards.isError ? (
              <DetailError message={cards.error.message} onRetry={() => void cards.refetch()} />
            ) : cards.data.length === 0 ? (
              <Typography color="text.secondary">{t("noCards")}</Typography>
            ) : (
              <CardSelect
                label={t("transfer.card")}
                cards={cards.data}
                value={cardId}
                onChange={(id) => {
                  setCardId(id);
                  setResult(null);
                }}
              />
            )
          ) : null}
        </Stack>
        {cardId === null ? null : check.isPending ? (
          <Loading />
        ) : check.isError ? (
          <DetailError message={check.error.message} onRetry={() => void check.refetch()} />
        ) : (
          <Stack spacing={1} sx={{ mt: 2 }}>
            <CardFacts card={check.data.card} />
            {check.data.transferable ? null : (
              <Alert severity="warning">{t("transfer.notTransferable", { reason: check.data.reason })}</Alert>
            )}
            {check.data.pending ? (
              <Alert severity="info">{t("transfer.pending", { name: check.data.pending.toMemberName })}</Alert>
            ) : null}
          </Stack>
        )}
      </Section>

      <Section title={t("transfer.to")}>
        <MemberPicker member={target} onChange={setTarget} chooseLabel={t("chooseTarget")} />
        {sameMember ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t("transfer.sameMember")}
          </Alert>
        ) : null}
        {canTransfer ? (
          <Button
            variant="contained"
            sx={{ mt: 2, display: "block" }}
            disabled={!ready}
            onClick={() => setAsking(true)}
          >
            {t("transfer.submit")}
          </Button>
        ) : (
          <NoCodeNote action={t("transfer.title")} code={BTN_CARD_TRANSFER} />
        )}
      </Section>

      {result && transferSentForApproval(result) ? (
        <Section title={t("result")}>
          <Alert severity="info">
            {t("transfer.sentForApproval")} <Link href={approvalHref(result.approvalId)}>{t("transfer.approval")}</Link>
          </Alert>
        </Section>
      ) : result?.newCard ? (
        <Section title={t("result")}>
          <Alert severity="success" sx={{ mb: 2 }}>
            {t("transfer.done", { cardNo: result.newCard.cardNo, name: result.newCard.memberName })}
          </Alert>
          <CardFacts card={result.newCard} />
        </Section>
      ) : null}

      <ConfirmDialog
        open={asking && card !== null && target !== null}
        title={t("transfer.confirmTitle")}
        message={
          card && target
            ? t("transfer.confirm", {
                from: card.memberName,
                cardNo: card.cardNo,
                to: target.name,
                holds: holdings(card),
              })
            : ""
        }
        busy={transfer.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => transfer.mutate()}
      />
    </PageFrame>
  );
}

mountIsland(<TransferCardPage />);
