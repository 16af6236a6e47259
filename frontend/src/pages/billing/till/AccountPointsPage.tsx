import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MemberRow } from "../../../api/members";
import {
  commitPointsOrder,
  useDraftPrice,
  useItemSearch,
  type PointsDraftLine,
  type PointsItemType,
  type SellableItem,
} from "../../../api/pointsExchange";
import { formatMoney } from "../../../lib/money";
import { DetailError, Loading } from "../../../components/feedback";
import { Facts, PageFrame, Section } from "../../../components/layout";
import { MemberPicker } from "../../../components/members/MemberPicker";
import { mountIsland } from "../../../islands/mount";
import { useSubmissionKey } from "../../../lib/submissionKey";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { LinesTable, PAYMENT_ROUTE } from "./pointsParts";
import { RemoveButton } from "../../../components/RemoveButton";

const ITEM_TYPES: readonly PointsItemType[] = ["product", "project"];

interface ChosenLine extends PointsDraftLine {
  name: string;
}

/** /accountPoints (积分开单, ERP-KDJC-PAG-0003-0000): a member chooses products or projects to take
 * for points; the server prices the draft in points beside the member's balance, and the order is
 * committed (unpaid) for /paymentPoints to pay by points. */
export function AccountPointsPage({ navigate = (href: string) => window.location.assign(href) }) {
  const { t } = useTranslation("pointsExchange");
  const [member, setMember] = useState<MemberRow | null>(null);
  const [lines, setLines] = useState<ChosenLine[]>([]);
  const [asking, setAsking] = useState(false);
  const draftLines = lines.map(({ type, itemId, qty }) => ({ type, itemId, qty }));
  const price = useDraftPrice(member?.memId ?? null, draftLines);
  const submission = useSubmissionKey({ memId: member?.memId, draftLines });

  const commit = useMutation({
    mutationFn: () => commitPointsOrder(member?.memId ?? 0, draftLines, submission.key),
    onSuccess: (order) => navigate(`${PAYMENT_ROUTE}?orderId=${order.orderId}`),
    onError: () => setAsking(false),
  });

  const add = (type: PointsItemType, item: SellableItem) =>
    setLines((previous) => {
      const found = previous.find((line) => line.type === type && line.itemId === item.id);
      if (found) return previous.map((line) => (line === found ? { ...line, qty: line.qty + 1 } : line));
      return [...previous, { type, itemId: item.id, qty: 1, name: item.name }];
    });
  const setQty = (index: number, qty: number) =>
    setLines((previous) => previous.map((line, at) => (at === index ? { ...line, qty } : line)));

  return (
    <PageFrame title={t("account.title")}>
      <Section title={t("account.member")}>
        <MemberPicker member={member} onChange={setMember} chooseLabel={t("chooseMember")} />
      </Section>
      <Section title={t("account.items")}>
        <ItemSearch onAdd={add} />
        {lines.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t("account.noItems")}
          </Typography>
        ) : (
          <List dense aria-label={t("account.chosen")}>
            {lines.map((line, index) => (
              <ListItem
                key={`${line.type}-${line.itemId}`}
                secondaryAction={
                  <RemoveButton
                    label={t("account.remove", { name: line.name })}
                    onClick={() => setLines((previous) => previous.filter((_, at) => at !== index))}
                  />
                }
              >
                <ListItemText primary={line.name} secondary={t(`types.${line.type}`)} />
                <TextField
                  size="small"
                  type="number"
                  label={t("lines.qty")}
                  value={line.qty}
                  onChange={(event) => setQty(index, Math.min(999, Math.max(1, Number(event.target.value) || 1)))}
                  sx={{ width: 90, mr: 6 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      {member && lines.length > 0 ? (
        <Section title={t("account.price")}>
          {price.isPending ? (
            <Loading />
          ) : price.isError ? (
            <DetailError message={price.error.message} onRetry={() => void price.refetch()} />
          ) : (
            <>
              <LinesTable lines={price.data.lines} label={t("account.priced")} />
              <Facts
                items={[
                  [t("account.payable"), formatMoney(price.data.payable)],
                  [t("account.pointsPrice"), t("account.points", { points: price.data.points })],
                  [t("account.rate"), t("account.rateText", { rate: price.data.pointsPerYuan })],
                  [t("account.balance"), t("account.points", { points: price.data.memberPoints })],
                ]}
              />
              {price.data.enough ? null : (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  {t("account.short", { points: price.data.points, balance: price.data.memberPoints })}
                </Alert>
              )}
              <Button
                variant="contained"
                sx={{ mt: 2 }}
                disabled={!price.data.enough || price.isFetching}
                onClick={() => setAsking(true)}
              >
                {t("account.commit")}
              </Button>
            </>
          )}
        </Section>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t("account.confirmTitle")}
        message={t("account.confirm", { name: member?.name ?? "", points: price.data?.points ?? 0 })}
        busy={commit.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => commit.mutate()}
      />
    </PageFrame>
  );
}

function ItemSearch({ onAdd }: { onAdd: (type: PointsItemType, item: SellableItem) => void }) {
  const { t } = useTranslation("pointsExchange");
  const [type, setType] = useState<PointsItemType>("product");
  const [keyword, setKeyword] = useState("");
  const items = useItemSearch(type, keyword.trim());
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2}>
        <TextField
          select
          size="small"
          label={t("account.kind")}
          value={type}
          onChange={(event) => setType(event.target.value as PointsItemType)}
          sx={{ minWidth: 140 }}
        >
          {ITEM_TYPES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`types.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t("account.keyword")}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
      </Stack>
      {items.isError ? (
        <DetailError message={items.error.message} onRetry={() => void items.refetch()} />
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
          {(items.data ?? []).map((item) => (
            <Button
              key={item.id}
              size="small"
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => onAdd(type, item)}
            >
              {t("account.itemButton", { name: item.name, price: formatMoney(item.effectivePrice) })}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

mountIsland(<AccountPointsPage />);
