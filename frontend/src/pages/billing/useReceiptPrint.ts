import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchFile, receiptPath } from "../../api/bills";
import { notify } from "../../lib/notices";
import { NS } from "./parts";

/** Prints an order's receipt: fetched with the session's token (a plain link would not carry it), then
 * shown by `openReceipt`; a failure is a notice, and `printing` holds the button while it runs. */
export function useReceiptPrint(orderId: number, openReceipt: (url: string) => void) {
  const { t } = useTranslation(NS);
  const [printing, setPrinting] = useState(false);
  const print = async () => {
    setPrinting(true);
    try {
      openReceipt(URL.createObjectURL(await fetchFile(receiptPath(orderId))));
    } catch (failure) {
      notify("error", failure instanceof Error && failure.message ? failure.message : t("details.printFailed"));
    } finally {
      setPrinting(false);
    }
  };
  return { printing, print };
}
