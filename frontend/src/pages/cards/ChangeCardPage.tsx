import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cardKeys, type HeldCard, type MemberCard } from "../../api/cards";
import {
  BTN_CARD_CHANGE,
  BTN_CARD_UPGRADE,
  changeCard,
  isUsable,
  upgradeCard,
  useChangePreview,
  useStoredValueTypes,
  type CardChangeResult,
  type CardType,
} from "../../api/cardOperations";
import type { MemberRow } from "../../api/members";
import { hasButtonCode } from "../../api/session";
import { DetailError, Loading } from "../../components/feedback";
import { Facts, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { MemberPicker } from "../../components/members/MemberPicker";
import { useSubmissionKey } from "../../lib/submissionKey";
import { CardFacts, CardSelect, NoCodeNote } from "./parts";
import { useMemberCards } from "../../api/cards";
import { formatMoney } from "../../lib/money";

const storedValue = (card: MemberCard) => card.kind === "storedValue" && isUsable(card);

type Asking = "change" | "upgrade" | null;

/** /changeCard (换卡, ERP-HYGL-PAG-0003-0000): a member's stored-value card becomes a new card of
 * another type, carrying its value times the old-card coefficient (the server's preview shows what
 * is lost); or, by an upgrade, the same card takes a higher type it already holds the price of. */
export function ChangeCardPage() {
  const { t } = useTranslation("cardOperations");
  const queryClient = useQueryClient();
  const [canChange] = useState(() => hasButtonCode(BTN_CARD_CHANGE));
  const [canUpgrade] = useState(() => hasButtonCode(BTN_CARD_UPGRADE));
  const [member, setMember] = useState<MemberRow | null>(null);
  const [cardId, setCardId] = useState<number | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [changed, setChanged] = useState<CardChangeResult | null>(null);
  const [upgraded, setUpgraded] = useState<HeldCard | null>(null);
  const cards = useMemberCards(member?.memId ?? null);
  const types = useStoredValueTypes();
  const preview = useChangePreview(cardId, typeId);
  const submission = useSubmissionKey({ cardId, typeId });

  const card = cards.data?.find((row) => row.cardId === cardId) ?? null;
  const type = types.data?.find((row) => row.id === typeId) ?? null;
  const targets = (types.data ?? []).filter((row) => row.id !== card?.cardTypeId);

  const done = async () => {
    setAsking(null);
    setCardId(null);
    setTypeId(null);
    submission.renew();
    await queryClient.invalidateQueries({ queryKey: cardKeys.all });
  };
  const change = useMutation({
    mutationFn: () => changeCard(cardId ?? 0, typeId ?? 0, `${submission.key}-change`),
    onSuccess: async (result) => {
      setChanged(result);
      setUpgraded(null);
      await done();
    },
    onError: () => setAsking(null),
  });
  const upgrade = useMutation({
    mutationFn: () => upgradeCard(cardId ?? 0, typeId ?? 0, `${submission.key}-upgrade`),
    onSuccess: async (result) => {
      setUpgraded(result);
      setChanged(null);
      await done();
    },
    onError: () => setAsking(null),
  });

  return (
    <PageFrame title={t("change.title")}>
      <Section title={t("change.card")}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 2 }}>
          <MemberPicker
            member={member}
            onChange={(row) => {
              setMember(row);
              setCardId(null);
              setChanged(null);
              setUpgraded(null);
            }}
            chooseLabel={t("chooseMember")}
          />
          {member ? (
            cards.isPending ? (
              <Loading />
            ) : cards.isError ? (
              <DetailError message={cards.error.message} onRetry={() => void cards.refetch()} />
            ) : cards.data.some(storedValue) ? (
              <CardSelect
                label={t("change.storedValueCard")}
                cards={cards.data}
                value={cardId}
                onChange={(id) => {
                  setCardId(id);
                  setTypeId(null);
                }}
                allowed={storedValue}
              />
            ) : (
              <Typography color="text.secondary">{t("change.noStoredValue")}</Typography>
            )
          ) : null}
        </Stack>
        {card ? (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <CardFacts card={card} />
            {types.isError ? (
              <DetailError message={types.error.message} onRetry={() => void types.refetch()} />
            ) : (
              <TextField
                select
                size="small"
                label={t("change.newType")}
                value={typeId ?? ""}
                onChange={(event) => setTypeId(Number(event.target.value))}
                disabled={types.isPending}
                sx={{ maxWidth: 360 }}
              >
                {targets.map((row) => (
                  <MenuItem key={row.id} value={row.id}>
                    {t("change.typeOption", { name: row.name, price: formatMoney(row.effectivePrice) })}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        ) : null}
      </Section>

      {card && type ? (
        <Section title={t("change.previewTitle")}>
          {preview.isPending ? (
            <Loading />
          ) : preview.isError ? (
            <DetailError message={preview.error.message} onRetry={() => void preview.refetch()} />
          ) : (
            <>
              <Facts
                items={[
                  [t("change.oldValue"), formatMoney(preview.data.oldValue)],
                  [t("change.coefficient"), preview.data.coefficient],
                  [
                    t("change.newValue"),
                    t("change.withGift", {
                      value: formatMoney(preview.data.newValue),
                      gift: formatMoney(preview.data.newGiftBalance),
                    }),
                  ],
                  [t("change.difference"), formatMoney(preview.data.difference)],
                ]}
              />
              <Alert severity={Number(preview.data.difference) > 0 ? "warning" : "info"} sx={{ mt: 2 }}>
                {t("change.differenceNote", { difference: formatMoney(preview.data.difference) })}
              </Alert>
            </>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            {canChange ? (
              <Button variant="contained" disabled={!preview.isSuccess} onClick={() => setAsking("change")}>
                {t("change.submit")}
              </Button>
            ) : null}
            {canUpgrade ? (
              <Button variant="outlined" onClick={() => setAsking("upgrade")}>
                {t("upgrade.submit")}
              </Button>
            ) : null}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t("upgrade.rule", { price: formatMoney(type.effectivePrice) })}
          </Typography>
          {canChange ? null : <NoCodeNote action={t("change.title")} code={BTN_CARD_CHANGE} />}
          {canUpgrade ? null : <NoCodeNote action={t("upgrade.title")} code={BTN_CARD_UPGRADE} />}
        </Section>
      ) : null}

      {changed ? <ChangeResult result={changed} /> : null}
      {upgraded ? (
        <Section title={t("result")}>
          <Alert severity="success" sx={{ mb: 2 }}>
            {t("upgrade.done", { cardNo: upgraded.cardNo, name: upgraded.name })}
          </Alert>
          <CardFacts card={upgraded} />
        </Section>
      ) : null}

      <ConfirmDialog
        open={asking === "change"}
        title={t("change.confirmTitle")}
        message={
          card && type && preview.data
            ? t("change.confirm", {
                cardNo: card.cardNo,
                name: type.name,
                oldValue: formatMoney(preview.data.oldValue),
                newValue: formatMoney(preview.data.newValue),
                difference: formatMoney(preview.data.difference),
              })
            : ""
        }
        busy={change.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => change.mutate()}
      />
      <ConfirmDialog
        open={asking === "upgrade"}
        title={t("upgrade.confirmTitle")}
        message={card && type ? upgradeMessage(t, card, type) : ""}
        busy={upgrade.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => upgrade.mutate()}
      />
    </PageFrame>
  );
}

function upgradeMessage(t: (key: string, values: Record<string, string>) => string, card: MemberCard, type: CardType) {
  return t("upgrade.confirm", {
    cardNo: card.cardNo,
    from: card.name,
    name: type.name,
    price: formatMoney(type.effectivePrice),
  });
}

function ChangeResult({ result }: { result: CardChangeResult }) {
  const { t } = useTranslation("cardOperations");
  return (
    <Section title={t("result")}>
      <Alert severity="success" sx={{ mb: 2 }}>
        {t("change.done", {
          oldNo: result.oldCard.cardNo,
          newNo: result.newCard.cardNo,
          newValue: formatMoney(result.newValue),
          difference: formatMoney(result.difference),
        })}
      </Alert>
      <CardFacts card={result.newCard} />
    </Section>
  );
}

mountIsland(<ChangeCardPage />);
