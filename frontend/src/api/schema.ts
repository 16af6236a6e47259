/** The API's shapes, generated from docs/openapi.yaml into ./generated/schema.d.ts (`npm run types`;
 * `npm run build` fails when that file is stale). API modules alias these instead of writing their own. */
import type { components, operations } from "./generated/schema";

export type Schemas = components["schemas"];

type QueryParameters<Op extends keyof operations> = operations[Op] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

/** The query of an operation (`operations` names them as the schema's operationId), every parameter
 * optional. A filter may also be null: the client leaves null and "" out of the address, as it does a
 * missing one (client.ts). */
export type QueryOf<Op extends keyof operations> = {
  [K in keyof QueryParameters<Op>]?: QueryParameters<Op>[K] | null;
};

/** A choice list the client offers (statuses, kinds), checked against the schema's enum both ways:
 * a value the schema does not know, or one it lists that is missing here, fails `tsc`. The labels
 * come from i18n or from the answer's `…Name` field, never from a copy of the list. */
export function choices<T extends string | number>() {
  return <const V extends readonly T[]>(
    values: V & ([Exclude<T, V[number]>] extends [never] ? unknown : { missing: Exclude<T, V[number]> }),
  ): V => values;
}
