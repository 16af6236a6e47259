/** What of the day is still open before closing (issue 28 §2; the preview's `openItems`): each item
 * is settled on its own page or carried over here with its reason; closing sends the carried ones
 * and the server refuses (DAY-40903) while one is neither. A provider's money on its way is settled
 * only (waited for or closed). */
import Alert from "@mui/material/Alert";
import Checkbox from "@mui/material/Checkbox";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { openItemKey, type CarryOver, type OpenItem } from "../../../api/daily";
import { LimitedTextField } from "../../../components/LimitedTextField";
import { Section } from "../../../components/layout";
import { formatMoney } from "../../../lib/money";
import { DAILY_NS } from "./dailyParts";

const REASON_MAX = 200;

interface Carried {
  carry: boolean;
  reason: string;
}

/** The carry-over choices of the open items, by key; `checked` once closing was asked for. */
export function useCarryOver(items: OpenItem[]) {
  const [chosen, setChosen] = useState<Record<string, Carried>>({});
  const [checked, setChecked] = useState(false);
  const of = (item: OpenItem): Carried => chosen[openItemKey(item)] ?? { carry: false, reason: "" };
  const set = (item: OpenItem, change: Partial<Carried>) =>
    setChosen((previous) => ({ ...previous, [openItemKey(item)]: { ...of(item), ...change } }));
  /** The items still stopping the closing: not carried over, or carried without a reason. */
  const left = items.filter((item) => !of(item).carry || !of(item).reason.trim());
  const carried: CarryOver[] = items
    .filter((item) => item.carriable && of(item).carry && of(item).reason.trim())
    .map((item) => ({ kind: item.kind, ref: item.ref, reason: of(item).reason.trim() }));
  const tooLong = items.some((item) => of(item).carry && of(item).reason.trim().length > REASON_MAX);
  return { of, set, left, carried, ready: left.length === 0 && !tooLong, checked, setChecked };
}

export type CarryOverState = ReturnType<typeof useCarryOver>;

export function OpenItemsSection({ items, carry }: { items: OpenItem[]; carry: CarryOverState }) {
  const { t } = useTranslation(DAILY_NS);
  return (
    <Section title={t("open.title")}>
      {items.length === 0 ? (
        <Alert severity="success">{t("open.none")}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("open.explain")}
          </Typography>
          <Table size="small" aria-label={t("open.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("open.kind")}</TableCell>
                <TableCell>{t("open.item")}</TableCell>
                <TableCell align="right">{t("open.amount")}</TableCell>
                <TableCell>{t("open.carry")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <OpenItemRow key={openItemKey(item)} item={item} carry={carry} />
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Section>
  );
}

function OpenItemRow({ item, carry }: { item: OpenItem; carry: CarryOverState }) {
  const { t } = useTranslation(DAILY_NS);
  const chosen = carry.of(item);
  const missing = carry.checked && item.carriable && (!chosen.carry || !chosen.reason.trim());
  return (
    <TableRow data-testid={`open-item-${openItemKey(item)}`}>
      <TableCell>{t(`open.kinds.${item.kind}`)}</TableCell>
      <TableCell>
        {item.route ? (
          <Link href={item.route} underline="hover">
            {item.title}
          </Link>
        ) : (
          item.title
        )}
        <Typography variant="body2" color="text.secondary">
          {item.detail}
        </Typography>
      </TableCell>
      <TableCell align="right">{item.amount === null ? t("dash") : formatMoney(item.amount)}</TableCell>
      <TableCell sx={{ minWidth: 280 }}>
        {item.carriable ? (
          <>
            <Checkbox
              checked={chosen.carry}
              onChange={(event) => carry.set(item, { carry: event.target.checked })}
              slotProps={{ input: { "aria-label": t("open.carryLabel", { title: item.title }) } }}
            />
            {chosen.carry ? (
              <LimitedTextField
                size="small"
                maxChars={REASON_MAX}
                label={t("open.reason")}
                value={chosen.reason}
                onChange={(event) => carry.set(item, { reason: event.target.value })}
                error={missing}
                helperText={missing ? t("open.reasonNeeded") : undefined}
                required
              />
            ) : missing ? (
              <Typography component="span" variant="body2" color="error">
                {t("open.settleOrCarry")}
              </Typography>
            ) : null}
          </>
        ) : (
          <Typography variant="body2" color="warning.main">
            {t("open.settleFirst")}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
