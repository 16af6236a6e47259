/** A goods line of the returns page: how many units come back and how much money goes back (the
 * units' share unless typed), then where the units go: back on the shelf, or written off as damaged
 * with the reason. Units still owed (taken later) are owed less, never restocked: the server does it. */
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { JudgedLine, RefundQuote } from "../../../api/refunds";
import type { GoodsBack, LinePick, PickErrors } from "./refundRules";

const NS = "refunds";
const REASON_MAX = 200;
/** The returns table's columns, for the row under a goods line to span them all. */
export const RETURN_COLUMNS = 8;

interface GoodsProps {
  line: JudgedLine;
  pick: LinePick;
  errors: PickErrors;
  locked: boolean;
  onChange: (change: Partial<LinePick>) => void;
}

/** The units that come back and the money, in the line's amount cell. */
export function GoodsInputs({ line, pick, errors, locked, onChange }: GoodsProps) {
  const { t } = useTranslation(NS);
  const disabled = !pick.picked || locked;
  return (
    <Stack spacing={1}>
      <TextField
        size="small"
        value={pick.value}
        disabled={disabled}
        onChange={(event) => onChange({ value: event.target.value })}
        error={Boolean(errors.value)}
        helperText={errors.value ? t(errors.value, { qty: line.refundableQty }) : undefined}
        slotProps={{ htmlInput: { "aria-label": `${line.name}: ${t("returns.unitsBack")}`, inputMode: "numeric" } }}
      />
      <TextField
        size="small"
        value={pick.amount ?? ""}
        placeholder={t("returns.unitsShare")}
        disabled={disabled}
        onChange={(event) => onChange({ amount: event.target.value })}
        error={Boolean(errors.amount)}
        helperText={errors.amount ? t(errors.amount) : undefined}
        slotProps={{ htmlInput: { "aria-label": `${line.name}: ${t("returns.amount")}`, inputMode: "decimal" } }}
      />
    </Stack>
  );
}

/** Under a picked goods line: back on the shelf (the default) or written off as damaged, and why. */
export function GoodsBackRow({ line, pick, errors, locked, onChange }: GoodsProps) {
  const { t } = useTranslation(NS);
  const labelId = useId();
  const goodsBack: GoodsBack = pick.goodsBack ?? "shelf";
  return (
    <TableRow data-testid={`goods-back-${line.orderLineId}`}>
      <TableCell colSpan={RETURN_COLUMNS} sx={{ pl: 9 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start", flexWrap: "wrap", rowGap: 1 }}>
          <Typography id={labelId} variant="body2" sx={{ pt: 1 }}>
            {t("returns.goodsBack", { name: line.name })}
          </Typography>
          <RadioGroup
            row
            aria-labelledby={labelId}
            value={goodsBack}
            onChange={(event) => onChange({ goodsBack: event.target.value as GoodsBack })}
          >
            <FormControlLabel value="shelf" disabled={locked} control={<Radio />} label={t("returns.shelf")} />
            <FormControlLabel value="damaged" disabled={locked} control={<Radio />} label={t("returns.damaged")} />
          </RadioGroup>
          {goodsBack === "damaged" ? (
            <TextField
              size="small"
              required
              sx={{ minWidth: 240 }}
              label={t("returns.damageReason")}
              value={pick.damageReason ?? ""}
              disabled={locked}
              onChange={(event) => onChange({ damageReason: event.target.value.slice(0, REASON_MAX) })}
              error={Boolean(errors.damageReason)}
              helperText={errors.damageReason ? t(errors.damageReason) : t("returns.damagedNote")}
            />
          ) : null}
        </Stack>
        {line.takeLater ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t("returns.owedNote")}
          </Typography>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/** The confirmation's word on the goods: each line's units back on the shelf or written off, and why. */
export function GoodsBackSummary({ lines }: { lines: RefundQuote["lines"] }) {
  const { t } = useTranslation(NS);
  const goods = lines.filter((line) => line.goodsBack);
  if (goods.length === 0) return null;
  return (
    <Stack sx={{ mt: 1 }} data-testid="goods-back-summary">
      {goods.map((line) => (
        <Typography key={line.orderLineId} variant="body2">
          {line.goodsBack === "damaged"
            ? t("returns.damagedSummary", { name: line.name, qty: line.qty, reason: line.damageReason })
            : t("returns.shelfSummary", { name: line.name, qty: line.qty })}
        </Typography>
      ))}
    </Stack>
  );
}
