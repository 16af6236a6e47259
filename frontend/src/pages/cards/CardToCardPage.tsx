import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { cardKeys, type MemberCard } from "../../api/cards";
import { BTN_CARD_TO_CARD, cents, isUsable, moveCardToCard, type CardToCardResult } from "../../api/cardOperations";
import type { MemberRow } from "../../api/members";
import { hasButtonCode } from "../../api/session";
import { DetailError, Loading } from "../../components/feedback";
import { Facts, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { MemberPicker } from "../../components/members/MemberPicker";
import { useSubmissionKey } from "../../lib/submissionKey";
import { CardSelect, NoCodeNote } from "./parts";
import { useMemberCards } from "../../api/cards";
import { formatMoney } from "../../lib/money";

const storedValue = (card: MemberCard) => card.kind === "storedValue" && isUsable(card);

/** The amount's problem, as an i18n key, or null. The server decides (it answers CARD-40901 when the
 * source holds less by then); this only stops what cannot be right. */
export function amountProblem(amount: string, source: MemberCard | null): string | null {
  const typed = cents(amount);
  if (typed === null) return "cardToCard.amountInvalid";
  if (typed <= 0) return "cardToCard.amountPositive";
  if (source && typed > (cents(source.balance) ?? 0)) return "cardToCard.amountOver";
  return null;
}

/** /cardtocard (卡转卡, ERP-KDJC-PAG-0003-0000): an amount from one of a member's stored-value cards to
 * another of theirs; principal and gift leave in the source's proportion (the server's rule). */
export function CardToCardPage() {
  const { t } = useTranslation("cardOperations");
  const queryClient = useQueryClient();
  const [canMove] = useState(() => hasButtonCode(BTN_CARD_TO_CARD));
  const [member, setMember] = useState<MemberRow | null>(null);
  const [fromId, setFromId] = useState<number | null>(null);
  const [toId, setToId] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<CardToCardResult | null>(null);
  const cards = useMemberCards(member?.memId ?? null);
  const submission = useSubmissionKey({ memId: member?.memId, fromId, toId, amount });

  const source = cards.data?.find((card) => card.cardId === fromId) ?? null;
  const target = cards.data?.find((card) => card.cardId === toId) ?? null;
  const problem = amountProblem(amount, source);

  const move = useMutation({
    mutationFn: () =>
      moveCardToCard(
        { memId: member?.memId ?? 0, fromCardId: fromId ?? 0, toCardId: toId ?? 0, amount: amount.trim() },
        submission.key,
      ),
    onSuccess: async (done) => {
      setAsking(false);
      setResult(done);
      setAmount("");
      setTouched(false);
      submission.renew();
      await queryClient.invalidateQueries({ queryKey: cardKeys.all });
    },
    onError: () => setAsking(false),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (source && target && !problem) setAsking(true);
  };

  return (
    <PageFrame title={t("cardToCard.title")}>
      <Section title={t("cardToCard.member")}>
        <MemberPicker
          member={member}
          onChange={(row) => {
            setMember(row);
            setFromId(null);
            setToId(null);
            setResult(null);
          }}
          chooseLabel={t("chooseMember")}
        />
      </Section>
      {member ? (
        <Section title={t("cardToCard.cards")}>
          {cards.isPending ? (
            <Loading />
          ) : cards.isError ? (
            <DetailError message={cards.error.message} onRetry={() => void cards.refetch()} />
          ) : cards.data.filter(storedValue).length < 2 ? (
            <Typography color="text.secondary">{t("cardToCard.needTwo")}</Typography>
          ) : (
            <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ alignItems: "flex-start" }}>
              <CardSelect
                label={t("cardToCard.from")}
                cards={cards.data}
                value={fromId}
                onChange={setFromId}
                allowed={storedValue}
                disabledIds={toId ? [toId] : []}
              />
              <CardSelect
                label={t("cardToCard.to")}
                cards={cards.data}
                value={toId}
                onChange={setToId}
                allowed={storedValue}
                disabledIds={fromId ? [fromId] : []}
              />
              <TextField
                size="small"
                label={t("cardToCard.amount")}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                error={touched && problem !== null}
                helperText={
                  touched && problem
                    ? t(problem, { balance: formatMoney(source?.balance) })
                    : source
                      ? t("cardToCard.available", { balance: formatMoney(source.balance) })
                      : " "
                }
                slotProps={{ htmlInput: { inputMode: "decimal" } }}
              />
              {canMove ? (
                <Button type="submit" variant="contained" disabled={!source || !target}>
                  {t("cardToCard.submit")}
                </Button>
              ) : (
                <NoCodeNote action={t("cardToCard.title")} code={BTN_CARD_TO_CARD} />
              )}
            </Stack>
          )}
        </Section>
      ) : null}

      {result ? (
        <Section title={t("result")}>
          <Alert severity="success" sx={{ mb: 2 }}>
            {t("cardToCard.done", { principal: formatMoney(result.principal), gift: formatMoney(result.gift) })}
          </Alert>
          <Facts
            items={[
              [t("cardToCard.fromAfter", { cardNo: result.fromCard.cardNo }), formatMoney(result.fromCard.balance)],
              [t("cardToCard.toAfter", { cardNo: result.toCard.cardNo }), formatMoney(result.toCard.balance)],
            ]}
          />
        </Section>
      ) : null}

      <ConfirmDialog
        open={asking}
        title={t("cardToCard.confirmTitle")}
        message={
          source && target
            ? t("cardToCard.confirm", {
                amount: formatMoney(amount.trim()),
                from: source.cardNo,
                to: target.cardNo,
                name: member?.name ?? "",
              })
            : ""
        }
        busy={move.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => move.mutate()}
      />
    </PageFrame>
  );
}

mountIsland(<CardToCardPage />);
