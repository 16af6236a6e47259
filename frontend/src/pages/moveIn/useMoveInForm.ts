import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MemberAreaCode } from "../../api/members";
import { commitMoveIn, findByPhone, moveInKeys, saveMoveIn, updateMoveIn, type MoveInDetail } from "../../api/moveIn";
import { emptyLine, linesFrom, moveInBody, type LineDraft, type MemberDraft, type SourceDraft } from "./moveInDraft";
import { moveInDetailHref, moveInHref } from "./parts";

/** The move-in being filed or edited (a draft or a rejected one): its member (kept, found by phone or
 * new), where the cards come from, the old cards, and the save and the submission for approval. */
export function useMoveInForm(moveIn: MoveInDetail | null, navigate: (href: string) => void) {
  const queryClient = useQueryClient();
  const [keepMember, setKeepMember] = useState(moveIn !== null);
  const [member, setMember] = useState<MemberDraft>({
    lookup: null,
    name: "",
    areaCode: (moveIn?.areaCode as MemberAreaCode) ?? "0086",
    phone: "",
    birthday: "",
  });
  const [source, setSource] = useState<SourceDraft>({
    sourceBrand: moveIn?.sourceBrand ?? "",
    sourceStore: moveIn?.sourceStore ?? "",
    remark: moveIn?.remark ?? "",
  });
  const [lines, setLines] = useState<LineDraft[]>(() => (moveIn ? linesFrom(moveIn) : [emptyLine()]));
  const [committing, setCommitting] = useState(false);
  const editable = moveIn === null || moveIn.canEdit;

  const changeMember = (change: Partial<MemberDraft>) => setMember((before) => ({ ...before, ...change }));
  // Another phone is another person: the last lookup no longer says who it is.
  const changePhone = (phone: string) => changeMember({ phone, lookup: null });
  const changeSource = (change: Partial<SourceDraft>) => setSource((before) => ({ ...before, ...change }));
  const find = useMutation({
    mutationFn: () => findByPhone(member.areaCode, member.phone.trim()),
    onSuccess: (answer) => changeMember({ lookup: answer }),
  });

  const save = useMutation({
    mutationFn: () => {
      const body = moveInBody(member, source, lines);
      return moveIn === null ? saveMoveIn(body) : updateMoveIn({ ...body, id: moveIn.id, keepMember });
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: moveInKeys.all });
      if (moveIn === null) navigate(moveInHref(saved.id));
    },
  });
  const commit = useMutation({
    mutationFn: () => commitMoveIn(moveIn?.id ?? 0),
    onSuccess: (committed) => {
      void queryClient.invalidateQueries({ queryKey: moveInKeys.all });
      navigate(moveInDetailHref(committed.id));
    },
  });

  const changeLine = (key: number, change: Partial<LineDraft>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const removeLine = (key: number) => setLines((all) => all.filter((other) => other.key !== key));
  const addLine = () => setLines((all) => [...all, emptyLine()]);

  return {
    moveIn,
    editable,
    keepMember,
    setKeepMember,
    member,
    changeMember,
    changePhone,
    find,
    source,
    changeSource,
    lines,
    changeLine,
    removeLine,
    addLine,
    save,
    commit,
    committing,
    setCommitting,
  };
}

export type MoveInForm = ReturnType<typeof useMoveInForm>;
