import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { useMemberCards } from "../../../api/cards";
import { useEmployeeSearch } from "../../../api/staff";
import {
  COUPON_NOT_USABLE,
  commitOrder,
  tillKeys,
  usePricedDraft,
  useReservationDraft,
  useUsableCoupons,
  type OrderDraft,
  type PackageProject,
} from "../../../api/till";
import { useSubmissionKey } from "../../../lib/submissionKey";
import {
  draftBody,
  fieldMessages,
  otherMessages,
  reservationLines,
  tickedCoupons,
  tillIdFrom,
  withServedNow,
  withoutLine,
  type Customer,
  type TillLine,
} from "./tillRules";
import { useDebounced } from "./useDebounced";

/** The order being built at the till (/account?reservationId=): its customer, lines, coupons and
 * remark; the server's live prices; and the commit, one Idempotency-Key per draft so that a retry of
 * the same draft (a lost answer, a double click) commits one order. The sections render it. */
export function useAccountDraft(search: string, navigate: (to: string) => void) {
  const [reservationId] = useState(() => tillIdFrom(search, "reservationId"));
  const reservation = useReservationDraft(reservationId);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [lines, setLines] = useState<TillLine[]>([]);
  const [remark, setRemark] = useState("");
  // The coupons the cashier ticked, in the order ticked (the server applies them in kind order).
  const [couponIds, setCouponIds] = useState<number[]>([]);
  const queryClient = useQueryClient();
  const [loadedReservation, setLoadedReservation] = useState(false);

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

  const draft = draftBody(customer, reservationId, lines, remark, false, sent);
  const submission = useSubmissionKey(draft);
  const commit = useMutation({
    mutationFn: ({ draft: sentDraft, key }: { draft: OrderDraft; key: string }) => commitOrder(sentDraft, key),
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
  const submit = () => commit.mutate({ draft, key: submission.key });

  const messages = { ...fieldMessages(priced.error), ...fieldMessages(commit.error) };
  const general = otherMessages(messages, ["memId", "walkIn.name", "walkIn.phone"]);
  const refusal =
    commit.error instanceof ApiError && Object.keys(commit.error.fields).length === 0 ? commit.error.message : "";
  const pricingRefusal =
    priced.error instanceof ApiError && Object.keys(priced.error.fields).length === 0 ? priced.error.message : "";

  const changeCustomer = (next: Customer | null) => {
    setCustomer(next);
    // Cards and coupons of another customer cannot stay on the order; nor packages on a walk-in's,
    // as nobody would hold their sessions (with them, the projects served from them).
    if (next?.kind !== "member" || next.memId !== memId) {
      const member = next?.kind === "member";
      setCouponIds([]);
      setLines((previous) =>
        previous
          .filter((line) => line.type !== "topUp" && line.type !== "cardType")
          .filter((line) => member || (line.type !== "projectPackage" && line.fromPackage === null))
          .map((line) => ({ ...line, cardId: null })),
      );
    }
  };
  const toggleCoupon = (couponId: number, on: boolean) =>
    setCouponIds((previous) =>
      on ? [...previous.filter((id) => id !== couponId), couponId] : previous.filter((id) => id !== couponId),
    );
  const addLine = (line: TillLine) => setLines((previous) => [...previous, line]);
  const updateLine = (index: number, line: TillLine) =>
    setLines((previous) => previous.map((row, position) => (position === index ? line : row)));
  const removeLine = (index: number) => setLines((previous) => withoutLine(previous, index));
  const serveNow = (packageKey: number, project: PackageProject | null) =>
    setLines((previous) => withServedNow(previous, packageKey, project));

  return {
    reservationId,
    reservation,
    customer,
    changeCustomer,
    memId,
    cards,
    employees,
    lines,
    addLine,
    updateLine,
    removeLine,
    serveNow,
    remark,
    setRemark,
    couponIds,
    toggleCoupon,
    usableCoupons,
    sent,
    dropped,
    priced,
    commit,
    submit,
    messages,
    general,
    refusal,
    pricingRefusal,
  };
}

export type AccountDraft = ReturnType<typeof useAccountDraft>;
