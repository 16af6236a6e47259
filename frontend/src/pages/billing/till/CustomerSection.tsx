import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccountInfo } from "../../../api/booking";
import { useMemberWithPhone, type MemberRow } from "../../../api/members";
import type { MemberCard } from "../../../api/till";
import { MemberSearchDialog } from "../../../components/members/MemberSearchDialog";
import { memberPhoneError } from "../../../components/members/rules";
import { Section } from "../../../components/layout";
import { storeDate, storeTime, storeToday } from "../../../lib/dates";
import { formatPhone } from "../../../lib/phone";
import { formatMoney } from "../../../lib/money";
import type { Customer } from "./tillRules";
import { AreaCodeSelect } from "../../../components/members/AreaCodeSelect";

const memberOf = (row: MemberRow): Customer => ({
  kind: "member",
  memId: row.memId,
  name: row.name,
  phone: row.phone,
  areaCode: row.areaCode,
});

/** Who is billed: a member chosen through the member search, or a walk-in (name and phone); a walk-in
 * phone that is a member's offers the member, as the reservation form does. */
export function CustomerSection({
  customer,
  messages,
  locked,
  cards,
  onChange,
}: {
  customer: Customer | null;
  messages: Record<string, string>;
  /** The customer came with the reservation and stays its. */
  locked: boolean;
  cards: { data?: MemberCard[]; isPending: boolean; isError: boolean };
  onChange: (customer: Customer | null) => void;
}) {
  const { t } = useTranslation("till");
  const [searching, setSearching] = useState(false);
  const walkIn = customer?.kind === "walkIn" ? customer : null;
  const complete = walkIn && memberPhoneError(walkIn.areaCode, walkIn.phone.trim()) === null ? walkIn.phone.trim() : "";
  const owner = useMemberWithPhone(walkIn?.areaCode ?? "0086", complete);
  const phoneMember = complete ? (owner.data ?? null) : null;

  return (
    <Section title={t("customer.title")}>
      {!locked ? (
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: "center" }}>
          <Button variant="outlined" onClick={() => setSearching(true)}>
            {t("customer.chooseMember")}
          </Button>
          <Button
            variant="outlined"
            disabled={customer?.kind === "walkIn"}
            onClick={() => onChange({ kind: "walkIn", name: "", areaCode: "0086", phone: "" })}
          >
            {t("customer.walkIn")}
          </Button>
        </Stack>
      ) : null}
      {messages.memId ? <Alert severity="error">{messages.memId}</Alert> : null}
      {customer === null ? <Typography color="text.secondary">{t("customer.none")}</Typography> : null}
      {customer?.kind === "member" ? <MemberFacts memId={customer.memId} customer={customer} cards={cards} /> : null}
      {walkIn ? (
        <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
          <TextField
            label={t("customer.name")}
            value={walkIn.name}
            disabled={locked}
            onChange={(event) => onChange({ ...walkIn, name: event.target.value })}
            error={Boolean(messages["walkIn.name"])}
            helperText={messages["walkIn.name"]}
          />
          <AreaCodeSelect
            label={t("customer.areaCode")}
            value={walkIn.areaCode}
            onChange={(areaCode) => onChange({ ...walkIn, areaCode })}
            sx={{ minWidth: 120 }}
          />
          <TextField
            label={t("customer.phone")}
            value={walkIn.phone}
            onChange={(event) => onChange({ ...walkIn, phone: event.target.value })}
            error={Boolean(messages["walkIn.phone"])}
            helperText={messages["walkIn.phone"]}
          />
        </Stack>
      ) : null}
      {phoneMember && !locked ? (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => onChange(memberOf(phoneMember))}>
              {t("customer.billMember")}
            </Button>
          }
        >
          {t("customer.phoneIsMember", { name: phoneMember.name })}
        </Alert>
      ) : null}
      <MemberSearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        onSelect={(row) => onChange(memberOf(row))}
      />
    </Section>
  );
}

function MemberFacts({
  memId,
  customer,
  cards,
}: {
  memId: number;
  customer: Extract<Customer, { kind: "member" }>;
  cards: { data?: MemberCard[]; isPending: boolean; isError: boolean };
}) {
  const { t } = useTranslation("till");
  const account = useAccountInfo(memId);
  const today = storeToday();
  const todays = (account.data?.upcoming ?? []).filter((reservation) => storeDate(reservation.startTime) === today);
  return (
    <Stack spacing={2}>
      <Typography>
        {customer.name} · {formatPhone(customer.areaCode, customer.phone)}
        {account.data ? ` · ${t("customer.points", { points: account.data.points })}` : ""}
      </Typography>
      <div>
        <Typography variant="subtitle2">{t("customer.today")}</Typography>
        {todays.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("customer.noReservationToday")}
          </Typography>
        ) : (
          todays.map((reservation) => (
            <Typography key={reservation.id} variant="body2">
              {storeTime(reservation.startTime)} {reservation.projects.map((project) => project.name).join("、")}{" "}
              {reservation.nurseName}
            </Typography>
          ))
        )}
      </div>
      <div>
        <Typography variant="subtitle2">{t("cards.title")}</Typography>
        {cards.isPending ? <Typography variant="body2">{t("loading")}</Typography> : null}
        {cards.isError ? <Alert severity="error">{t("cards.failed")}</Alert> : null}
        {cards.data && cards.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("cards.none")}
          </Typography>
        ) : null}
        {cards.data && cards.data.length > 0 ? (
          <Table size="small" aria-label={t("cards.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("cards.cardNo")}</TableCell>
                <TableCell>{t("cards.name")}</TableCell>
                <TableCell>{t("cards.holds")}</TableCell>
                <TableCell>{t("cards.expiresOn")}</TableCell>
                <TableCell>{t("cards.status")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {cards.data.map((card) => (
                <TableRow key={card.cardId}>
                  <TableCell>{card.cardNo}</TableCell>
                  <TableCell>{card.name}</TableCell>
                  <TableCell>
                    {card.kind === "storedValue"
                      ? t("cards.balance", { balance: formatMoney(card.balance), gift: formatMoney(card.giftBalance) })
                      : card.sessions
                          .map((sessions) => t("cards.sessions", { name: sessions.name, left: sessions.left }))
                          .join("; ")}
                  </TableCell>
                  <TableCell>{card.expiresOn}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={t(`cardStatus.${card.status}`)}
                      color={card.status === "active" ? "success" : "default"}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </div>
    </Stack>
  );
}
