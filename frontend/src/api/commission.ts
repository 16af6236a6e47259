/** Staff commission calls (docs/api.md "Staff commission"): plans and their versions, a store's month
 * and closing it. Keys start with "commission". */

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, newIdempotencyKey } from "./client";
import { choices, type Schemas } from "./schema";

/** The button codes of the commission pages (docs/api.md "Role codes"). */
export const BTN_COMMISSION_PLAN = "BTN-TCGL-PLAN";
export const BTN_COMMISSION_CLOSE = "BTN-TCGL-PERIOD-CLOSE";

export type Plan = Schemas["CommissionPlanOutput"];
export type PlanDetail = Schemas["CommissionPlanDetailOutput"];
export type PlanVersion = Schemas["CommissionPlanVersionOutput"];
export type PlanCreate = Schemas["CommissionPlanCreateInput"];
export type VersionInput = Schemas["CommissionVersionInput"];
export type Period = Schemas["CommissionPeriodOutput"];
export type StaffFigure = Schemas["CommissionStaffFigureOutput"];

export const TIER_MODES = choices<VersionInput["tierMode"]>()(["whole", "above"]);
export const POSITIONS = choices<PlanCreate["position"]>()([
  "nurse",
  "store_manager",
  "deputy_manager",
  "front_desk",
  "stylist",
  "trainee",
]);
export const CREDIT_KINDS = choices<PlanCreate["kind"]>()(["service", "sale", "cardSale", "cardConsumption"]);

const keys = {
  all: ["commission"] as const,
  plans: () => ["commission", "plans"] as const,
  plan: (id: number) => ["commission", "plan", id] as const,
  period: (storeId: string, month: string) => ["commission", "period", storeId, month] as const,
};

export function usePlans() {
  return useQuery({
    queryKey: keys.plans(),
    queryFn: () => api.get<Plan[]>("/rest/commission/plans", { quiet: true }),
  });
}

export function usePlan(id: number | null) {
  return useQuery({
    queryKey: keys.plan(id ?? 0),
    queryFn: () => api.get<PlanDetail>(`/rest/commission/plan/${id}`, { quiet: true }),
    enabled: id !== null,
  });
}

export function useCreatePlan(onDone: (plan: PlanDetail) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanCreate) =>
      api.post<PlanDetail>("/rest/commission/plans", { body, idempotencyKey: newIdempotencyKey() }),
    onSuccess: async (plan) => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
      onDone(plan);
    },
  });
}

export function useNewVersion(planId: number, onDone: (plan: PlanDetail) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VersionInput) =>
      api.post<PlanDetail>(`/rest/commission/plan/${planId}/version`, {
        body,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: async (plan) => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
      onDone(plan);
    },
  });
}

export function usePeriod(storeId: string, month: string) {
  return useQuery({
    queryKey: keys.period(storeId, month),
    queryFn: () => api.get<Period>("/rest/commission/periods", { query: { storeId, month }, quiet: true }),
    enabled: /^\d{4}-\d{2}$/.test(month),
  });
}

export function useClosePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, month }: { storeId: string; month: string }) =>
      api.post<Period>("/rest/commission/period/close", {
        body: storeId ? { storeId: Number(storeId), month } : { month },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}
