import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { MemberCard } from "../../../api/till";
import { FailureAlert } from "../../../components/dayClosed/DayClosed";
import { Section } from "../../../components/layout";
import { formatMoney } from "../../../lib/money";
import { ProviderFields } from "./ProviderTender";
import { changeShown } from "./tillRules";
import { othersTyped } from "./paymentRules";
import type { PaymentForm } from "./usePayment";

/** The tenders: cash (with the change shown), a member's stored value and points, and a provider.
 * An intention deposit's own order takes money only; a walk-in pays cash or through a provider. */
export function TenderSection({
  payment,
  due,
  member,
  depositOrder,
  cards,
  chosenCard,
  points,
  needsSignature,
}: {
  payment: PaymentForm;
  due: string;
  member: boolean;
  depositOrder: boolean;
  cards: readonly MemberCard[];
  chosenCard: MemberCard | undefined;
  points: number | undefined;
  needsSignature: boolean;
}) {
  const { t } = useTranslation("till");
  const { form, set, provider, tenders, pay, waiting, refusal } = payment;
  const change = form.cash.trim() ? changeShown(form.cash, due, othersTyped(form, provider)) : null;
  const nothingDue = due === "0.00";
  return (
    <Section title={t("payment.tenders")}>
      <Stack spacing={2} sx={{ maxWidth: 520 }}>
        <TextField
          label={t("tender.cash")}
          value={form.cash}
          onChange={(event) => set("cash", event.target.value)}
          helperText={change !== null ? t("tender.changeShown", { change: formatMoney(change) }) : t("tender.cashHelp")}
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
                sx={{ minWidth: 260 }}
                helperText={chosenCard ? t("tender.balance", { balance: formatMoney(chosenCard.balance) }) : ""}
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
