import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCatalogRows, type LineType, type MemberCard } from "../../../api/till";
import { Loading } from "../../../components/feedback";
import { formatMoney } from "../../../lib/money";
import { newLine, storedValueCards, type TillLine } from "./tillRules";

/** The kinds the picker offers; a project package, a card purchase and a top-up only for a member, who
 * holds what they sell on a card (the server says so too). */
const KINDS: readonly LineType[] = ["product", "productPackage", "project", "projectPackage", "cardType", "topUp"];
const MEMBER_KINDS: readonly LineType[] = ["projectPackage", "cardType", "topUp"];

/** The dialog that adds a line: a catalogue item by kind with a search field, or a top-up of one of
 * the member's stored-value cards. */
export function ItemPicker({
  open,
  member,
  cards,
  onClose,
  onAdd,
}: {
  open: boolean;
  member: boolean;
  cards: readonly MemberCard[];
  onClose: () => void;
  onAdd: (line: TillLine) => void;
}) {
  const { t } = useTranslation("till");
  const titleId = useId();
  const [kind, setKind] = useState<LineType>("product");
  const [keyword, setKeyword] = useState("");
  const [topUpCard, setTopUpCard] = useState<number | "">("");
  const [amount, setAmount] = useState("");
  const result = useCatalogRows(kind, keyword);
  const kinds = member ? KINDS : KINDS.filter((value) => !MEMBER_KINDS.includes(value));
  const topUpCards = storedValueCards(cards);
  const rows = result.data?.list ?? [];
  // While a new search is on its way the previous rows stay on screen (keepPreviousData); they
  // cannot be added then, so a click never lands on a row that is about to move or go.
  const stale = result.isPlaceholderData;

  const add = (line: TillLine) => {
    onAdd(line);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("picker.title")}</DialogTitle>
      <DialogContent>
        <Tabs
          value={kind}
          onChange={(_, value: LineType) => setKind(value)}
          variant="scrollable"
          aria-label={t("picker.kind")}
        >
          {kinds.map((value) => (
            <Tab key={value} value={value} label={t(`type.${value}`)} />
          ))}
        </Tabs>
        {kind === "topUp" ? (
          <Stack spacing={2} sx={{ mt: 2 }}>
            {topUpCards.length === 0 ? <Alert severity="info">{t("picker.noStoredValueCard")}</Alert> : null}
            <TextField
              select
              label={t("picker.topUpCard")}
              value={topUpCard}
              onChange={(event) => setTopUpCard(Number(event.target.value))}
            >
              {topUpCards.map((card) => (
                <MenuItem key={card.cardId} value={card.cardId}>
                  {t("cards.option", { cardNo: card.cardNo, name: card.name, balance: formatMoney(card.balance) })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t("picker.amount")}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
            <Button
              variant="contained"
              disabled={topUpCard === "" || amount.trim() === ""}
              onClick={() => {
                const card = topUpCards.find((row) => row.cardId === topUpCard);
                add(
                  newLine("topUp", card?.cardTypeId ?? null, t("picker.topUpName", { cardNo: card?.cardNo ?? "" }), {
                    cardId: topUpCard === "" ? null : topUpCard,
                    amount,
                  }),
                );
              }}
            >
              {t("picker.add")}
            </Button>
          </Stack>
        ) : (
          <>
            <TextField
              label={t("picker.search")}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              fullWidth
              sx={{ mt: 2 }}
            />
            {result.isPending ? <Loading /> : null}
            {result.isError ? <Alert severity="error">{t("picker.failed")}</Alert> : null}
            {result.isSuccess && rows.length === 0 ? <Alert severity="info">{t("picker.none")}</Alert> : null}
            <List dense aria-busy={stale} sx={{ opacity: stale ? 0.6 : 1 }}>
              {rows.map((row) => (
                <ListItem
                  key={row.id}
                  secondaryAction={
                    <Button
                      size="small"
                      disabled={stale}
                      onClick={() => add(newLine(kind, row.id, row.name, { packageProjects: row.lines ?? [] }))}
                      aria-label={t("picker.addItem", { name: row.name })}
                    >
                      {t("picker.add")}
                    </Button>
                  }
                >
                  <ListItemText primary={row.name} secondary={`${row.code} · ${formatMoney(row.effectivePrice)}`} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("cancel")}</Button>
      </DialogActions>
    </Dialog>
  );
}
