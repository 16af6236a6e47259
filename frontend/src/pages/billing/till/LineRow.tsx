import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { EmployeeRow } from "../../../api/staff";
import type { MemberCard, PackageProject, PricedLine } from "../../../api/till";
import { StaffShares } from "../../../components/billing/StaffShares";
import { formatMoney } from "../../../lib/money";
import { hasButtonCode } from "../../../api/session";
import {
  GIFT_TYPES,
  ORDER_GIFT_CODE,
  TAKE_LATER_TYPES,
  lineMessage,
  sessionCards,
  storedValueCards,
  type LineStaff,
  type TillLine,
} from "./tillRules";
import { RemoveButton } from "../../../components/RemoveButton";
import { ServedNowChoice } from "./ServedNowChoice";

/** One line of the cashier's draft: what it is, its quantity, the card that pays or prices it (a
 * project package: the project served now from it; a project so served: the package), its staff with
 * their shares, and the server's price of it with each discount applied. */
export function LineRow({
  index,
  line,
  priced,
  cards,
  employees,
  messages,
  onChange,
  onRemove,
  servedNow,
  packageName = "",
  onServeNow,
}: {
  index: number;
  line: TillLine;
  priced: PricedLine | undefined;
  cards: readonly MemberCard[];
  employees: readonly EmployeeRow[];
  messages: Record<string, string>;
  onChange: (line: TillLine) => void;
  onRemove: () => void;
  servedNow?: TillLine | undefined;
  packageName?: string;
  onServeNow?: (project: PackageProject | null) => void;
}) {
  const { t } = useTranslation("till");
  const message = (field: string) => lineMessage(messages, index, field);
  const cardChoices = line.fromPackage === null ? cardOptions(line, cards) : [];
  const fromPackage = line.fromPackage !== null;

  return (
    <TableRow data-testid={`line-${index}`}>
      <TableCell>
        <Typography variant="body2">{line.name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t(`type.${line.type}`)}
        </Typography>
        {message("itemId") || message("type") ? (
          <Typography variant="caption" color="error" component="p">
            {message("itemId") || message("type")}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell sx={{ width: 90 }}>
        {line.type === "topUp" ? (
          <TextField
            size="small"
            label={t("line.amount")}
            value={line.amount}
            onChange={(event) => onChange({ ...line, amount: event.target.value })}
            error={Boolean(message("amount"))}
            helperText={message("amount")}
          />
        ) : (
          <TextField
            size="small"
            label={t("line.qty")}
            value={line.qty}
            onChange={(event) => onChange({ ...line, qty: event.target.value })}
            disabled={fromPackage}
            error={Boolean(message("qty"))}
            helperText={message("qty")}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        {cardChoices.length > 0 || message("cardId") ? (
          <TextField
            select
            size="small"
            fullWidth
            label={t("line.card")}
            value={line.cardId ?? ""}
            disabled={line.type === "topUp" || line.gift}
            onChange={(event) =>
              onChange({ ...line, cardId: event.target.value === "" ? null : Number(event.target.value) })
            }
            error={Boolean(message("cardId"))}
            helperText={message("cardId")}
          >
            <MenuItem value="">{t("line.noCard")}</MenuItem>
            {cardChoices.map(([card, use]) => (
              <MenuItem key={card.cardId} value={card.cardId}>
                {t(`line.cardUse.${use}`, { cardNo: card.cardNo, name: card.name })}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {line.type === "projectPackage" && line.packageProjects.length > 0 && onServeNow ? (
          <ServedNowChoice line={line} served={servedNow} onChoose={onServeNow} />
        ) : null}
        {fromPackage || message("packageLine") ? (
          <Typography variant="caption" color={message("packageLine") ? "error" : "text.secondary"} component="p">
            {message("packageLine") || t("line.fromPackage", { name: packageName })}
          </Typography>
        ) : null}
        {!fromPackage && GIFT_TYPES.includes(line.type) && (line.gift || hasButtonCode(ORDER_GIFT_CODE)) ? (
          <>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={line.gift}
                  // A gift is paid by nobody: it names no card.
                  onChange={(event) => onChange({ ...line, gift: event.target.checked, cardId: null })}
                />
              }
              label={t("line.gift")}
            />
            {message("gift") ? (
              <Typography variant="caption" color="error" component="p">
                {message("gift")}
              </Typography>
            ) : null}
            {line.gift ? (
              <TextField
                size="small"
                fullWidth
                label={t("line.giftReason")}
                value={line.giftReason}
                onChange={(event) => onChange({ ...line, giftReason: event.target.value })}
                error={Boolean(message("giftReason"))}
                helperText={message("giftReason")}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            ) : null}
          </>
        ) : null}
        {TAKE_LATER_TYPES.includes(line.type) ? (
          <>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={line.takeLater}
                  onChange={(event) => onChange({ ...line, takeLater: event.target.checked })}
                />
              }
              label={t("line.takeLater")}
            />
            {message("takeLater") ? (
              <Typography variant="caption" color="error" component="p">
                {message("takeLater")}
              </Typography>
            ) : null}
          </>
        ) : null}
      </TableCell>
      <LineStaffCell
        line={line}
        employees={employees}
        message={message("staff")}
        onStaff={(staff) => onChange({ ...line, staff })}
      />
      <LinePriceCell priced={priced} />
      <TableCell>
        <RemoveButton label={t("line.remove", { name: line.name })} onClick={onRemove} />
      </TableCell>
    </TableRow>
  );
}

/** The staff who served the line, each with their share (components/billing/StaffShares). */
function LineStaffCell({
  line,
  employees,
  message,
  onStaff,
}: {
  line: TillLine;
  employees: readonly EmployeeRow[];
  message: string;
  onStaff: (staff: LineStaff[]) => void;
}) {
  return (
    <TableCell sx={{ minWidth: 200 }}>
      <StaffShares staff={line.staff} employees={employees} message={message} onStaff={onStaff} />
    </TableCell>
  );
}

/** The server's price of the line, each discount it took, and the price before them. */
function LinePriceCell({ priced }: { priced: PricedLine | undefined }) {
  const { t } = useTranslation("till");
  return (
    <TableCell align="right">
      {priced ? (
        <Box>
          <Typography variant="body2">{formatMoney(priced.amount)}</Typography>
          {priced.discounts.map((discount) => (
            <Typography
              key={`${discount.source}-${discount.name}`}
              variant="caption"
              color="success.main"
              component="p"
            >
              {t("line.discount", {
                name: discount.name || t(`source.${discount.source}`),
                amount: formatMoney(discount.amount),
              })}
            </Typography>
          ))}
          {Number(priced.sessionsValue) ? (
            <Typography variant="caption" color="success.main" component="p">
              {t("line.sessionsValue", { amount: formatMoney(priced.sessionsValue) })}
            </Typography>
          ) : null}
          {priced.discounts.length > 0 || Number(priced.sessionsValue) ? (
            <Typography variant="caption" color="text.secondary" component="p">
              {t("line.before", { total: formatMoney(priced.total) })}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </TableCell>
  );
}

/** The cards a line may name: for a project, the package cards that hold its sessions (paid by
 * sessions) and the stored-value cards (priced with the card's category discount); for a product,
 * the stored-value cards; a top-up names its card. */
function cardOptions(line: TillLine, cards: readonly MemberCard[]): [MemberCard, CardUse][] {
  const sessions = line.type === "project" ? sessionCards(cards, line.itemId) : [];
  const priced = line.type === "project" || line.type === "product" ? storedValueCards(cards) : [];
  const topUp = line.type === "topUp" ? cards.filter((card) => card.cardId === line.cardId) : [];
  return [
    ...sessions.map((card): [MemberCard, CardUse] => [card, "sessions"]),
    ...priced.map((card): [MemberCard, CardUse] => [card, "priced"]),
    ...topUp.map((card): [MemberCard, CardUse] => [card, "topUp"]),
  ];
}

type CardUse = "sessions" | "priced" | "topUp";
