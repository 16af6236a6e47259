/** Plain rules of the till pages: the draft a cashier builds, the body the server prices and commits,
 * where the server's field messages go, and which of the member's cards a line may name. No price
 * is computed here: every total shown comes from the server. */

import { formatMoney } from "../../../lib/money";
import { staffBody, type StaffShare } from "../../../components/billing/StaffShares";
import { ApiError } from "../../../api/client";
import type { MemberAreaCode } from "../../../api/members";
import type {
  DraftLine,
  LineType,
  MemberCard,
  OrderDraft,
  PackageProject,
  ReservationDraft,
  ReservationPackageDraft,
  UsableCoupon,
} from "../../../api/till";

/** Not idFromSearch: this reads a leading number as parseInt does ("12abc" → 12, "1.5" → 1), which that
 * refuses; kept until it is known that nothing links to the till with such an address. */
export function tillIdFrom(search: string, name: string): number | null {
  const raw = new URLSearchParams(search).get(name);
  const id = raw ? Number.parseInt(raw, 10) : NaN;
  return Number.isFinite(id) && id > 0 ? id : null;
}

export type LineStaff = StaffShare;

/** A line of the cashier's draft; `key` keeps React's rows apart, `name` is for the page only. */
export interface TillLine {
  key: number;
  type: LineType;
  itemId: number | null;
  name: string;
  qty: string;
  cardId: number | null;
  amount: string;
  staff: LineStaff[];
  /** Given free with the sale (needs BTN-KDJC-ORDER-GIFT), with its reason. */
  gift: boolean;
  giftReason: string;
  /** Goods the member takes later (owed goods, /toTakenList): paid now, they stay in stock. */
  takeLater: boolean;
  /** A project package's projects and sessions, for serving one of them now. */
  packageProjects: PackageProject[];
  /** A project served now by a session of the package on the line with this key (decision 0038). */
  fromPackage: number | null;
}

/** The button code a gift line needs; the kinds of lines that may be gifts (the server's rule). */
export const ORDER_GIFT_CODE = "BTN-KDJC-ORDER-GIFT";
export const GIFT_TYPES: readonly LineType[] = ["product", "productPackage", "project", "projectPackage"];
/** The kinds of lines a member may take later (the server's rule): goods. */
export const TAKE_LATER_TYPES: readonly LineType[] = ["product", "productPackage"];

export type Customer =
  | { kind: "member"; memId: number; name: string; phone: string; areaCode: string }
  | { kind: "walkIn"; name: string; areaCode: MemberAreaCode; phone: string };

let nextKey = 1;
export function lineKey(): number {
  nextKey += 1;
  return nextKey;
}

export function newLine(type: LineType, itemId: number | null, name: string, extra: Partial<TillLine> = {}): TillLine {
  return {
    key: lineKey(),
    type,
    itemId,
    name,
    qty: "1",
    cardId: null,
    amount: "",
    staff: [],
    gift: false,
    giftReason: "",
    takeLater: false,
    packageProjects: [],
    fromPackage: null,
    ...extra,
  };
}

/** The project line served now from the package on the line keyed `packageKey`, if any. */
export function servedNow(lines: readonly TillLine[], packageKey: number): TillLine | undefined {
  return lines.find((line) => line.fromPackage === packageKey);
}

/** The lines with the package line `packageKey`'s project served now set to `project` (a line after
 * the package's, one session, staff chosen on it), or none. */
export function withServedNow(
  lines: readonly TillLine[],
  packageKey: number,
  project: PackageProject | null,
): TillLine[] {
  const rest = lines.filter((line) => line.fromPackage !== packageKey);
  if (project === null) return rest;
  const at = rest.findIndex((line) => line.key === packageKey);
  const served = newLine("project", project.projectId, project.projectName, { fromPackage: packageKey });
  return [...rest.slice(0, at + 1), served, ...rest.slice(at + 1)];
}

/** The lines without the one at `index`, and without a project it served from its package. */
export function withoutLine(lines: readonly TillLine[], index: number): TillLine[] {
  const removed = lines[index];
  return lines.filter((line, position) => position !== index && line.fromPackage !== removed?.key);
}

function lineBody(line: TillLine, lines: readonly TillLine[]): DraftLine {
  const qty = Number.parseInt(line.qty, 10);
  const body: DraftLine = { type: line.type, qty: Number.isFinite(qty) ? qty : 0 };
  if (line.type === "topUp") {
    body.cardId = line.cardId;
    body.amount = line.amount.trim();
    body.qty = 1;
  } else {
    body.itemId = line.itemId;
    if (line.cardId !== null) body.cardId = line.cardId;
  }
  if (line.staff.length > 0) {
    body.staff = staffBody(line.staff);
  }
  if (line.gift) {
    body.gift = true;
    body.giftReason = line.giftReason.trim();
  }
  if (line.takeLater && TAKE_LATER_TYPES.includes(line.type)) body.takeLater = true;
  if (line.fromPackage !== null) body.packageLine = lines.findIndex((row) => row.key === line.fromPackage);
  return body;
}

