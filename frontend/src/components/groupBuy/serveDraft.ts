/** Plain rules of serving a written-off coupon (POST order/groupBuy): which of today's reservations it
 * may be for, whose staff the line suggests, and the body the server takes. The price is the
 * server's (the deal's): nothing here computes one. */

import type { ServeBody, TodayReserved } from "../../api/groupBuy";
import { staffBody, type StaffShare } from "../billing/StaffShares";
import type { Selection } from "./writeOffForm";

/** The record's member's reservations of today still to be served, earliest first (as listed). */
export const reservationsOf = (rows: readonly TodayReserved[], memId: number): TodayReserved[] =>
  rows.filter((row) => row.memId === memId);

/** The staff a reservation suggests: its nurse, for the whole line, as the till does for a reserved
 * project. None for an any-nurse reservation, or none at all. */
export function nurseOf(reservation: TodayReserved | undefined): StaffShare[] {
  if (!reservation || reservation.nurseId === null) return [];
  return [{ employeeId: reservation.nurseId, name: reservation.nurseName, share: "1" }];
}

/** The reservation the dialog starts with: the member's first one of today, else none. */
export const firstReservation = (rows: readonly TodayReserved[]): number | null => rows[0]?.id ?? null;

export interface ServeChoice {
  /** The reservation served (null: none, said so: the server then bills none). */
  reservationId: number | null;
  staff: readonly StaffShare[];
  /** The item, for a record written off without one. */
  item: Selection | null;
}

export function serveBody(recordId: number, choice: ServeChoice): ServeBody {
  const body: ServeBody = { recordId, reservationId: choice.reservationId };
  if (choice.staff.length > 0) body.staff = staffBody(choice.staff);
  if (choice.item) {
    body.commodityType = choice.item.type;
    body.commodityId = choice.item.id;
  }
  return body;
}
