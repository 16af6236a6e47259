/** The API's shapes, generated from docs/openapi.yaml into ./generated/schema.d.ts (`npm run types`;
 * `npm run build` fails when that file is stale). API modules alias these instead of writing their own. */
import type { components } from "./generated/schema";

export type Schemas = components["schemas"];

/** A choice list the client offers (statuses, kinds), checked against the schema's enum both ways:
 * a value the schema does not know, or one it lists that is missing here, fails `tsc`. The labels
 * come from i18n or from the answer's `…Name` field, never from a copy of the list. */
export function choices<T extends string | number>() {
  return <const V extends readonly T[]>(
    values: V & ([Exclude<T, V[number]>] extends [never] ? unknown : { missing: Exclude<T, V[number]> }),
  ): V => values;
}
