import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_COUPON_ISSUE,
  COUPON_STATUSES,
  cardKeys,
  issueCoupons,
  useMemberCoupons,
  type CouponStatus,
  type MemberCoupon,
} from "../../api/cards";
import { useCoupons } from "../../api/catalog";
import { newIdempotencyKey } from "../../api/client";
import { hasButtonCode } from "../../api/session";
import { FilterSelect } from "../../components/filters";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { PAGE_SIZES } from "../../lib/paging";

const NS = "cards";
const MAX_ISSUE = 20;

/** What a coupon gives: an amount off, a rate, or a free project. */
function couponValue(
  coupon: Pick<MemberCoupon, "kind" | "amount" | "rate">,
  t: (key: string, o?: Record<string, unknown>) => string,
) {
  if (coupon.kind === "A") return t("coupon.amountOff", { amount: formatMoney(coupon.amount) });
  if (coupon.kind === "B") return t("coupon.rateOff", { rate: coupon.rate });
  return t("coupon.freeProject");
}

/** The member account's coupons tab: the member's coupons by status, and issuing new ones. */
export function AccountCouponsTab({ memId, active }: { memId: number; active: boolean }) {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const [status, setStatus] = useState<CouponStatus | "">("");
  const [issuing, setIssuing] = useState(false);
  const [canIssue] = useState(() => hasButtonCode(BTN_COUPON_ISSUE));
  const result = useMemberCoupons({ memId, status, pageNo: paging.pageIndex + 1, pageSize: paging.pageSize });
  const dash = t("dash");
  const columns: PagedColumn<MemberCoupon>[] = [
    { key: "code", label: t("coupon.code"), cellSx: NOWRAP, render: (row) => row.code },
    { key: "name", label: t("coupon.name"), render: (row) => row.name },
    { key: "value", label: t("coupon.value"), render: (row) => couponValue(row, t) },
    {
      key: "valid",
      label: t("coupon.valid"),
      cellSx: NOWRAP,
      render: (row) => `${row.validFrom ?? ""} – ${row.validTo ?? ""}`,
    },
    { key: "status", label: t("coupon.status"), render: (row) => t(`couponStatus.${row.status}`) },
    {
      key: "issuedAt",
      label: t("coupon.issuedAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.issuedAt),
    },
    { key: "store", label: t("coupon.store"), render: (row) => row.storeName || dash },
  ];
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2 }}>
        <FilterSelect
          id="coupon-status-filter"
          label={t("coupon.status")}
          allLabel={t("coupon.allStatuses")}
          value={status}
          options={COUPON_STATUSES.map((value) => ({ value, label: t(`couponStatus.${value}`) }))}
          minWidth={140}
          onChange={(value) => paging.refilter(() => setStatus(value as CouponStatus | ""))}
        />
        <Box sx={{ flexGrow: 1 }} />
        {canIssue && active ? (
          <Button variant="contained" onClick={() => setIssuing(true)}>
            {t("coupon.issue")}
          </Button>
        ) : null}
      </Stack>
      <PagedTable
        label={t("coupon.title")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.couponId}
        emptyText={t("coupon.empty")}
      />
      {issuing ? <IssueDialog memId={memId} onClose={() => setIssuing(false)} /> : null}
    </>
  );
}

function IssueDialog({ memId, onClose }: { memId: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const templates = useCoupons({ enabled: "true", pageNo: 1, pageSize: 200 });
  const [key] = useState(newIdempotencyKey);
  const [templateId, setTemplateId] = useState("");
  const [count, setCount] = useState("1");
  const [tried, setTried] = useState(false);
  const countValue = Number(count);
  const countBad = !Number.isInteger(countValue) || countValue < 1 || countValue > MAX_ISSUE;
  const issue = useMutation({
    mutationFn: () => issueCoupons({ memId, templateId: Number(templateId), count: countValue }, key),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cardKeys.all });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!templateId || countBad) return;
    issue.mutate();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t("coupon.issueTitle")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              select
              label={t("coupon.template")}
              value={templateId}
              onChange={(event) => setTemplateId(event.target.value)}
              error={tried && !templateId}
              helperText={tried && !templateId ? t("coupon.templateMissing") : undefined}
            >
              {(templates.data?.list ?? []).map((template) => (
                <MenuItem key={template.id} value={String(template.id)}>
                  {`${template.name} (${couponValue(template, t)})`}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t("coupon.count")}
              value={count}
              onChange={(event) => setCount(event.target.value.trim())}
              error={tried && countBad}
              helperText={tried && countBad ? t("coupon.countRange", { max: MAX_ISSUE }) : undefined}
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("back")}</Button>
          <Button type="submit" variant="contained" disabled={issue.isPending}>
            {t("coupon.issueConfirm")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
