import { describe, expect, it } from "vitest";
import {
  formatHours,
  openingHoursError,
  regionError,
  seatsError,
  storePhoneError,
  storeUpdateFrom,
  OWNER_ONLY_FIELDS,
  validateStoreForm,
  type StoreForm,
} from "./rules";

const form: StoreForm = {
  name: "静安店",
  provinceCode: "310000",
  cityCode: "310100",
  districtCode: "310106",
  address: "南京西路1266号",
  phone: "021-62881234",
  openTime: "10:00",
  closeTime: "22:00",
  seats: "12",
  status: "open",
  frontDeskCheckRequired: false,
  signatureRequired: false,
  negativeStockAllowed: false,
  cardTransferApproval: false,
  refundApprovalAbove: "",
  borrowOutTargetIds: [7],
};

describe("store rules (mirror apps/org/rules.py)", () => {
  it("accepts mobiles, landlines and 8-digit numbers, refuses the rest", () => {
    for (const phone of ["13800000001", "021-62881234", "02162881234", "0755-1234567", "66123456", ""]) {
      expect(storePhoneError(phone)).toBeNull();
    }
    for (const phone of ["12345", "021-123", "2380000000a", "138000000011"]) {
      expect(storePhoneError(phone)).toBe("errors.phone");
    }
  });

  it("needs the opening time before the closing time, both or neither", () => {
    expect(openingHoursError("10:00", "22:00")).toBeNull();
    expect(openingHoursError("", "")).toBeNull();
    expect(openingHoursError("22:00", "10:00")).toBe("errors.openBeforeClose");
    expect(openingHoursError("10:00", "10:00")).toBe("errors.openBeforeClose");
    expect(openingHoursError("10:00", "")).toBe("errors.bothTimes");
  });

  it("takes seats as a whole number from 0", () => {
    expect(seatsError("0")).toBeNull();
    expect(seatsError("")).toBeNull();
    expect(seatsError("-1")).toBe("errors.seatsNegative");
    expect(seatsError("1.5")).toBe("errors.seatsWhole");
    expect(seatsError("999")).toBeNull();
    expect(seatsError("1000")).toBe("errors.seatsTooMany");
  });

  it("wants all three region codes or none", () => {
    expect(regionError({ provinceCode: "", cityCode: "", districtCode: "" })).toBeNull();
    expect(regionError({ provinceCode: "310000", cityCode: "", districtCode: "" })).toBe("errors.region");
  });

  it("collects the errors of a form by field", () => {
    expect(validateStoreForm(form)).toEqual({});
    expect(validateStoreForm({ ...form, name: " ", phone: "1", openTime: "23:00", seats: "-2", cityCode: "" })).toEqual(
      {
        name: "errors.name",
        phone: "errors.phone",
        closeTime: "errors.openBeforeClose",
        seats: "errors.seatsNegative",
        districtCode: "errors.region",
      },
    );
  });

  it("builds the update body with nulls for empty values", () => {
    expect(storeUpdateFrom(3, { ...form, openTime: "", closeTime: "", seats: "" })).toMatchObject({
      id: 3,
      openTime: null,
      closeTime: null,
      seats: null,
    });
    expect(storeUpdateFrom(3, form).seats).toBe(12);
    expect(storeUpdateFrom(3, form).borrowOutTargetIds).toEqual([7]);
    // Without the owner's code the owner's settings are not sent: the server keeps what the owner set.
    const principals = storeUpdateFrom(3, form, false);
    for (const field of OWNER_ONLY_FIELDS) expect(principals).not.toHaveProperty(field);
    expect(principals).toMatchObject({
      id: 3,
      name: form.name.trim(),
      frontDeskCheckRequired: form.frontDeskCheckRequired,
    });
    // The store's switch for the member's signature on package sessions (ORD-40902 at the till).
    expect(storeUpdateFrom(3, { ...form, signatureRequired: true }).signatureRequired).toBe(true);
    // The store's rule for stock below 0 (STOCK-40901 when off).
    expect(storeUpdateFrom(3, { ...form, negativeStockAllowed: true }).negativeStockAllowed).toBe(true);
  });

  it("takes an empty refund approval amount as none and refuses a malformed one", () => {
    expect(storeUpdateFrom(3, form).refundApprovalAbove).toBeNull();
    expect(storeUpdateFrom(3, { ...form, refundApprovalAbove: " 500.5 " }).refundApprovalAbove).toBe("500.5");
    expect(validateStoreForm({ ...form, refundApprovalAbove: "500.50" }).refundApprovalAbove).toBeUndefined();
    expect(validateStoreForm({ ...form, refundApprovalAbove: "-1" }).refundApprovalAbove).toBe("errors.approvalAmount");
    expect(validateStoreForm({ ...form, refundApprovalAbove: "1.005" }).refundApprovalAbove).toBe(
      "errors.approvalAmount",
    );
  });

  it("formats opening hours", () => {
    expect(formatHours("10:00", "22:00", "-")).toBe("10:00–22:00");
    expect(formatHours(null, "22:00", "-")).toBe("-");
  });
});
