/** Evaluation calls (docs/api.md "Evaluations"): the member's public page (the signed token in its
 * address is the key), and the order details page's panel with the front desk's record. */

import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import type { Schemas } from "./schema";

export type PublicVisit = Schemas["PublicVisitOutput"];
export type Evaluation = Schemas["EvaluationOutput"];
export type OrderEvaluation = Schemas["OrderEvaluationOutput"];
export type Rating = Schemas["RatingInput"];
export type EvaluationRecord = Schemas["RecordInput"];

export const SCORES = [1, 2, 3, 4, 5] as const;
export const COMMENT_MAX_LENGTH = 500;

export const evaluationKeys = {
  all: ["evaluations"] as const,
  order: (orderId: number) => ["evaluations", "order", orderId] as const,
  visit: (token: string) => ["evaluations", "visit", token] as const,
};

const publicPath = (token: string) => `/rest/evaluation/public/${encodeURIComponent(token)}`;

/** The token of the page's own address, /evaluate/<token>; "" when it names none. */
export function tokenFromPath(pathname: string): string {
  const match = pathname.match(/^\/evaluate\/([^/]+)\/?$/);
  return match?.[1] ? decodeURIComponent(match[1]) : "";
}

export function fetchVisit(token: string): Promise<PublicVisit> {
  return api.get<PublicVisit>(publicPath(token), { quiet: true });
}

export function rateVisit(token: string, rating: Rating): Promise<Evaluation> {
  return api.post<Evaluation>(publicPath(token), { body: rating, quiet: true });
}

export function fetchOrderEvaluation(orderId: number): Promise<OrderEvaluation> {
  return api.get<OrderEvaluation>("/rest/evaluation/order", { query: { orderId }, quiet: true });
}

/** The front desk records the member's rating once per submission (`idempotencyKey`). */
export function recordEvaluation(record: EvaluationRecord, idempotencyKey: string): Promise<Evaluation> {
  return api.post<Evaluation>("/rest/evaluation/record", { body: record, idempotencyKey, quiet: true });
}

export const useVisit = (token: string) =>
  useQuery({
    queryKey: evaluationKeys.visit(token),
    queryFn: () => fetchVisit(token),
    enabled: token !== "",
    retry: false,
  });

export const useOrderEvaluation = (orderId: number) =>
  useQuery({ queryKey: evaluationKeys.order(orderId), queryFn: () => fetchOrderEvaluation(orderId) });
