import Alert from "@mui/material/Alert";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { HeldCard, MemberCard } from "../../api/cards";
import { Facts, type Fact } from "../../components/layout";
import { formatMoney } from "../../lib/money";

/** What a card holds, in words: "¥1,100.00 (gift ¥100.00)" or "Facial ×5, Massage ×2". */
export function useHoldings() {
  const { t } = useTranslation("cardOperations");
  return (card: MemberCard): string => {
    if (card.kind === "storedValue")
      return t("card.value", { balance: formatMoney(card.balance), gift: formatMoney(card.giftBalance) });
    const left = card.sessions.filter((row) => row.left > 0);
    if (left.length === 0) return t("card.noSessions");
    return left.map((row) => t("card.sessionsOf", { name: row.name, count: row.left })).join(t("card.separator"));
  };
}

/** One of the member's cards, chosen from a list (those `allowed` may be chosen; the others show
 * why not). */
export function CardSelect({
  label,
  cards,
  value,
  onChange,
  allowed = () => true,
  disabledIds = [],
}: {
  label: string;
  cards: readonly MemberCard[];
  value: number | null;
  onChange: (cardId: number) => void;
  allowed?: (card: MemberCard) => boolean;
  disabledIds?: readonly number[];
}) {
  const { t } = useTranslation("cardOperations");
  const holdings = useHoldings();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ""}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 360 }}
    >
      {cards.map((card) => (
        <MenuItem key={card.cardId} value={card.cardId} disabled={!allowed(card) || disabledIds.includes(card.cardId)}>
          {`${card.cardNo} · ${card.name} · ${holdings(card)}`}
          {card.status !== "active" ? ` (${t(`status.${card.status}`)})` : ""}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A card's facts: number, type, what it holds, status, date, where it was sold. */
export function CardFacts({ card }: { card: MemberCard | HeldCard }) {
  const { t } = useTranslation("cardOperations");
  const holdings = useHoldings();
  const items: Fact[] = [
    [t("card.number"), card.cardNo],
    [t("card.type"), `${card.name} (${t(`kind.${card.kind}`)})`],
    [t("card.holds"), holdings(card)],
    [t("card.status"), t(`status.${card.status}`)],
    [t("card.expiresOn"), card.expiresOn ?? ""],
    [t("card.soldAt"), card.storeName],
  ];
  if ("memberName" in card) items.unshift([t("card.holder"), card.memberName]);
  return <Facts items={items} />;
}

/** Said instead of an action the role may not take (its button code is missing). */
export function NoCodeNote({ action, code }: { action: string; code: string }) {
  const { t } = useTranslation("cardOperations");
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      {t("noCode", { action, code })}
    </Alert>
  );
}
