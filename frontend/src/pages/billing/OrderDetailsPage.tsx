import PrintIcon from "@mui/icons-material/Print";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  CREDIT_MOVE_CODE,
  billKeys,
  cancelOrder,
  cancellable,
  fetchFile,
  paymentHref,
  receiptPath,
  takesPayment,
  useDrawnSessions,
  useOrder,
  staffChangeable,
  useSignatureImage,
  type OrderDetail,
  type OrderLine,
} from "../../api/bills";
import { newIdempotencyKey } from "../../api/client";
import { BTN_REFUND, refundDetailHref, refundable, returnHref } from "../../api/refunds";
import { hasButtonCode } from "../../api/session";
import { DetailError, Loading, detailFailure } from "../../components/feedback";
import { BackLink, Facts, PageFrame, Section } from "../../components/layout";
import { NOWRAP } from "../../components/PagedTable";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { formatDateTime } from "../../lib/format";
import { notify } from "../../shell/notices";
import { OrderStatusChip } from "../../components/billing/orders";
import { formatMoney } from "../../lib/money";
import { NS } from "./parts";
import { StaffChangeDialog } from "./StaffChangeDialog";

const LIST_ROUTE = "/billingList";
const accountHref = (memId: number) => `/personalAccount?memId=${memId}`;

interface OrderDetailsPageProps {
  search?: string;
  navigate?: (url: string) => void;
  /** Shows the receipt (an HTML page) in a tab of its own. */
  openReceipt?: (url: string) => void;
}

/** /orderDetails?orderId= (ERP-KDJC-PAG-0006-0000): one order's head, lines with their discounts and
 * staff, tenders, the package sessions it drew, the member's signature and the totals; print the
 * receipt, cancel an unpaid order, or take the rest of the payment. */
export function OrderDetailsPage({
  search = window.location.search,
  navigate = (url) => window.location.assign(url),
  openReceipt = (url) => void window.open(url, "_blank", "noopener"),
}: OrderDetailsPageProps) {
  const { t } = useTranslation(NS);
  const [orderId] = useState(() => idFromSearch(search, "orderId"));
  const order = useOrder(orderId);
  return (
    <PageFrame wide title={t("details.title")}>
      <BackLink href={LIST_ROUTE}>{t("details.back")}</BackLink>
      {orderId === null ? (
        <Alert severity="warning">{t("details.missingId")}</Alert>
      ) : order.isPending ? (
        <Loading />
      ) : order.isError ? (
        <DetailError message={detailFailure(order.error, t("details.notFound"))} onRetry={() => void order.refetch()} />
      ) : (
        <OrderView order={order.data} navigate={navigate} openReceipt={openReceipt} />
      )}
    </PageFrame>
  );
}

