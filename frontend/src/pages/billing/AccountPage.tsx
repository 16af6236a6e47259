import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, newIdempotencyKey } from "../../api/client";
import { useEmployeeSearch } from "../../api/staff";
import {
  COUPON_NOT_USABLE,
  commitOrder,
  tillKeys,
  usePricedDraft,
  useReservationDraft,
  useUsableCoupons,
  type OrderDraft,
} from "../../api/till";
import { DetailError, Loading } from "../../components/feedback";
import { Facts, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { formatMoney } from "../../lib/money";
import { CouponPicker } from "./CouponPicker";
import { CustomerSection } from "./CustomerSection";
import { ItemPicker } from "./ItemPicker";
import { LineRow } from "./LineRow";
import {
  draftBody,
  fieldMessages,
  otherMessages,
  reservationLines,
  tickedCoupons,
  type Customer,
  type TillLine,
} from "./tillRules";
import { useDebounced } from "./useDebounced";
import { useMemberCards } from "../../api/cards";

/** Not idFromSearch: this reads a leading number as parseInt does ("12abc" → 12, "1.5" → 1), which that
 * refuses; kept until it is known that nothing links to the till with such an address. */
function reservationIdFrom(search: string): number | null {
  const raw = new URLSearchParams(search).get("reservationId");
  const id = raw ? Number.parseInt(raw, 10) : NaN;
  return Number.isFinite(id) && id > 0 ? id : null;
}

/** /account (ERP-KDJC-PAG-0003-0000, 开单结账): the cashier chooses the customer (or arrives from a
 * reservation), adds lines, sees the server's live totals, and commits the order to take payment. */
export function AccountPage({
  navigate = (to: string) => window.location.assign(to),
}: {
  navigate?: (to: string) => void;
}) {
  const { t } = useTranslation("till");
  const [reservationId] = useState(() => reservationIdFrom(window.location.search));
  const reservation = useReservationDraft(reservationId);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [lines, setLines] = useState<TillLine[]>([]);
  const [remark, setRemark] = useState("");
  // The coupons the cashier ticked, in the order ticked (the server applies them in kind order).
  const [couponIds, setCouponIds] = useState<number[]>([]);
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const [loadedReservation, setLoadedReservation] = useState(false);
  // One key per submitted draft: a retry of the same draft (a lost answer, a double click) sends
  // the same key, so the server commits one order.
  const [submission, setSubmission] = useState<{ key: string; body: string } | null>(null);

  const memId = customer?.kind === "member" ? customer.memId : null;
  const cards = useMemberCards(memId);
  const employees = useEmployeeSearch({ pageNo: 1, pageSize: 100, status: "active" });

  // The reservation's draft fills the page once: its customer and its lines (the cashier removes
  // the lines not taken and may choose another covering card). Adjusted while rendering (React's
  // pattern for state that follows other state), not in an effect.
  if (!loadedReservation && reservation.data) {
    const { project, sessions } = reservation.data;
    setLoadedReservation(true);
    setCustomer(
      project.memId !== null
        ? { kind: "member", memId: project.memId, name: project.name, phone: project.phone, areaCode: "0086" }
        : { kind: "walkIn", name: project.name, areaCode: "0086", phone: "" },
    );
    setLines(reservationLines(project, sessions));
  }

  // The lines as the server reads them, debounced while the cashier types; the member's coupons are
  // tried on them, and the ticked ones that still apply are priced with them.
  const linesBody = useDebounced(draftBody(customer, reservationId, lines, "", true), 300);
  const usableCoupons = useUsableCoupons(memId !== null && linesBody.memId === memId ? linesBody : null);
  const { sent, dropped } = tickedCoupons(couponIds, memId !== null ? usableCoupons.data : []);
  const debounced: OrderDraft | null = lines.length > 0 && linesBody.lines.length > 0 ? linesBody : null;
  const priced = usePricedDraft(debounced && sent.length > 0 ? { ...debounced, couponIds: sent } : debounced);

  const commit = useMutation({
    mutationFn: ({ draft, key }: { draft: OrderDraft; key: string }) => commitOrder(draft, key),
    onError: (error) => {
      // A coupon another order used meanwhile: the picker asks the server again and says so.
      if (error instanceof ApiError && error.errcode === COUPON_NOT_USABLE) {
        void queryClient.invalidateQueries({ queryKey: [...tillKeys.all, "coupons"] });
      }
    },
    onSuccess: (order) => {
      const query = new URLSearchParams({ orderId: String(order.orderId) });
      if (memId !== null) query.set("memId", String(memId));
      navigate(`/payment?${query.toString()}`);
    },
  });

  const messages = { ...fieldMessages(priced.error), ...fieldMessages(commit.error) };
  const shownFields = ["memId", "walkIn.name", "walkIn.phone"];
  const general = otherMessages(messages, shownFields);
  const refusal =
    commit.error instanceof ApiError && Object.keys(commit.error.fields).length === 0 ? commit.error.message : "";
  const pricingRefusal =
    priced.error instanceof ApiError && Object.keys(priced.error.fields).length === 0 ? priced.error.message : "";

  const submit = () => {
    const draft = draftBody(customer, reservationId, lines, remark, false, sent);
    const body = JSON.stringify(draft);
    const key = submission?.body === body ? submission.key : newIdempotencyKey();
    setSubmission({ key, body });
    commit.mutate({ draft, key });
  };

  const update = (index: number, line: TillLine) =>
    setLines((previous) => previous.map((row, position) => (position === index ? line : row)));

  if (reservationId !== null && reservation.isPending) return <Loading />;
  if (reservation.isError) {
    return (
      <PageFrame title={t("account.title")}>
        <DetailError message={reservation.error.message} onRetry={() => void reservation.refetch()} />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t("account.title")} wide>
      <CustomerSection
        customer={customer}
        messages={messages}
        locked={reservationId !== null}
        cards={cards}
        onChange={(next) => {
          setCustomer(next);
          // Cards and coupons of another customer cannot stay on the order.
          if (next?.kind !== "member" || next.memId !== memId) {
            setCouponIds([]);
            setLines((previous) =>
              previous
                .filter((line) => line.type !== "topUp" && line.type !== "cardType")
                .map((line) => ({ ...line, cardId: null })),
            );
          }
        }}
      />
      {memId !== null ? (
        <CouponPicker
          coupons={usableCoupons}
          ticked={couponIds}
          sent={sent}
          dropped={dropped}
          applied={priced.data?.coupons ?? []}
          messages={messages}
          onToggle={(couponId, on) =>
            setCouponIds((previous) =>
              on ? [...previous.filter((id) => id !== couponId), couponId] : previous.filter((id) => id !== couponId),
            )
          }
        />
      ) : null}
      <Section title={t("account.lines")}>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <Button variant="outlined" onClick={() => setPicking(true)}>
            {t("account.addItem")}
          </Button>
        </Stack>
        {reservation.data ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t("account.fromReservation", { nurse: reservation.data.project.nurseName || t("account.noNurse") })}
          </Alert>
        ) : null}
        {messages.lines ? <Alert severity="error">{messages.lines}</Alert> : null}
        {lines.length === 0 ? (
          <Typography color="text.secondary">{t("account.noLines")}</Typography>
        ) : (
          <Table size="small" aria-label={t("account.lines")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("line.item")}</TableCell>
                <TableCell>{t("line.qty")}</TableCell>
                <TableCell>{t("line.card")}</TableCell>
                <TableCell>{t("line.staff")}</TableCell>
                <TableCell align="right">{t("line.amount")}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line, index) => (
                <LineRow
                  key={line.key}
                  index={index}
                  line={line}
                  priced={priced.data?.lines.find((row) => row.index === index)}
                  cards={cards.data ?? []}
                  employees={employees.data?.list ?? []}
                  messages={messages}
                  onChange={(next) => update(index, next)}
                  onRemove={() => setLines((previous) => previous.filter((_, position) => position !== index))}
                />
              ))}
            </TableBody>
          </Table>
        )}
        <TextField
          label={t("account.remark")}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          fullWidth
          multiline
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          error={Boolean(messages.remark)}
          helperText={messages.remark}
        />
      </Section>
      <Section title={t("account.totals")}>
        {priced.isFetching ? (
          <Typography variant="caption" color="text.secondary">
            {t("account.pricing")}
          </Typography>
        ) : null}
        {pricingRefusal ? <Alert severity="warning">{pricingRefusal}</Alert> : null}
        {priced.data && lines.length > 0 ? (
          <Box aria-label={t("account.totals")} role="group">
            <Facts
              items={[
                [t("totals.total"), formatMoney(priced.data.total)],
                [t("totals.discount"), formatMoney(priced.data.discount)],
                [t("totals.payable"), formatMoney(priced.data.payable)],
              ]}
            />
            {priced.data.discounts.map((discount) => (
              <Typography key={`${discount.source}-${discount.name}`} variant="body2" color="success.main">
                {t("line.discount", {
                  name: discount.name || t(`source.${discount.source}`),
                  amount: formatMoney(discount.amount),
                })}
              </Typography>
            ))}
          </Box>
        ) : null}
        {general.map((message) => (
          <Alert key={message} severity="error" sx={{ mt: 1 }}>
            {message}
          </Alert>
        ))}
        {refusal ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {refusal}
          </Alert>
        ) : null}
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={customer === null || lines.length === 0 || commit.isPending}
          onClick={submit}
        >
          {t("account.commit")}
        </Button>
      </Section>
      <ItemPicker
        open={picking}
        member={memId !== null}
        cards={cards.data ?? []}
        onClose={() => setPicking(false)}
        onAdd={(line) => setLines((previous) => [...previous, line])}
      />
    </PageFrame>
  );
}

mountIsland(<AccountPage />);
