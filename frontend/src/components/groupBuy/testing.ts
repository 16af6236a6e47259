/** Test data of the group-buy dialogs: a written-off record of the fake Meituan, done and not served. */

import type { WriteOffRecord } from "../../api/groupBuy";

export function writeOffRecord(id: number, overrides: Partial<WriteOffRecord> = {}): WriteOffRecord {
  return {
    id,
    masterValue: { id: 19, name: "Meituan" },
    platformType: 1,
    checkCode: `CODE${id}`,
    commodity: { type: "project", id: 1, name: "Facial", unifiedCode: "U1" },
    orderCode: null,
    orderId: null,
    memId: 5,
    areaCode: "0086",
    phone: "138****5678",
    status: "done",
    statusLabel: "written off, not served",
    served: false,
    dealPrice: "99.00",
    settlement: null,
    commission: null,
    storePrice: "199.00",
    priceWarning: "",
    message: "",
    operatorName: "Owner",
    createdAt: "2026-11-24T10:00:00+08:00",
    servedAt: null,
    cancelledAt: null,
    cancelReason: "",
    ...overrides,
  };
}
