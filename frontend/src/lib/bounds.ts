/**
 * The realistic bounds of every quantity and amount a person types, by kind: the server's table
 * (apps/core/bounds.py), which apps/core/tests/test_number_bounds.py holds equal to this one. A form
 * refuses what the server would refuse, with the same limit, before it sends it.
 */
export const BOUNDS = {
  stockUnits: { low: "0", high: "99999", places: 3 },
  lineQty: { low: "0", high: "999", places: 0 },
  sessions: { low: "1", high: "9999", places: 0 },
  moneyLine: { low: "0", high: "100000.00", places: 2 },
  moneyOrder: { low: "0", high: "1000000.00", places: 2 },
  points: { low: "-1000000", high: "1000000", places: 0 },
  rate: { low: "0", high: "1", places: 4 },
  percent: { low: "0", high: "100", places: 2 },
  moneyMonth: { low: "0", high: "9999999.99", places: 2 },
  moneyCorrection: { low: "-9999999.99", high: "9999999.99", places: 2 },
  minutes: { low: "1", high: "600", places: 0 },
  places: { low: "0", high: "999", places: 0 },
  coupons: { low: "1", high: "20", places: 0 },
} as const;

export type BoundKey = keyof typeof BOUNDS;

/** The kind's upper bound as a number (the forms' `max` and their messages). */
export const highOf = (key: BoundKey): number => Number(BOUNDS[key].high);

/**
 * Whether `text` (trimmed) is a number of the kind: a plain decimal of at most the kind's places,
 * from `low` (the kind's, or a narrower one a call asks, "0.001") to the kind's high.
 */
export function withinBound(text: string, key: BoundKey, low: string = BOUNDS[key].low): boolean {
  const value = text.trim();
  const places = BOUNDS[key].places;
  const shape = places === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`);
  if (!shape.test(value)) return false;
  const number = Number(value);
  return number >= Number(low) && number <= Number(BOUNDS[key].high);
}
