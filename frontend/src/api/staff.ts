/** Staff calls (spec §2.2 /staffList, /staffDetail; §7.9 durations), query keys and hooks. */

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, type Page } from "./client";

export const POSITIONS = ["store_manager", "deputy_manager", "nurse", "front_desk", "stylist", "trainee"] as const;
export type Position = (typeof POSITIONS)[number];
export const SKILL_LEVELS = ["junior", "intermediate", "senior", "master"] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export const AREA_CODES = ["86", "852", "853"] as const;
export type AreaCode = (typeof AREA_CODES)[number];
export type EmployeeStatus = "active" | "left";

export interface EmployeeRow {
  id: number;
  storeId: number;
  storeName: string;
  name: string;
  areaCode: AreaCode;
  /** Masked in the list, whole in the detail. */
  phone: string;
  position: Position;
  positionName: string;
  skillLevel: SkillLevel | "";
  skillLevelName: string;
  hireDate: string;
  status: EmployeeStatus;
  statusName: string;
  leftDate: string | null;
  userId: number | null;
  userAccount: string;
  roles: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Duration {
  id: number;
  projectId: number | null;
  category: string;
  minutes: number;
  updatedAt: string;
}

export interface EmployeeDetail extends EmployeeRow {
  durations: Duration[];
}

export interface EmployeeSearch {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  position?: Position | "";
  status?: EmployeeStatus | "";
}

export interface EmployeeInput {
  id?: number;
  name: string;
  areaCode: AreaCode;
  phone: string;
  position: Position | "";
  skillLevel: SkillLevel | "";
  hireDate: string | null;
}

export interface DurationInput {
  employeeId: number;
  projectId?: number | null;
  category?: string;
  minutes: number;
}

export const staffKeys = {
  all: ["staff"] as const,
  list: (search: EmployeeSearch) => ["staff", "list", search] as const,
  detail: (id: number) => ["staff", "detail", id] as const,
};

export function searchEmployees(search: EmployeeSearch): Promise<Page<EmployeeRow>> {
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

export function fetchEmployee(id: number): Promise<EmployeeDetail> {
  return api.get<EmployeeDetail>(`/rest/staffList/detail/${id}`, { quiet: true });
}

export function saveEmployee(input: EmployeeInput): Promise<EmployeeDetail> {
  return api.post<EmployeeDetail>("/rest/staffList/save", { body: input });
}

export function leaveEmployee(id: number, leftDate: string): Promise<EmployeeDetail> {
  return api.post<EmployeeDetail>("/rest/staffList/leave", { body: { id, leftDate } });
}

export function saveDuration(input: DurationInput): Promise<Duration> {
  return api.put<Duration>("/rest/staffList/saveDurationInfo", { body: input });
}

export function closeDuration(id: number): Promise<Duration> {
  return api.put<Duration>("/rest/staffList/closeDurationInfo", { body: { id } });
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
