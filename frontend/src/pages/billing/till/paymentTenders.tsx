import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { MemberCard } from "../../../api/till";
import { FailureAlert } from "../../../components/dayClosed/DayClosed";
import { Section } from "../../../components/layout";
import { formatMoney } from "../../../lib/money";
import { ProviderFields } from "./ProviderTender";
import { paymentOutcome, storedValueGap, type PaymentOutcome } from "./paymentRules";
import type { PaymentForm } from "./usePayment";

/** Beside the cash field: what the cash typed does, by the server's rule (the change it gives back,
 * what is still due after it, or that the other tenders already pay everything). */
function cashHelp(t: TFunction<"till">, outcome: PaymentOutcome | null): { text: string; refused: boolean } {
  if (outcome === null || outcome.cash === null) return { text: t("tender.cashHelp"), refused: false };
  if (outcome.cashUnneeded) return { text: t("tender.cashUnneeded"), refused: true };
  if (outcome.left !== "0.00")
    return { text: t("tender.cashShort", { left: formatMoney(outcome.left) }), refused: false };
  return { text: t("tender.cashChange", { change: formatMoney(outcome.change) }), refused: false };
}

/** Below an empty stored-value choice: why it is empty (no stored-value card, or none that can pay). */
function storedValueHint(t: TFunction<"till">, held: readonly MemberCard[] | undefined): string {
  const gap = storedValueGap(held);
  if (gap === null) return "";
  if (gap.unusable.length === 0) return t("tender.noStoredValueCard");
  const cards = gap.unusable.map((card) =>
    t("tender.cardWithStatus", { cardNo: card.cardNo, status: t(`cardStatus.${card.status}`) }),
  );
  return t("tender.storedValueUnusable", { cards: cards.join(t("tender.listSeparator")) });
}

/** The tenders: cash (with the change it gives), a member's stored value (or why there is none to
 * choose) and points, and a provider. An intention deposit's own order takes money only; a walk-in
 * pays cash or through a provider. */
export function TenderSection({
  payment,
  due,
  member,
  depositOrder,
  heldCards,
  cards,
  chosenCard,
  points,
  needsSignature,
}: {
  payment: PaymentForm;
  due: string;
  member: boolean;
  depositOrder: boolean;
  /** Every card the member holds, undefined while loading. */
  heldCards: readonly MemberCard[] | undefined;
  cards: readonly MemberCard[];
  chosenCard: MemberCard | undefined;
  points: number | undefined;
  needsSignature: boolean;
}) {
  const { t } = useTranslation("till");
  const { form, set, provider, tenders, pay, waiting, refusal } = payment;
  const cash = cashHelp(t, paymentOutcome(tenders, due));
  const noCard = storedValueHint(t, heldCards);
  const nothingDue = due === "0.00";
  return (
    <Section title={t("payment.tenders")}>
      <Stack spacing={2} sx={{ maxWidth: 520 }}>
        <TextField
          label={t("tender.cash")}
          value={form.cash}
          onChange={(event) => set("cash", event.target.value)}
          helperText={cash.text}
          error={cash.refused}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
        {member && !depositOrder ? (
          <>
            <Stack direction="row" spacing={2}>
              <TextField
                select
                label={t("tender.card")}
                value={form.cardId}
                onChange={(event) => set("cardId", Number(event.target.value))}
                disabled={cards.length === 0}
                sx={{ minWidth: 260, maxWidth: 320 }}
                helperText={chosenCard ? t("tender.balance", { balance: formatMoney(chosenCard.balance) }) : noCard}
              >
                {cards.map((card) => (
                  <MenuItem key={card.cardId} value={card.cardId}>
                    {t("cards.option", { cardNo: card.cardNo, name: card.name, balance: formatMoney(card.balance) })}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t("tender.storedValue")}
                value={form.storedValue}
                disabled={form.cardId === ""}
                onChange={(event) => set("storedValue", event.target.value)}
                slotProps={{ htmlInput: { inputMode: "decimal" } }}
              />
            </Stack>
            <TextField
              label={t("tender.points")}
              value={form.points}
              onChange={(event) => set("points", event.target.value)}
              helperText={points !== undefined ? t("tender.pointsHeld", { points }) : ""}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
          </>
        ) : depositOrder ? null : (
          <Typography variant="body2" color="text.secondary">
            {t("tender.walkInCash")}
          </Typography>
        )}
        <ProviderFields form={provider} onChange={payment.setProvider} onScanned={payment.submit} />
        {refusal ? <FailureAlert error={pay.error} fallback={refusal} /> : null}
        <Button
          variant="contained"
          disabled={needsSignature || pay.isPending || waiting !== null || (tenders.length === 0 && !nothingDue)}
          onClick={() => payment.setConfirming(true)}
        >
          {t("payment.pay")}
        </Button>
      </Stack>
    </Section>
  );
}