/** The draft as the server reads it. `forPricing`: a walk-in's details are not needed to price, so
 * live totals do not wait for them (the server prices a draft without a customer as a walk-in's). */
export function draftBody(
  customer: Customer | null,
  reservationId: number | null,
  lines: readonly TillLine[],
  remark: string,
  forPricing = false,
  couponIds: readonly number[] = [],
): OrderDraft {
  const draft: OrderDraft = { lines: lines.map((line) => lineBody(line, lines)) };
  if (couponIds.length > 0 && customer?.kind === "member") draft.couponIds = [...couponIds];
  if (customer?.kind === "member") draft.memId = customer.memId;
  if (customer?.kind === "walkIn" && !forPricing) {
    draft.walkIn = { name: customer.name.trim(), areaCode: customer.areaCode, phone: customer.phone.trim() };
  }
  if (reservationId !== null) draft.reservationId = reservationId;
  if (remark.trim() && !forPricing) draft.remark = remark.trim();
  return draft;
}

/** The server's field messages (`lines[2].cardId`, `walkIn.phone`, `lines`) as one text per field. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages.join(" ")]));
}

/** The message of line `index`'s `field`, if the server named it. */
export function lineMessage(messages: Record<string, string>, index: number, field: string): string {
  return messages[`lines[${index}].${field}`] ?? "";
}

/** The messages that name no line field the page shows next to an input. */
export function otherMessages(messages: Record<string, string>, shown: readonly string[]): string[] {
  return Object.entries(messages)
    .filter(
      ([field]) =>
        !shown.includes(field) &&
        !/^lines\[\d+\]\.(qty|itemId|cardId|amount|staff|type|gift|giftReason|takeLater|packageLine)$/.test(field),
    )
    .filter(([field]) => !/^couponIds(\[\d+\])?$/.test(field))
    .map(([, message]) => message);
}

/** The coupons the cashier ticked, split by the server's last word on them: `sent` are priced and
 * committed; `dropped` are ticked but no longer apply to the lines (with the server's reason) or are
 * no longer usable at all (used by another order, expired): the page says so and sends them not. */
export function tickedCoupons(
  ticked: readonly number[],
  usable: readonly UsableCoupon[] | undefined,
): { sent: number[]; dropped: { couponId: number; name: string; reason: string }[] } {
  if (usable === undefined) return { sent: [...ticked], dropped: [] };
  const byId = new Map(usable.map((coupon) => [coupon.couponId, coupon]));
  const sent: number[] = [];
  const dropped: { couponId: number; name: string; reason: string }[] = [];
  for (const couponId of ticked) {
    const coupon = byId.get(couponId);
    if (coupon?.applies) sent.push(couponId);
    else dropped.push({ couponId, name: coupon?.name ?? "", reason: coupon?.reason ?? "" });
  }
  return { sent, dropped };
}

/** The server's message about coupon `couponId` of the sent list (`couponIds[i]`), or about the
 * coupons as a whole (`couponIds`). */
export function couponMessage(messages: Record<string, string>, sent: readonly number[], couponId: number): string {
  const index = sent.indexOf(couponId);
  return index >= 0 ? (messages[`couponIds[${index}]`] ?? "") : "";
}

export const usable = (card: MemberCard) => card.status === "active";

/** Package cards of the member that hold sessions of `projectId`. */
export function sessionCards(cards: readonly MemberCard[], projectId: number | null): MemberCard[] {
  return cards.filter(
    (card) =>
      card.kind === "package" &&
      usable(card) &&
      card.sessions.some((sessions) => sessions.projectId === projectId && sessions.left > 0),
  );
}

export const storedValueCards = (cards: readonly MemberCard[]) =>
  cards.filter((card) => card.kind === "storedValue" && usable(card));

/** The lines of a reservation's draft: each reserved project served by the reservation's nurse, paid
 * by the sessions of the card the server proposes when the member holds one that covers it. */
export function reservationLines(project: ReservationDraft, sessions: ReservationPackageDraft | null): TillLine[] {
  const covered = new Map((sessions?.lines ?? []).map((line) => [line.itemId, line.cardId]));
  return project.lines.map((line) =>
    newLine("project", line.itemId, line.name, {
      qty: String(line.qty),
      cardId: covered.get(line.itemId) ?? null,
      staff: line.staff.map((staff) => ({ employeeId: staff.employeeId, name: staff.name, share: staff.share })),
    }),
  );
}

/** The package sessions that pay an order, as a fact of its totals when there are any: they are
 * their own figure, never a discount (the server keeps them out of `discount`). */
export function sessionsFact(sessionsValue: string, label: string): [string, string][] {
  return Number(sessionsValue) ? [[label, formatMoney(sessionsValue)]] : [];
}