function OrderView({
  order,
  navigate,
  openReceipt,
}: {
  order: OrderDetail;
  navigate: (url: string) => void;
  openReceipt: (url: string) => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const dash = t("dash");
  const [cancelling, setCancelling] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [canRefund] = useState(() => hasButtonCode(BTN_REFUND));
  const print = async () => {
    setPrinting(true);
    try {
      openReceipt(URL.createObjectURL(await fetchFile(receiptPath(order.orderId))));
    } catch (failure) {
      notify("error", failure instanceof Error && failure.message ? failure.message : t("details.printFailed"));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <>
      <Section title={t("details.head")}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap", rowGap: 1 }}>
          <Typography variant="h6" component="p">
            {order.orderNo}
          </Typography>
          <OrderStatusChip status={order.status} label={order.statusName} />
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="outlined" startIcon={<PrintIcon />} disabled={printing} onClick={() => void print()}>
            {t("details.print")}
          </Button>
          {cancellable(order) ? (
            <Button variant="outlined" color="error" onClick={() => setCancelling(true)}>
              {t("details.cancel")}
            </Button>
          ) : null}
          {takesPayment(order) ? (
            <Button variant="contained" onClick={() => navigate(paymentHref(order.orderId))}>
              {t("details.pay")}
            </Button>
          ) : null}
          {canRefund && refundable(order) ? (
            <Button variant="outlined" color="error" onClick={() => navigate(returnHref(order.orderId))}>
              {t("refunds:order.refund")}
            </Button>
          ) : null}
        </Stack>
        <Facts
          items={[
            [
              t("fields.customer"),
              order.memId !== null ? (
                <Link href={accountHref(order.memId)} underline="hover">
                  {order.name}
                </Link>
              ) : (
                `${order.name} (${t("walkIn")})`
              ),
            ],
            [t("fields.phone"), order.phone || dash],
            [t("details.businessDate"), order.businessDate],
            [t("fields.createdAt"), formatDateTime(order.createdAt, i18n.language)],
            [t("details.paidAt"), formatDateTime(order.paidAt, i18n.language) || dash],
            [t("fields.operator"), order.operatorName || dash],
            [t("details.remark"), order.remark || dash],
          ]}
        />
      </Section>
      <Lines order={order} />
      <Tenders order={order} />
      <Drawn orderId={order.orderId} />
      <Refunds order={order} />
      <Section title={t("details.totals")}>
        <Facts
          items={[
            [t("fields.total"), formatMoney(order.total)],
            [t("fields.discount"), formatMoney(order.discount)],
            [t("fields.payable"), formatMoney(order.payable)],
            [t("fields.paid"), formatMoney(order.paid)],
            [t("fields.due"), formatMoney(order.due)],
          ]}
        />
      </Section>
      {order.signed ? <Signature orderId={order.orderId} /> : null}
      {cancelling ? <CancelDialog order={order} onClose={() => setCancelling(false)} /> : null}
    </>
  );
}

function SimpleTable({ label, heads, children }: { label: string; heads: readonly ReactNode[]; children: ReactNode }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {heads.map((head, index) => (
              <TableCell key={index} sx={NOWRAP}>
                {head}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

function Lines({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(NS);
  const [changing, setChanging] = useState<OrderLine | null>(null);
  const changeable = staffChangeable(order, hasButtonCode(CREDIT_MOVE_CODE));
  return (
    <Section title={t("details.lines")}>
      <SimpleTable
        label={t("details.lines")}
        heads={[
          t("line.name"),
          t("line.type"),
          t("line.qty"),
          t("line.unitPrice"),
          t("fields.discount"),
          t("line.amount"),
          t("line.discounts"),
          t("line.staff"),
          ...(changeable ? [""] : []),
        ]}
      >
        {order.lines.map((line) => (
          <TableRow key={line.orderLineId}>
            <TableCell>
              {line.name}
              {line.takeLater ? <Chip size="small" sx={{ ml: 1 }} label={t("line.takeLater")} /> : null}
            </TableCell>
            <TableCell>{t(`lineType.${line.type}`, { defaultValue: line.type })}</TableCell>
            <TableCell>{line.qty}</TableCell>
            <TableCell>{formatMoney(line.unitPrice)}</TableCell>
            <TableCell>{formatMoney(line.discount)}</TableCell>
            <TableCell>{formatMoney(line.amount)}</TableCell>
            <TableCell>
              {line.discounts.length
                ? line.discounts.map((d) => `${d.name} -${formatMoney(d.amount)}`).join("; ")
                : t("dash")}
            </TableCell>
            <TableCell>
              {line.staff.length
                ? line.staff.map((s) => `${s.name} ${Math.round(Number(s.share) * 100)}%`).join("; ")
                : t("dash")}
            </TableCell>
            {changeable ? (
              <TableCell>
                <Button size="small" onClick={() => setChanging(line)}>
                  {t("staffChange.open", { name: line.name })}
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </SimpleTable>
      {changing ? <StaffChangeDialog order={order} line={changing} onClose={() => setChanging(null)} /> : null}
    </Section>
  );
}

function Tenders({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation(NS);
  const dash = t("dash");
  return (
    <Section title={t("details.tenders")}>
      {order.tenders.length === 0 ? (
        <Typography color="text.secondary">{t("details.noTenders")}</Typography>
      ) : (
        <SimpleTable
          label={t("details.tenders")}
          heads={[
            t("tender.method"),
            t("tender.amount"),
            t("tender.cardNo"),
            t("tender.points"),
            t("tender.received"),
            t("tender.change"),
            t("fields.operator"),
            t("tender.time"),
          ]}
        >
          {order.tenders.map((tender) => (
            <TableRow key={tender.tenderId}>
              <TableCell>
                {tender.methodName}
                {tender.status !== "succeeded" ? ` (${t(`tenderStatus.${tender.status}`)})` : ""}
              </TableCell>
              <TableCell>{formatMoney(tender.amount)}</TableCell>
              <TableCell>{tender.cardNo || dash}</TableCell>
              <TableCell>{tender.points ?? dash}</TableCell>
              <TableCell>{tender.received ? formatMoney(tender.received) : dash}</TableCell>
              <TableCell>{tender.change ? formatMoney(tender.change) : dash}</TableCell>
              <TableCell>{tender.operatorName || dash}</TableCell>
              <TableCell sx={NOWRAP}>{formatDateTime(tender.createdAt, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      )}
    </Section>
  );
}

function Refunds({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation(NS);
  const title = t("refunds:order.refunds");
  return (
    <Section title={title}>
      {order.refunds.length === 0 ? (
        <Typography color="text.secondary">{t("refunds:order.noRefunds")}</Typography>
      ) : (
        <SimpleTable
          label={title}
          heads={[
            t("refunds:list.refundNo"),
            t("refunds:list.createdAt"),
            t("refunds:list.amount"),
            t("refunds:detail.tenders"),
            t("refunds:list.reason"),
            t("refunds:list.operator"),
          ]}
        >
          {order.refunds.map((refund) => (
            <TableRow key={refund.recedeId}>
              <TableCell>
                <Link href={refundDetailHref(refund.recedeId)} underline="hover">
                  {refund.refundNo}
                </Link>
              </TableCell>
              <TableCell sx={NOWRAP}>{formatDateTime(refund.createdAt, i18n.language)}</TableCell>
              <TableCell>{formatMoney(refund.amount)}</TableCell>
              <TableCell>
                {refund.tenders
                  .map((tender) =>
                    tender.method === "sessions"
                      ? `${tender.methodName} ${tender.sessions ?? 0}`
                      : `${tender.methodName} ${formatMoney(tender.amount)}${
                          tender.status === "succeeded" ? "" : ` (${t(`refunds:detail.statuses.${tender.status}`)})`
                        }`,
                  )
                  .join("; ")}
              </TableCell>
              <TableCell>{refund.reason}</TableCell>
              <TableCell>{refund.operatorName || t("dash")}</TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      )}
    </Section>
  );
}

function Drawn({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation(NS);
  const drawn = useDrawnSessions(orderId);
  return (
    <Section title={t("details.sessions")}>
      {drawn.isPending ? (
        <Loading />
      ) : drawn.isError ? (
        <DetailError message={drawn.error.message} onRetry={() => void drawn.refetch()} />
      ) : drawn.data.length === 0 ? (
        <Typography color="text.secondary">{t("details.noSessions")}</Typography>
      ) : (
        <SimpleTable
          label={t("details.sessions")}
          heads={[t("tender.cardNo"), t("session.project"), t("session.count"), t("session.left"), t("tender.time")]}
        >
          {drawn.data.map((row, index) => (
            <TableRow key={`${row.cardId}-${row.projectId}-${index}`}>
              <TableCell>{row.cardNo}</TableCell>
              <TableCell>{row.projectName}</TableCell>
              <TableCell>{row.sessions}</TableCell>
              <TableCell>{row.sessionsLeft}</TableCell>
              <TableCell sx={NOWRAP}>{formatDateTime(row.createdAt, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      )}
    </Section>
  );
}

function Signature({ orderId }: { orderId: number }) {
  const { t } = useTranslation(NS);
  const image = useSignatureImage(orderId, true);
  return (
    <Section title={t("details.signature")}>
      {image.isPending ? (
        <Loading />
      ) : image.isError ? (
        <DetailError message={image.error.message} onRetry={() => void image.refetch()} />
      ) : (
        <Box
          component="img"
          src={image.data}
          alt={t("details.signature")}
          sx={{ maxWidth: 320, border: 1, borderColor: "divider" }}
        />
      )}
    </Section>
  );
}

function CancelDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  // One key for this confirmation: a double click or a retry cancels once.
  const [key] = useState(newIdempotencyKey);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.orderId, key),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billKeys.all });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("details.cancelTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("details.cancelText", { orderNo: order.orderNo })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("back")}</Button>
        <Button color="error" variant="contained" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {t("details.cancelConfirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

mountIsland(<OrderDetailsPage />);
