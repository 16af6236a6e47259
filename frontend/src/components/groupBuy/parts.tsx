/* Pieces of the group-buy write-off dialog: the candidate lists, today's reserved members, the
 * frequency confirmation and the outcome of a write-off. */

import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  useTodayReserved,
  type CommodityType,
  type CouponItem,
  type TodayReserved,
  type WriteOffAnswer,
} from "../../api/groupBuy";
import { storeTime } from "../../lib/dates";
import { formatPhone } from "../../lib/phone";
import { TableStateRow } from "../feedback";
import { LimitedTextField } from "../LimitedTextField";
import type { Confirmation, FrequencyPrompt } from "./useWriteOffForm";
import { HeadedTable } from "../HeadedTable";

/** The store owner's authorization code's limit (as the shell's authorization dialog). */
const AUTHORIZATION_CODE_MAX = 20;

/** One list of candidates (projects, packages or cards) as chips: choosing one clears the other
 * lists' choice, clicking it again deselects it (spec §4). */
export function CandidateList({
  label,
  type,
  items,
  isSelected,
  onToggle,
  disabled = false,
}: {
  label: string;
  type: CommodityType;
  items: readonly CouponItem[];
  isSelected: (type: CommodityType, id: number) => boolean;
  onToggle: (type: CommodityType, id: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("groupBuy");
  const labelId = useId();
  return (
    <Box>
      <Typography variant="subtitle2" id={labelId} sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("noCandidates")}
        </Typography>
      ) : (
        <Box
          role="group"
          aria-labelledby={labelId}
          data-testid={`groupbuy-${type}s`}
          sx={{ display: "flex", flexWrap: "wrap", gap: 1, maxHeight: 132, overflowY: "auto" }}
        >
          {items.map((item) => {
            const selected = isSelected(type, item.id);
            return (
              <Chip
                key={item.id}
                label={item.value || item.name}
                clickable
                disabled={disabled}
                color={selected ? "primary" : "default"}
                variant={selected ? "filled" : "outlined"}
                aria-pressed={selected}
                onClick={() => onToggle(type, item.id)}
              />
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/** Today's reserved members of the store (name and masked phone); picking one fills the form's phone. */
export function TodayReservedDialog({
  open,
  storeId,
  onClose,
  onPick,
}: {
  open: boolean;
  storeId: number | null;
  onClose: () => void;
  onPick: (row: TodayReserved) => void;
}) {
  const { t } = useTranslation("groupBuy");
  const titleId = useId();
  const result = useTodayReserved(storeId, open);
  const rows = result.data ?? [];
  const state = result.isPending ? "loading" : result.isError ? "error" : rows.length === 0 ? "empty" : null;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("reserved.title")}</DialogTitle>
      <DialogContent>
        <HeadedTable
          label={t("reserved.title")}
          heads={[t("reserved.name"), t("reserved.phone"), t("reserved.time")]}
          nowrapHeads={false}
          stickyHeader
          sx={{ maxHeight: 360 }}
        >
          {state ? (
            <TableStateRow
              columns={3}
              state={state}
              emptyText={t("reserved.empty")}
              errorText={result.error?.message}
              onRetry={() => void result.refetch()}
            />
          ) : (
            rows.map((row, index) => {
              // A walk-in's reservation names no member: nothing to write off for.
              const member = row.memId !== null;
              return (
                <TableRow
                  key={`${row.memId ?? "walk-in"}-${index}`}
                  hover={member}
                  sx={member ? { cursor: "pointer" } : { opacity: 0.5 }}
                  aria-disabled={!member}
                  onClick={
                    member
                      ? () => {
                          onPick(row);
                          onClose();
                        }
                      : undefined
                  }
                >
                  <TableCell>
                    {row.name}
                    {member ? null : (
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                        {t("reserved.noMember")}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatPhone(row.areaCode, row.phone)}</TableCell>
                  <TableCell>{storeTime(row.startTime)}</TableCell>
                </TableRow>
              );
            })
          )}
        </HeadedTable>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("reserved.cancel")}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** GB-40903: the phone is over its write-off limit. A principal (BTN-TGHX-FREQUENCY-CONFIRM)
 * confirms; anyone else enters the store owner's authorization code. */
export function FrequencyDialog({
  prompt,
  asPrincipal,
  busy,
  onConfirm,
  onCancel,
}: {
  prompt: FrequencyPrompt | null;
  asPrincipal: boolean;
  busy: boolean;
  onConfirm: (confirmation: Confirmation) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("groupBuy");
  const titleId = useId();
  const [code, setCode] = useState("");
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (asPrincipal) {
      onConfirm({ frequencyConfirmed: true });
      return;
    }
    const trimmed = code.trim();
    setMissing(!trimmed);
    if (trimmed && trimmed.length <= AUTHORIZATION_CODE_MAX) onConfirm({ authorizationCode: trimmed });
  };
  return (
    <Dialog
      open={prompt !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      data-testid="groupbuy-frequency"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t("frequency.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {prompt
                ? t("frequency.message", { count: prompt.count, limit: prompt.limit, periodDays: prompt.periodDays })
                : null}
            </DialogContentText>
            {prompt?.error ? <Alert severity="error">{prompt.error}</Alert> : null}
            {asPrincipal ? (
              <DialogContentText>{t("frequency.asPrincipal")}</DialogContentText>
            ) : (
              <>
                <DialogContentText>{t("frequency.needCode")}</DialogContentText>
                <LimitedTextField
                  maxChars={AUTHORIZATION_CODE_MAX}
                  size="small"
                  type="password"
                  autoFocus
                  label={t("frequency.authorizationCode")}
                  value={code}
                  error={missing}
                  helperText={missing ? t("frequency.codeRequired") : undefined}
                  onChange={(event) => {
                    setCode(event.target.value);
                    setMissing(false);
                  }}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {t("frequency.cancel")}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={busy}>
            {asPrincipal ? t("frequency.confirmAsPrincipal") : t("frequency.confirm")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** What a write-off answered: the record, and the online-price check's warning if any. */
export function WriteOffOutcome({ answer }: { answer: WriteOffAnswer }) {
  const { t } = useTranslation("groupBuy");
  const { record } = answer;
  return (
    <Stack spacing={1} data-testid="groupbuy-outcome">
      <Alert severity="success">
        {t("done", { code: record.checkCode, item: record.commodity.name || "-", status: record.statusLabel })}
        {record.orderCode ? (
          <Typography variant="body2" component="div">
            {t("doneOrder", { orderCode: record.orderCode })}
          </Typography>
        ) : null}
      </Alert>
      {record.priceWarning ? (
        <Alert severity="warning" data-testid="groupbuy-price-warning">
          <AlertTitle>{t("priceWarning")}</AlertTitle>
          {record.priceWarning}
        </Alert>
      ) : null}
    </Stack>
  );
}
