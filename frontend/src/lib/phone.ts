/**
 * One way to show a phone everywhere (issue 12 §5): a mainland number as it is, any other with its
 * area code as "+852 91****78". Members and reservations store area codes as "0086"/"00852",
 * employees as "86"/"852"; both read the same on the page.
 */
export function formatPhone(areaCode: string | null | undefined, phone: string): string {
  if (!phone) return "";
  const code = shownAreaCode(areaCode);
  return code === "" || code === "+86" ? phone : `${code} ${phone}`;
}

/** An area code as shown: "0086", "86" and "+86" are all "+86"; nothing stays nothing. */
export function shownAreaCode(areaCode: string | null | undefined): string {
  const digits = (areaCode ?? "").trim().replace(/^\+/, "").replace(/^00/, "");
  return digits ? `+${digits}` : "";
}
