"""WeCom's approval (OA) API, through the same corp and access token as the sign-in (apps.accounts.wecom):

- `POST /cgi-bin/oa/applyevent?access_token=` with the creator, the template, the approvers and the
  form's contents -> `{errcode: 0, sp_no}`;
- `POST /cgi-bin/oa/getapprovaldetail?access_token=` `{sp_no}` -> `{errcode: 0, info: {sp_no,
  sp_status, sp_record: [{sp_status, details: [{approver: {userid}, sp_status}]}], ...}}`.

`sp_status`: 1 waiting, 2 approved, 3 rejected, 4 withdrawn, 6 withdrawn after approval, 7 deleted,
10 paid. Every failure (no answer within WECOM_TIMEOUT_SECONDS, an answer that is not JSON, a WeCom
errcode) raises WecomCallFailed: the callers keep their own record and carry on without WeCom."""

from __future__ import annotations

import json
import logging
import urllib.request
from dataclasses import dataclass
from http.client import HTTPException

from django.conf import settings

from apps.accounts import wecom
from apps.accounts.errors import WecomLoginAbnormal
from apps.core.json_types import JsonObject

logger = logging.getLogger(__name__)

APPLY_EVENT_PATH = "/cgi-bin/oa/applyevent"
APPROVAL_DETAIL_PATH = "/cgi-bin/oa/getapprovaldetail"

SP_WAITING = 1
SP_APPROVED = 2
# Rejected, withdrawn, withdrawn after approval, deleted: the request did not pass.
SP_NOT_PASSED = frozenset({3, 4, 6, 7})
# A node passes when any one of its approvers agrees (WeCom's 或签).
ANY_ONE_APPROVER = 1


class WecomCallFailed(Exception):
    """WeCom could not be asked, or refused: the caller goes on without it."""


@dataclass(frozen=True)
class ApprovalState:
    sp_status: int
    # The WeCom userid of the approver who decided, when the answer says.
    decided_by: str = ""


def oa_configured() -> bool:
    return wecom.wecom_configured() and bool(settings.WECOM_AUTHORITY_TEMPLATE_ID)


def _post_once(path: str, token: str, body: JsonObject) -> JsonObject:
    url = f"{settings.WECOM_API_BASE.rstrip('/')}{path}?access_token={token}"
    data = json.dumps(body, ensure_ascii=False).encode("utf-8")
    request = urllib.request.Request(url, data=data, method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=settings.WECOM_TIMEOUT_SECONDS) as answer:
            parsed = json.loads(answer.read().decode("utf-8"))
    except (OSError, HTTPException, ValueError) as exc:  # URLError, HTTPError, timeouts, cut answers; not JSON
        # The URL holds the token: log the path only.
        logger.warning("WeCom %s failed: %s", path, type(exc).__name__)
        raise WecomCallFailed(path) from None
    if not isinstance(parsed, dict):
        logger.warning("WeCom %s answered no JSON object", path)
        raise WecomCallFailed(path)
    return parsed


def _post(path: str, body: JsonObject) -> JsonObject:
    """POST to WeCom with the corp's token, fetching a new token once when WeCom says it went stale."""
    try:
        answer = _post_once(path, wecom.access_token(), body)
        if wecom._errcode(answer) in wecom.STALE_TOKEN_ERRCODES:
            answer = _post_once(path, wecom.access_token(fresh=True), body)
    except WecomLoginAbnormal:  # the token could not be had
        raise WecomCallFailed(path) from None
    if wecom._errcode(answer) != 0:
        logger.warning("WeCom %s refused: errcode %s", path, answer.get("errcode"))
        raise WecomCallFailed(path)
    return answer


def apply_event(*, creator_userid: str, approver_userids: list[str], text: str, summary: str) -> str:
    """Raises an approval in WeCom with the authority template; answers its number (sp_no)."""
    body = {
        "creator_userid": creator_userid,
        "template_id": settings.WECOM_AUTHORITY_TEMPLATE_ID,
        "use_template_approver": 0,
        "approver": [{"attr": ANY_ONE_APPROVER, "userid": approver_userids}],
        "apply_data": {
            "contents": [{"control": "Textarea", "id": settings.WECOM_AUTHORITY_CONTROL_ID, "value": {"text": text}}]
        },
        "summary_list": [{"summary_info": [{"text": summary[:20], "lang": "zh_CN"}]}],
    }
    sp_no = _post(APPLY_EVENT_PATH, body).get("sp_no")
    if not sp_no or not isinstance(sp_no, str | int):
        logger.warning("WeCom %s answered no sp_no", APPLY_EVENT_PATH)
        raise WecomCallFailed(APPLY_EVENT_PATH)
    return str(sp_no)


def approval_state(sp_no: str) -> ApprovalState:
    """Where WeCom's approval `sp_no` stands."""
    info = _post(APPROVAL_DETAIL_PATH, {"sp_no": sp_no}).get("info")
    if not isinstance(info, dict):
        raise WecomCallFailed(APPROVAL_DETAIL_PATH)
    try:
        status = int(info.get("sp_status") or 0)
    except (TypeError, ValueError):
        raise WecomCallFailed(APPROVAL_DETAIL_PATH) from None
    return ApprovalState(sp_status=status, decided_by=_decider(info, status))


def _decider(info: JsonObject, status: int) -> str:
    """The approver whose own decision is the request's (approved or rejected), if the record says."""
    records = info.get("sp_record")
    for record in records if isinstance(records, list) else []:
        details = record.get("details") if isinstance(record, dict) else None
        for detail in details if isinstance(details, list) else []:
            if not isinstance(detail, dict) or detail.get("sp_status") != status:
                continue
            approver = detail.get("approver")
            userid = approver.get("userid") if isinstance(approver, dict) else None
            if isinstance(userid, str) and userid:
                return userid[:64]
    return ""
