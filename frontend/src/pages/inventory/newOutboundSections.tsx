import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { OutboundType } from "../../api/stockOut";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LimitedTextField } from "../../components/LimitedTextField";
import { Section } from "../../components/layout";
import { formatQuantity, NS } from "./stockOutParts";
import type { NewOutboundForm, OutboundLines, ProductPicker } from "./useNewOutbound";
import { RemoveButton } from "../../components/RemoveButton";

/* The sections of the new outbound (/outboundDetail without `?id=`); the state is useNewOutbound's. */

/** The outbound's type, and what it needs: the store a loan goes to, the supplier a return goes to. */
export function OutboundTypeSection({ form }: { form: NewOutboundForm }) {
  const { t } = useTranslation(NS);
  const { type, loan, offered, targets, types } = form;
  return (
    <Section title={t("form.type")}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", gap: 2 }}>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="outbound-type">{t("form.type")}</InputLabel>
          <Select
            labelId="outbound-type"
            label={t("form.type")}
            value={type}
            onChange={(event) => form.setType(event.target.value as OutboundType)}
          >
            {(["store_use", "return", "loan_out"] as const)
              .filter((value) => value !== "loan_out" || offered.includes("loan_out") || type === "loan_out")
              .map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`types.${value}`)}
                </MenuItem>
              ))}
          </Select>
        </FormControl>
        {loan ? (
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="outbound-target">{t("form.target")}</InputLabel>
            <Select
              labelId="outbound-target"
              label={t("form.target")}
              value={form.targetId}
              onChange={(event) => form.setTargetId(String(event.target.value))}
            >
              {targets.map((target) => (
                <MenuItem key={target.id} value={String(target.id)}>
                  {target.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ) : null}
        {type === "return" ? (
          <LimitedTextField
            maxChars={100}
            size="small"
            label={t("form.supplier")}
            value={form.supplier}
            onChange={(event) => form.setSupplier(event.target.value)}
            sx={{ minWidth: 300 }}
          />
        ) : null}
      </Stack>
      {loan && types.isSuccess && targets.length === 0 ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t("form.noLoanTargets")}
        </Alert>
      ) : null}
    </Section>
  );
}

/** The scan field and the search among products in stock, each found product with its add button. */
export function ProductPickerFields({ picker, onAdd }: { picker: ProductPicker; onAdd: OutboundLines["add"] }) {
  const { t } = useTranslation(NS);
  const { query, found } = picker;
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap", gap: 2 }}>
      <TextField
        size="small"
        label={t("form.scan")}
        value={picker.scan}
        onChange={(event) => picker.setScan(event.target.value)}
        onKeyDown={(event) => void picker.onScan(event as KeyboardEvent<HTMLInputElement>)}
        error={Boolean(picker.scanError)}
        helperText={picker.scanError || t("form.scanHint")}
        slotProps={{ htmlInput: { maxLength: 32 } }}
        sx={{ minWidth: 280 }}
      />
      <Box sx={{ minWidth: 280 }}>
        <TextField
          size="small"
          label={t("form.find")}
          value={picker.keyword}
          onChange={(event) => picker.setKeyword(event.target.value)}
          onKeyDown={(event) => picker.onFind(event as KeyboardEvent<HTMLInputElement>)}
          helperText={t("form.findHint")}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          fullWidth
        />
        {query && found.data ? (
          <List dense aria-label={t("form.find")}>
            {found.data.length === 0 ? (
              <ListItem>
                <ListItemText secondary={t("form.noMatch")} />
              </ListItem>
            ) : null}
            {found.data.map((product) => (
              <ListItem
                key={product.productId}
                secondaryAction={
                  <Button size="small" onClick={() => onAdd(product)} aria-label={`${t("form.add")} ${product.name}`}>
                    {t("form.add")}
                  </Button>
                }
              >
                <ListItemText
                  primary={product.name}
                  secondary={`${product.code} · ${t("fields.stock")} ${formatQuantity(product.stock)} ${product.unit}`}
                />
              </ListItem>
            ))}
          </List>
        ) : null}
      </Box>
    </Stack>
  );
}

/** The lines with their editable quantities; a quantity over the stock is flagged, not refused. */
export function OutboundLinesTable({ lines }: { lines: OutboundLines }) {
  const { t } = useTranslation(NS);
  if (lines.lines.length === 0) return <Typography color="text.secondary">{t("form.noLines")}</Typography>;
  return (
    <Table size="small" aria-label={t("detail.lines")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("fields.product")}</TableCell>
          <TableCell>{t("fields.code")}</TableCell>
          <TableCell align="right">{t("fields.stock")}</TableCell>
          <TableCell align="right">{t("fields.quantity")}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.lines.map((line, index) => {
          const over = Number(line.quantity) > Number(line.product.stock);
          return (
            <TableRow key={line.product.productId} data-testid={`outbound-line-${line.product.productId}`}>
              <TableCell>{line.product.name}</TableCell>
              <TableCell>{line.product.code}</TableCell>
              <TableCell align="right">{`${formatQuantity(line.product.stock)} ${line.product.unit}`}</TableCell>
              <TableCell align="right">
                <TextField
                  size="small"
                  type="number"
                  label={`${t("fields.quantity")} ${line.product.name}`}
                  value={line.quantity}
                  onChange={(event) => lines.setQuantity(index, event.target.value)}
                  error={over}
                  helperText={over ? t("form.overStock") : undefined}
                  slotProps={{ htmlInput: { min: 0, step: "any" } }}
                  sx={{ width: 150 }}
                />
              </TableCell>
              <TableCell>
                <RemoveButton label={`${t("form.remove")} ${line.product.name}`} onClick={() => lines.remove(index)} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The refusal, the submit button and its confirmation (a loan names the store it goes to). */
export function OutboundSubmit({ form }: { form: NewOutboundForm }) {
  const { t } = useTranslation(NS);
  const { loan, lines, busy } = form;
  const quantity = formatQuantity(lines.total);
  return (
    <>
      {form.refusal ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {form.refusal}
        </Alert>
      ) : null}
      {loan && !form.targetId && lines.lines.length > 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t("form.noTarget")}
        </Typography>
      ) : null}
      <Button variant="contained" disabled={!form.valid || busy} onClick={() => form.setAsking(true)}>
        {t("form.submit")}
      </Button>
      <ConfirmDialog
        open={form.asking}
        title={t("form.confirmTitle")}
        message={
          loan
            ? t("form.confirmLoan", { count: lines.lines.length, quantity, store: form.targetName })
            : t("form.confirmText", { count: lines.lines.length, quantity })
        }
        busy={busy}
        onConfirm={() => void form.submit()}
        onCancel={() => form.setAsking(false)}
      />
    </>
  );
}
