/** Staff calls (spec §2.2 /staffList, /staffDetail; §7.9 durations), query keys and hooks. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";
import { choices, type QueryOf, type Schemas } from "./schema";

export type EmployeeRow = Schemas["EmployeeRowOutput"];
export type Duration = Schemas["DurationOutput"];
export type EmployeeDetail = Schemas["EmployeeDetailOutput"];
export type Position = EmployeeRow["position"];
export const POSITIONS = choices<Position>()([
  "store_manager",
  "deputy_manager",
  "nurse",
  "front_desk",
  "stylist",
  "trainee",
]);
type SkillLevel = Exclude<EmployeeRow["skillLevel"], "">;
export const SKILL_LEVELS = choices<SkillLevel>()(["junior", "intermediate", "senior", "master"]);
export type AreaCode = EmployeeRow["areaCode"];
export const AREA_CODES = choices<AreaCode>()(["86", "852", "853"]);
export type EmployeeStatus = EmployeeRow["status"];

export type EmployeeSearch = QueryOf<"staffList_list_retrieve">;

/** The staff form's body: the schema's, with its choices narrowed to the lists above ("" not chosen yet). */
export type EmployeeInput = Omit<Schemas["EmployeeSaveInput"], "areaCode" | "position" | "skillLevel"> & {
  areaCode: AreaCode;
  position: Position | "";
  skillLevel: SkillLevel | "";
};

type DurationInput = Schemas["DurationSaveInput"];

export const staffKeys = {
  all: ["staff"] as const,
  list: (search: EmployeeSearch) => ["staff", "list", search] as const,
  detail: (id: number) => ["staff", "detail", id] as const,
};

function searchEmployees(search: EmployeeSearch): Promise<Page<EmployeeRow>> {
  return api.get<Page<EmployeeRow>>("/rest/staffList/list", {
    query: {
      pageNo: search.pageNo,
      pageSize: search.pageSize,
      keyword: search.keyword?.trim(),
      position: search.position,
      status: search.status,
    },
    quiet: true,
  });
}

function fetchEmployee(id: number): Promise<EmployeeDetail> {
  return api.get<EmployeeDetail>(`/rest/staffList/detail/${id}`, { quiet: true });
}

export function saveEmployee(input: EmployeeInput): Promise<EmployeeDetail> {
  return api.post<EmployeeDetail>("/rest/staffList/save", { body: input });
}

export function leaveEmployee(id: number, leftDate: string): Promise<EmployeeDetail> {
  return api.post<EmployeeDetail>("/rest/staffList/leave", {
    body: { id, leftDate } satisfies Schemas["EmployeeLeaveInput"],
  });
}

export function saveDuration(input: DurationInput): Promise<Duration> {
  return api.put<Duration>("/rest/staffList/saveDurationInfo", { body: input });
}

export function closeDuration(id: number): Promise<Duration> {
  return api.put<Duration>("/rest/staffList/closeDurationInfo", {
    body: { id } satisfies Schemas["DurationCloseInput"],
  });
}

export function useEmployeeSearch(search: EmployeeSearch) {
  return useQuery({
    queryKey: staffKeys.list(search),
    queryFn: () => searchEmployees(search),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: number | null) {
  return useQuery({
    queryKey: staffKeys.detail(id ?? 0),
    queryFn: () => fetchEmployee(id ?? 0),
    enabled: id !== null,
  });
}
