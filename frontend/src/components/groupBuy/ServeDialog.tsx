import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../api/client";
import {
  groupBuyApi,
  useCouponCards,
  useCouponItems,
  useTodayReserved,
  type CommodityType,
  type TodayReserved,
  type WriteOffAnswer,
  type WriteOffRecord,
} from "../../api/groupBuy";
import { currentSession } from "../../api/session";
import { useEmployeeSearch } from "../../api/staff";
import { storeTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { StaffShares, type StaffShare } from "../billing/StaffShares";
import { CandidateList } from "./parts";
import { firstReservation, nurseOf, reservationsOf, serveBody } from "./serveDraft";
import { useExclusiveSelection } from "./useExclusiveSelection";

/** Serving the member of a written-off coupon (POST order/groupBuy): its order, at the deal's price and
 * paid by the coupon, for the reservation it was for and credited to the staff chosen here, as the
 * till asks them (the reservation's nurse to start with). */
export function ServeDialog({
  record,
  onClose,
  onServed,
}: {
  record: WriteOffRecord;
  onClose: () => void;
  onServed: (answer: WriteOffAnswer) => void;
}) {
  const { t } = useTranslation("groupBuy");
  const storeId = currentSession()?.storeId ?? null;
  const reserved = useTodayReserved(storeId, true);
  const employees = useEmployeeSearch({ pageNo: 1, pageSize: 100, status: "active" });
  const mine = reservationsOf(reserved.data ?? [], record.memId);
  // undefined: not chosen yet, so the member's first reservation of today; null: none, said so.
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const reservationId = picked === undefined ? firstReservation(mine) : picked;
  // null: not changed yet, so the chosen reservation's nurse.
  const [chosenStaff, setChosenStaff] = useState<StaffShare[] | null>(null);
  const staff = chosenStaff ?? nurseOf(mine.find((row) => row.id === reservationId));
  // A write-off made without an item (another platform's, the item optional) names it now.
  const needsItem = record.commodity.id === null;
  const exclusive = useExclusiveSelection();
  const [missing, setMissing] = useState(false);
  const submission = useRef<{ body: string; key: string } | null>(null);
  const serve = useMutation({
    mutationFn: () => {
      const body = serveBody(record.id, { reservationId, staff, item: exclusive.selection });
      // One key per body: serving again after a refusal with other staff is another request.
      const text = JSON.stringify(body);
      if (submission.current?.body !== text) submission.current = { body: text, key: newIdempotencyKey() };
      return groupBuyApi.serve(body, submission.current.key);
    },
    onSuccess: onServed,
  });
  const submit = () => {
    if (needsItem && !exclusive.selection) setMissing(true);
    else serve.mutate();
  };
  return (
    <Dialog
      open
      onClose={serve.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-label={t("records.serveTitle")}
    >
      <DialogTitle>{t("records.serveTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t("records.serveConfirm", { code: record.checkCode, item: record.commodity.name || "-" })}
        </DialogContentText>
        <ServePrice record={record} />
        <Stack spacing={2} sx={{ mt: 2 }}>
          {needsItem ? (
            <ServeItems
              isSelected={exclusive.isSelected}
              onToggle={(type, id) => {
                setMissing(false);
                exclusive.toggle(type, id);
              }}
            />
          ) : null}
          {missing ? (
            <Typography variant="body2" color="error" role="alert">
              {t("rules.selectionRequired")}
            </Typography>
          ) : null}
          <ReservationChoice
            rows={mine}
            value={reservationId}
            onChange={(id) => {
              setPicked(id);
              setChosenStaff(null);
            }}
          />
          <div>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t("serve.staff")}
            </Typography>
            <StaffShares
              staff={staff}
              employees={employees.data?.list ?? []}
              message=""
              label={t("serve.addStaff")}
              onStaff={setChosenStaff}
            />
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={serve.isPending}>
          {t("records.keep")}
        </Button>
        <Button variant="contained" disabled={serve.isPending || reserved.isPending} onClick={submit}>
          {t("records.serve")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the order will count: the deal's price (the store's beside it) and the platform's commission
 * where the platform reported its settlement; a platform that names no price sells at the store's. */
function ServePrice({ record }: { record: WriteOffRecord }) {
  const { t } = useTranslation("groupBuy");
  if (record.dealPrice === null) {
    return <Alert severity="info">{t("serve.storePrice")}</Alert>;
  }
  return (
    <Alert severity="info" data-testid="serve-price">
      {t("serve.dealPrice", { deal: formatMoney(record.dealPrice), store: formatMoney(record.storePrice) || "-" })}
      {record.commission !== null && record.settlement !== null
        ? ` ${t("serve.commission", {
            commission: formatMoney(record.commission),
            settlement: formatMoney(record.settlement),
          })}`
        : ""}
    </Alert>
  );
}

/** The member's reservations of today the coupon may be served for, or none. */
function ReservationChoice({
  rows,
  value,
  onChange,
}: {
  rows: readonly TodayReserved[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation("groupBuy");
  return (
    <TextField
      select
      size="small"
      label={t("serve.reservation")}
      value={value === null ? "" : String(value)}
      onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      helperText={rows.length === 0 ? t("serve.noReservationToday") : t("serve.reservationHint")}
    >
      <MenuItem value="">{t("serve.noReservation")}</MenuItem>
      {rows.map((row) => (
        <MenuItem key={row.id} value={String(row.id)}>
          {t("serve.reservationOption", {
            time: storeTime(row.startTime),
            nurse: row.nurseName || t("serve.anyNurse"),
          })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The store's projects, packages and cards, one of which the coupon buys (exclusive, spec §4). */
function ServeItems({
  isSelected,
  onToggle,
}: {
  isSelected: (type: CommodityType, id: number) => boolean;
  onToggle: (type: CommodityType, id: number) => void;
}) {
  const { t } = useTranslation("groupBuy");
  const storeId = currentSession()?.storeId ?? null;
  const projects = useCouponItems(2, storeId);
  const packages = useCouponItems(4, storeId);
  const cards = useCouponCards(storeId);
  return (
    <Stack spacing={1.5}>
      <CandidateList
        label={t("projects")}
        type="project"
        items={projects.data ?? []}
        isSelected={isSelected}
        onToggle={onToggle}
      />
      <CandidateList
        label={t("packages")}
        type="package"
        items={packages.data ?? []}
        isSelected={isSelected}
        onToggle={onToggle}
      />
      <CandidateList
        label={t("cards")}
        type="card"
        items={cards.data ?? []}
        isSelected={isSelected}
        onToggle={onToggle}
      />
    </Stack>
  );
}
