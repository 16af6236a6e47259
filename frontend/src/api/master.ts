/** Master lists (spec §7.6, docs/api.md "Master data"): `[{id, code, name}]`, enabled rows in order. */

import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import type { Schemas } from "./schema";

type MasterItem = Schemas["MasterItemOutput"];

const PATHS = {
  gender: "/rest/master/findGender",
  memSource: "/rest/master/findMemSource",
  occupation: "/rest/master/findOccupation",
  income: "/rest/master/findIncome",
  staffEducation: "/rest/master/findStaffEducation",
  maritalStatus: "/rest/master/findMaritalStatus",
} as const;

export type MasterKind = keyof typeof PATHS;

const masterKeys = {
  list: (kind: MasterKind) => ["master", kind] as const,
};

function fetchMasterList(kind: MasterKind): Promise<MasterItem[]> {
  return api.get<MasterItem[]>(PATHS[kind], { quiet: true });
}

/** A master list; it changes only in head office's admin, so one read per page is enough. */
export function useMasterList(kind: MasterKind) {
  return useQuery({ queryKey: masterKeys.list(kind), queryFn: () => fetchMasterList(kind), staleTime: Infinity });
}
