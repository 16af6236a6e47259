import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  applyAssetTransfer,
  assetTransferKeys,
  BTN_ASSET_TRANSFER_APPLY,
  useAssetPreview,
  useAssetTransfers,
  useTargetStores,
  type AssetTarget,
  type AssetTransferDetail,
  type AssetTransferKind,
  type AssetTransferRow,
  type AssetTransferSearch,
} from "../../api/assetTransfers";
import type { MemberRow } from "../../api/members";
import { hasButtonCode } from "../../api/session";
import { DetailError, Loading } from "../../components/feedback";
import { PageFrame, Section } from "../../components/layout";
import { MemberPicker } from "../../components/members/MemberPicker";
import { NOWRAP, PagedTable, usePaging, type PagedColumn } from "../../components/PagedTable";
import { mountIsland } from "../../islands/mount";
import { storeDateTime } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import { PAGE_SIZES } from "../../lib/paging";
import { useSubmissionKey } from "../../lib/submissionKey";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { AssetsTable, NS, targetText, TransferStatusChip } from "./assetTransferParts";

const REASON_MAX = 200;

/** /assetTransfer (资产转移, no role code): apply for moving a member to another store with her cards,
 * or for merging a duplicate member file into the kept one, after seeing what would move; and the
 * list of the store's transfers. Nothing moves until an owner approves (the approval centre). */
export function AssetTransferPage() {
  const { t } = useTranslation(NS);
  const [canApply] = useState(() => hasButtonCode(BTN_ASSET_TRANSFER_APPLY));
  return (
    <PageFrame wide title={t("title")}>
      {canApply ? (
        <ApplyForm />
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("noCode", { code: BTN_ASSET_TRANSFER_APPLY })}
        </Alert>
      )}
      <TransferList />
    </PageFrame>
  );
}

function ApplyForm() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<AssetTransferKind>("store");
  const [member, setMember] = useState<MemberRow | null>(null);
  const [kept, setKept] = useState<MemberRow | null>(null);
  const [storeId, setStoreId] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  const [asking, setAsking] = useState(false);
  const [created, setCreated] = useState<AssetTransferDetail | null>(null);
  const stores = useTargetStores();
  const sameFile = kind === "merge" && member !== null && kept !== null && member.memId === kept.memId;
  const target: AssetTarget | null =
    member === null
      ? null
      : kind === "store"
        ? storeId === null
          ? null
          : { kind, memberId: member.memId, toStoreId: storeId }
        : kept === null || sameFile
          ? null
          : { kind, memberId: member.memId, toMemberId: kept.memId };
  const preview = useAssetPreview(target);
  const submission = useSubmissionKey({ target, reason });
  const ready = target !== null && preview.isSuccess && reason.trim().length > 0;

  const apply = useMutation({
    mutationFn: () => applyAssetTransfer({ ...(target as AssetTarget), reason: reason.trim() }, submission.key),
    onSuccess: async (transfer) => {
      setAsking(false);
      setCreated(transfer);
      setMember(null);
      setKept(null);
      setReason("");
      submission.renew();
      await queryClient.invalidateQueries({ queryKey: assetTransferKeys.all });
    },
    onError: () => setAsking(false),
  });

  const chooseKind = (next: AssetTransferKind) => {
    setKind(next);
    setKept(null);
    setStoreId(null);
    setCreated(null);
  };

  const confirmMessage = preview.data
    ? kind === "store"
      ? t("confirmStore", {
          member: preview.data.member.name,
          cards: preview.data.assets.cards.length,
          value: formatMoney(preview.data.storedValue),
          store: preview.data.toStore?.name ?? "",
        })
      : t("confirmMerge", {
          member: preview.data.member.name,
          cards: preview.data.assets.cards.length,
          value: formatMoney(preview.data.storedValue),
          points: preview.data.assets.points,
          kept: preview.data.toMember?.name ?? "",
        })
    : "";

  return (
    <Section title={t("newTransfer")}>
      <RadioGroup row value={kind} onChange={(event) => chooseKind(event.target.value as AssetTransferKind)}>
        <FormControlLabel value="store" control={<Radio />} label={t("kind.store")} />
        <FormControlLabel value="merge" control={<Radio />} label={t("kind.merge")} />
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`kindHelp.${kind}`)}
      </Typography>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 2 }}>
          <Typography sx={{ minWidth: 120 }}>{kind === "merge" ? t("duplicate") : t("member")}</Typography>
          <MemberPicker
            member={member}
            onChange={(row) => {
              setMember(row);
              setCreated(null);
            }}
            chooseLabel={kind === "merge" ? t("chooseDuplicate") : t("chooseMember")}
          />
        </Stack>
        {kind === "merge" ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 2 }}>
            <Typography sx={{ minWidth: 120 }}>{t("kept")}</Typography>
            <MemberPicker member={kept} onChange={setKept} chooseLabel={t("chooseKept")} />
          </Stack>
        ) : (
          <TextField
            select
            size="small"
            label={t("toStore")}
            value={storeId ?? ""}
            onChange={(event) => setStoreId(Number(event.target.value))}
            sx={{ maxWidth: 360 }}
          >
            {(stores.data ?? []).map((store) => (
              <MenuItem key={store.id} value={store.id} disabled={store.id === member?.dependencyStoreId}>
                {store.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {sameFile ? <Alert severity="warning">{t("sameFile")}</Alert> : null}
        <TextField
          size="small"
          label={t("reason")}
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, REASON_MAX))}
          required
          sx={{ maxWidth: 480 }}
        />
      </Stack>

      {target === null ? null : (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {t("preview")}
          </Typography>
          {preview.isPending ? (
            <Loading />
          ) : preview.isError ? (
            <DetailError message={preview.error.message} onRetry={() => void preview.refetch()} />
          ) : (
            <>
              <AssetsTable assets={preview.data.assets} merge={kind === "merge"} />
              <Typography>{`${t("storedValue")}: ${formatMoney(preview.data.storedValue)}`}</Typography>
            </>
          )}
        </Stack>
      )}
      <Button variant="contained" sx={{ mt: 2 }} disabled={!ready} onClick={() => setAsking(true)}>
        {t("apply")}
      </Button>
      {created ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          <Link
            href={`/assetTransferDetail?id=${created.id}`}
          >{`${t("fields.id")} ${created.id}: ${t(`status.${created.status}`)}`}</Link>
        </Alert>
      ) : null}
      <ConfirmDialog
        open={asking && preview.isSuccess}
        title={t("confirmTitle")}
        message={confirmMessage}
        busy={apply.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => apply.mutate()}
      />
    </Section>
  );
}

