/** Test data of the booking pages: a board of 2026-11-23 with two nurses and three reservations. */

import type { Board, BoardReservation } from "../../api/booking";

export const DAY = "2026-11-23";

export function reservation(id: number, overrides: Partial<BoardReservation> = {}): BoardReservation {
  return {
    id,
    storeId: 10,
    memId: 100 + id,
    name: `Member ${id}`,
    phone: "138****0001",
    areaCode: "0086",
    walkIn: false,
    nurseId: 1,
    nurseName: "Nurse One",
    projects: [{ id: 7, name: "Scalp care", minutes: 60 }],
    startTime: `${DAY}T10:00:00+08:00`,
    endTime: `${DAY}T11:00:00+08:00`,
    duration: 60,
    source: "phone",
    sourceName: "Phone",
    remark: "",
    status: "booked",
    statusName: "booked",
    cancelReason: "",
    cancelReasonName: "",
    forced: false,
    billedOrderNo: "",
    createdAt: `${DAY}T08:00:00+08:00`,
    updatedAt: `${DAY}T08:00:00+08:00`,
    needsAnotherNurse: false,
    ...overrides,
  };
}

export function board(overrides: Partial<Board> = {}): Board {
  return {
    date: DAY,
    openTime: "09:00",
    closeTime: "18:00",
    nurses: [
      {
        id: 1,
        name: "Nurse One",
        position: "nurse",
        positionName: "Nurse",
        rotaKind: "shift",
        abnormalLeft: false,
        onDuty: true,
        shift: { name: "Early", start: "09:00", end: "17:00", color: "#90caf9" },
        onWorkAt: null,
        offWorkAt: null,
        tempOut: [],
      },
      {
        id: 2,
        name: "Nurse Two",
        position: "nurse",
        positionName: "Nurse",
        rotaKind: null,
        abnormalLeft: false,
        onDuty: false,
        shift: null,
        onWorkAt: null,
        offWorkAt: null,
        tempOut: [],
      },
    ],
    periods: [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "18:00" },
    ],
    reservations: [
      reservation(1),
      reservation(2, {
        nurseId: 2,
        nurseName: "Nurse Two",
        status: "arrived",
        startTime: `${DAY}T14:00:00+08:00`,
        endTime: `${DAY}T15:30:00+08:00`,
        duration: 90,
      }),
      reservation(3, {
        nurseId: null,
        nurseName: "",
        memId: null,
        walkIn: true,
        name: "Walk In",
        phone: "91****78",
        areaCode: "00852",
      }),
      reservation(4, { status: "cancelled", startTime: `${DAY}T16:00:00+08:00`, endTime: `${DAY}T17:00:00+08:00` }),
    ],
    counts: { booked: 2, arrived: 1, inService: 0, done: 0, noShow: 0, cancelled: 1, total: 4 },
    ...overrides,
  };
}
