import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Facts, Section } from "../../../components/layout";
import { formatMoney } from "../../../lib/money";
import { sessionsFact } from "./tillRules";
import { LineRow } from "./LineRow";
import { servedNow } from "./tillRules";
import type { AccountDraft } from "./useAccountDraft";

/** The order's lines, each with its server price, card and staff; the remark under them. */
export function OrderLinesSection({ draft, onAddItem }: { draft: AccountDraft; onAddItem: () => void }) {
  const { t } = useTranslation("till");
  const { lines, messages, reservation, priced } = draft;
  return (
    <Section title={t("account.lines")}>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <Button variant="outlined" onClick={onAddItem}>
          {t("account.addItem")}
        </Button>
      </Stack>
      {reservation.data ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("account.fromReservation", { nurse: reservation.data.project.nurseName || t("account.noNurse") })}
        </Alert>
      ) : null}
      {messages.lines ? <Alert severity="error">{messages.lines}</Alert> : null}
      {lines.length === 0 ? (
        <Typography color="text.secondary">{t("account.noLines")}</Typography>
      ) : (
        <Table size="small" aria-label={t("account.lines")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("line.item")}</TableCell>
              <TableCell>{t("line.qty")}</TableCell>
              <TableCell>{t("line.card")}</TableCell>
              <TableCell>{t("line.staff")}</TableCell>
              <TableCell align="right">{t("line.amount")}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, index) => (
              <LineRow
                key={line.key}
                index={index}
                line={line}
                priced={priced.data?.lines.find((row) => row.index === index)}
                cards={draft.cards.data ?? []}
                employees={draft.employees.data?.list ?? []}
                messages={messages}
                onChange={(next) => draft.updateLine(index, next)}
                onRemove={() => draft.removeLine(index)}
                servedNow={servedNow(lines, line.key)}
                packageName={lines.find((row) => row.key === line.fromPackage)?.name}
                onServeNow={(project) => draft.serveNow(line.key, project)}
              />
            ))}
          </TableBody>
        </Table>
      )}
      <TextField
        label={t("account.remark")}
        value={draft.remark}
        onChange={(event) => draft.setRemark(event.target.value)}
        fullWidth
        multiline
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        error={Boolean(messages.remark)}
        helperText={messages.remark}
      />
    </Section>
  );
}

/** The server's live totals and discounts, what it refuses, and the commit. */
export function OrderTotalsSection({ draft }: { draft: AccountDraft }) {
  const { t } = useTranslation("till");
  const { priced, lines, pricingRefusal, general, refusal, commit } = draft;
  return (
    <Section title={t("account.totals")}>
      {priced.isFetching ? (
        <Typography variant="caption" color="text.secondary">
          {t("account.pricing")}
        </Typography>
      ) : null}
      {pricingRefusal ? <Alert severity="warning">{pricingRefusal}</Alert> : null}
      {priced.data && lines.length > 0 ? (
        <Box aria-label={t("account.totals")} role="group">
          <Facts
            items={[
              [t("totals.total"), formatMoney(priced.data.total)],
              [t("totals.discount"), formatMoney(priced.data.discount)],
              ...sessionsFact(priced.data.sessionsValue, t("totals.sessionsValue")),
              [t("totals.payable"), formatMoney(priced.data.payable)],
            ]}
          />
          {priced.data.discounts.map((discount) => (
            <Typography key={`${discount.source}-${discount.name}`} variant="body2" color="success.main">
              {t("line.discount", {
                name: discount.name || t(`source.${discount.source}`),
                amount: formatMoney(discount.amount),
              })}
            </Typography>
          ))}
        </Box>
      ) : null}
      {general.map((message) => (
        <Alert key={message} severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ))}
      {refusal ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {refusal}
        </Alert>
      ) : null}
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        disabled={draft.customer === null || lines.length === 0 || commit.isPending}
        onClick={draft.submit}
      >
        {t("account.commit")}
      </Button>
    </Section>
  );
}
