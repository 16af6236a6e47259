/** The write-off form and its rules (spec §3 "Group-buy write-off form", §5 "Write-off form"). The
 * server checks the same rules in the same order (apps/groupbuy/form.py) and answers the same
 * sentences; here they are i18n keys of the `groupBuy` namespace. */

import { isReviewPlatform, type CommodityType, type GroupBuyAreaCode, type WriteOffBody } from "../../api/groupBuy";

export const PHONE_MAX = 11;
/** The server's limit on a code (apps/groupbuy/choices.py CODE_MAX_LENGTH). */
export const CODE_MAX = 64;

/** Spec §5: 0086 a mainland mobile (1, then 3-9, 11 digits); 00852 and 00853 exactly 8 digits. */
const PHONE_FORMATS: Record<string, RegExp> = {
  "0086": /^1[3-9]\d{9}$/,
  "00852": /^\d{8}$/,
  "00853": /^\d{8}$/,
};

export interface Selection {
  type: CommodityType;
  id: number;
}

export interface WriteOffFormValues {
  platformType: number;
  platformId: number | null;
  checkCode: string;
  areaCode: GroupBuyAreaCode;
  phone: string;
  selection: Selection | null;
  /** The member was picked from today's reservations: the phone is theirs (masked), no format check. */
  fromReservation: boolean;
  memId: number | null;
}

export const RULE_KEYS = {
  platform: "rules.platformRequired",
  code: "rules.codeRequired",
  phone: "rules.phoneRequired",
  phoneFormat: "rules.phoneFormat",
  selection: "rules.selectionRequired",
} as const;

export type RuleKey = (typeof RULE_KEYS)[keyof typeof RULE_KEYS];
/** The field a rule's message is shown under. */
export type RuleField = "platformId" | "checkCode" | "phone" | "selection";

export const RULE_FIELDS: Record<RuleKey, RuleField> = {
  [RULE_KEYS.platform]: "platformId",
  [RULE_KEYS.code]: "checkCode",
  [RULE_KEYS.phone]: "phone",
  [RULE_KEYS.phoneFormat]: "phone",
  [RULE_KEYS.selection]: "selection",
};

/** Whether the phone fits its area code's format (spec §5); an unknown area code never does. */
export function phoneFits(areaCode: string, phone: string): boolean {
  const pattern = PHONE_FORMATS[areaCode];
  return pattern !== undefined && pattern.test(phone);
}

/** The first rule of spec §5 the form breaks, in the spec's order, or null. */
export function writeOffError(values: WriteOffFormValues): RuleKey | null {
  if (!values.platformId) return RULE_KEYS.platform;
  if (!values.checkCode.trim()) return RULE_KEYS.code;
  const phone = values.phone.trim();
  if (!phone) return RULE_KEYS.phone;
  if (!values.fromReservation && (phone.length > PHONE_MAX || !phoneFits(values.areaCode, phone))) {
    return RULE_KEYS.phoneFormat;
  }
  if (isReviewPlatform(values.platformId) && values.selection === null) return RULE_KEYS.selection;
  return null;
}

/** The body of writeOff / writeOffReview (contract §9) for valid values. A reserved member's phone
 * is the masked one shown: the server takes it from the member's file (`memId`). */
export function writeOffBody(
  values: WriteOffFormValues,
  confirm: { frequencyConfirmed?: boolean; authorizationCode?: string } = {},
): WriteOffBody {
  const body: WriteOffBody = {
    platformType: values.platformType,
    platformId: values.platformId,
    checkCode: values.checkCode.trim(),
    areaCode: values.areaCode,
    phone: values.phone.trim(),
    commodityType: values.selection?.type ?? null,
    commodityId: values.selection?.id ?? null,
  };
  if (values.fromReservation) {
    body.fromReservation = true;
    body.memId = values.memId;
  }
  if (confirm.frequencyConfirmed) body.frequencyConfirmed = true;
  if (confirm.authorizationCode) body.authorizationCode = confirm.authorizationCode;
  return body;
}

export function emptyWriteOffForm(platformType = 1): WriteOffFormValues {
  return {
    platformType,
    platformId: null,
    checkCode: "",
    areaCode: "0086",
    phone: "",
    selection: null,
    fromReservation: false,
    memId: null,
  };
}