function TransferList() {
  const { t } = useTranslation(NS);
  const paging = usePaging();
  const [kind, setKind] = useState<AssetTransferSearch["kind"]>("");
  const [status, setStatus] = useState<AssetTransferSearch["status"]>("");
  const result = useAssetTransfers({ pageNo: paging.pageIndex + 1, pageSize: paging.pageSize, kind, status });
  const dash = t("dash");
  const columns: PagedColumn<AssetTransferRow>[] = [
    {
      key: "id",
      label: t("fields.id"),
      render: (row) => (
        <Link href={`/assetTransferDetail?id=${row.id}`} underline="hover">
          {row.id}
        </Link>
      ),
    },
    { key: "kind", label: t("fields.kind"), render: (row) => t(`kind.${row.kind}`) },
    { key: "member", label: t("fields.member"), render: (row) => `${row.member.name} ${row.member.phone}` },
    { key: "target", label: t("fields.target"), render: (row) => targetText(row) || dash },
    { key: "cards", label: t("fields.cards"), align: "right", render: (row) => row.cardCount },
    { key: "value", label: t("fields.storedValue"), align: "right", render: (row) => formatMoney(row.storedValue) },
    { key: "status", label: t("fields.status"), render: (row) => <TransferStatusChip status={row.status} /> },
    { key: "applicant", label: t("fields.applicant"), render: (row) => row.applicantName || dash },
    {
      key: "createdAt",
      label: t("fields.createdAt"),
      cellSx: NOWRAP,
      render: (row) => storeDateTime(row.createdAt),
    },
  ];
  return (
    <Section title={t("list")}>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t("filterKind")}
          value={kind}
          onChange={(event) => paging.refilter(() => setKind(event.target.value as AssetTransferSearch["kind"]))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t("all")}</MenuItem>
          <MenuItem value="store">{t("kind.store")}</MenuItem>
          <MenuItem value="merge">{t("kind.merge")}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t("filterStatus")}
          value={status}
          onChange={(event) => paging.refilter(() => setStatus(event.target.value as AssetTransferSearch["status"]))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t("all")}</MenuItem>
          {(["pending", "done", "rejected", "withdrawn"] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {t(`status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PagedTable
        label={t("list")}
        result={result}
        paging={paging}
        pageSizes={PAGE_SIZES}
        nowrapHeads
        columns={columns}
        rowKey={(row) => row.id}
        rowHref={(row) => `/assetTransferDetail?id=${row.id}`}
        emptyText={t("empty")}
      />
    </Section>
  );
}

mountIsland(<AssetTransferPage />);
