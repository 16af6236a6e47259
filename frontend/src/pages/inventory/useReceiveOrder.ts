import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { receiveOrder, stockKeys, type GoodsOrderDetail } from "../../api/goodsIn";
import { notify } from "../../lib/notices";
import { useSubmissionKey } from "../../lib/submissionKey";
import { NS, failureText } from "./parts";
import { lineForBarcode, receiveProblem, type ReceiveEntry } from "./stockRules";

/** Receiving a shipped goods order: each shipped line checked (by scanning its barcode) with its
 * batch and expiry, the problem that stops it, and the receipt, confirmed first and sent once with
 * one submission key. */
export function useReceiveOrder(order: GoodsOrderDetail, onDone: (id: number) => void) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const shipped = order.lines.filter((line) => Number(line.shippedQuantity ?? 0) > 0);
  const [entries, setEntries] = useState<Record<number, ReceiveEntry>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const entry = (lineId: number): ReceiveEntry => entries[lineId] ?? { batchNo: "", expiryDate: "", checked: false };
  const change = (lineId: number, patch: Partial<ReceiveEntry>) =>
    setEntries((previous) => ({ ...previous, [lineId]: { ...entry(lineId), ...previous[lineId], ...patch } }));
  const body = {
    id: order.id,
    lines: shipped.map((line) => ({
      lineId: line.lineId,
      ...(entry(line.lineId).batchNo.trim() ? { batchNo: entry(line.lineId).batchNo.trim() } : {}),
      ...(entry(line.lineId).expiryDate ? { expiryDate: entry(line.lineId).expiryDate } : {}),
    })),
  };
  const submission = useSubmissionKey(body);
  const checked = shipped.filter((line) => entry(line.lineId).checked).length;
  const onBarcode = (barcode: string): string | null => {
    const line = lineForBarcode(shipped, barcode);
    if (!line) return t("detail.notOnOrder", { name: barcode });
    change(line.lineId, { checked: true });
    notify("success", t("detail.scanChecked", { name: line.name }));
    return null;
  };
  const ask = () => {
    const found = receiveProblem(shipped, entries);
    setProblem(found);
    if (!found) setAsking(true);
  };
  const send = async () => {
    setBusy(true);
    try {
      const received = await receiveOrder(body, submission.key);
      submission.renew();
      notify("success", t("detail.received"));
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      onDone(received.receipt.id);
    } catch (error) {
      notify("error", failureText(error, t("export.failed")), { durationMs: 4000 });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return { shipped, entry, change, checked, onBarcode, problem, ask, asking, setAsking, busy, send };
}

export type OrderReceiving = ReturnType<typeof useReceiveOrder>;
