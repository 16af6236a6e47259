/**
 * A text field's length limit is shown, never enforced by cutting (issue 12 §3): a pasted phone of 12
 * digits or a 21-character name stays as typed and is refused at the field, so the person sees what
 * went wrong instead of saving a silently shortened value. The spec's limits (§2.4, §5) stay the limits.
 */

/** Whether what was typed is over `max` characters; surrounding spaces do not count (the forms trim). */
export function tooLong(value: string | null | undefined, max: number): boolean {
  return (value ?? "").trim().length > max;
}

/** The fields of `values` over their limit in `limits`: the forms' validators refuse a save with any. */
export function overLimits<K extends string>(
  values: Partial<Record<K, string | null | undefined>>,
  limits: Partial<Record<K, number>>,
): K[] {
  return (Object.keys(limits) as K[]).filter((key) => tooLong(values[key], limits[key] as number));
}
