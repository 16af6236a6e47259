import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ApiError, newIdempotencyKey } from "../../api/client";
import {
  FREQUENCY_EXCEEDED,
  GROUP_BUY_AREA_CODES,
  PLATFORM_PENDING,
  groupBuyApi,
  groupBuyKeys,
  type FrequencyData,
  type GroupBuyAreaCode,
  type TodayReserved,
  type WriteOffAnswer,
  type WriteOffBody,
} from "../../api/groupBuy";
import { closedDayOf } from "../dayClosed/DayClosed";
import { useDebouncedPreCheck } from "./useDebouncedPreCheck";
import { useExclusiveSelection } from "./useExclusiveSelection";
import {
  RULE_FIELDS,
  RULE_KEYS,
  emptyWriteOffForm,
  writeOffBody,
  writeOffError,
  type RuleKey,
  type WriteOffFormValues,
} from "./writeOffForm";

type Fields = Omit<WriteOffFormValues, "selection">;

export interface FrequencyPrompt extends FrequencyData {
  message: string;
  /** The answer to a confirmation that was refused again (a wrong authorization code). */
  error: string | null;
}

export type Confirmation = { frequencyConfirmed?: boolean; authorizationCode?: string };

/** The write-off dialog's form: its values, the exclusive selection, the debounced pre-check, the
 * submission and what it answered (spec §4, §5, §8). */
export function useWriteOffForm(storeId: number | null) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(() => emptyWriteOffForm());
  const exclusive = useExclusiveSelection();
  const preCheck = useDebouncedPreCheck(fields.platformId, fields.checkCode, storeId);
  const [ruleError, setRuleError] = useState<RuleKey | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // The store's day is closed: the refusal offers to ask the owner to reopen it (issue 28 §2).
  const [closedDay, setClosedDay] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [frequency, setFrequency] = useState<FrequencyPrompt | null>(null);
  const [outcome, setOutcome] = useState<WriteOffAnswer | null>(null);
  // One Idempotency-Key per submitted body: a double click or a retry of the same body runs once.
  const submission = useRef<{ text: string; key: string } | null>(null);

  const values: WriteOffFormValues = { ...fields, selection: exclusive.selection };

  const write = useMutation({
    mutationFn: ({ body, key }: { body: WriteOffBody; key: string }) => groupBuyApi.writeOff(body, key),
    onSuccess: (answer) => {
      submission.current = null;
      setOutcome(answer);
      setFrequency(null);
      setFields((previous) => ({
        ...emptyWriteOffForm(previous.platformType),
        platformId: previous.platformId,
        areaCode: previous.areaCode,
      }));
      exclusive.clear();
      void queryClient.invalidateQueries({ queryKey: groupBuyKeys.all });
    },
    onError: (error, variables) => {
      const message = error.message;
      const confirming = Boolean(variables.body.frequencyConfirmed || variables.body.authorizationCode);
      if (error instanceof ApiError && error.errcode === FREQUENCY_EXCEEDED) {
        const data = (error.data ?? {}) as Partial<FrequencyData>;
        setFrequency({
          count: data.count ?? 0,
          limit: data.limit ?? 0,
          periodDays: data.periodDays ?? 0,
          message,
          error: confirming ? message : null,
        });
        return;
      }
      if (confirming && error instanceof ApiError && error.errcode.startsWith("AUTH-")) {
        // A wrong authorization code (403 AUTH-40300): asked again in the confirmation.
        setFrequency((previous) => (previous ? { ...previous, error: message } : previous));
        return;
      }
      setFrequency(null);
      if (error instanceof ApiError && error.errcode === PLATFORM_PENDING) {
        setPending(message);
        void queryClient.invalidateQueries({ queryKey: groupBuyKeys.all });
        return;
      }
      // Spec §8: the server's message in an alert and in red under the selection.
      setClosedDay(closedDayOf(error));
      setServerError(message);
    },
  });

  /** Any change clears what the last submission answered. */
  const touched = () => {
    setRuleError(null);
    setServerError(null);
    setClosedDay(null);
    setPending(null);
  };

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    touched();
    setFields((previous) => ({ ...previous, [key]: value }));
  };

  const setPlatformType = (platformType: number) => {
    touched();
    exclusive.clear();
    setFields((previous) => ({ ...previous, platformType, platformId: null }));
  };

  const setPlatform = (platformId: number) => {
    touched();
    exclusive.clear();
    setFields((previous) => ({ ...previous, platformId }));
  };

  /** A new code buys other things: the choice made for the old one goes. */
  const setCode = (checkCode: string) => {
    touched();
    if (checkCode.trim() !== fields.checkCode.trim()) exclusive.clear();
    setFields((previous) => ({ ...previous, checkCode }));
  };

  const pickReserved = (row: TodayReserved) => {
    touched();
    const areaCode = (GROUP_BUY_AREA_CODES as readonly string[]).includes(row.areaCode)
      ? (row.areaCode as GroupBuyAreaCode)
      : "0086";
    setFields((previous) => ({ ...previous, areaCode, phone: row.phone, fromReservation: true, memId: row.memId }));
  };

  const clearReserved = () => {
    touched();
    setFields((previous) => ({ ...previous, phone: "", fromReservation: false, memId: null }));
  };

  const toggle: typeof exclusive.toggle = (type, id) => {
    touched();
    exclusive.toggle(type, id);
  };

  const submit = (confirm: Confirmation = {}) => {
    const error = writeOffError(values);
    setPending(null);
    setOutcome(null);
    if (error === RULE_KEYS.selection && preCheck.error) {
      // The platform refused the code at the pre-check (used, expired, another store's…): nothing to
      // choose, so its message is what the person needs, in the alert and under the selection.
      setRuleError(null);
      setServerError(preCheck.error);
      return;
    }
    setRuleError(error);
    setServerError(null);
    if (error) return;
    const body = writeOffBody(values, confirm);
    if (storeId) body.storeId = storeId;
    const text = JSON.stringify(body);
    if (submission.current?.text !== text) submission.current = { text, key: newIdempotencyKey() };
    write.mutate({ body, key: submission.current.key });
  };

  const ruleField = ruleError ? RULE_FIELDS[ruleError] : null;

  return {
    values,
    set,
    setPlatformType,
    setPlatform,
    setCode,
    pickReserved,
    clearReserved,
    toggle,
    isSelected: exclusive.isSelected,
    preCheck,
    ruleError,
    ruleField,
    serverError,
    closedDay,
    pending,
    frequency,
    closeFrequency: () => setFrequency(null),
    outcome,
    submit,
    busy: write.isPending,
  };
}

export type WriteOffFormState = ReturnType<typeof useWriteOffForm>;
