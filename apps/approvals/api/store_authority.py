"""Store authority (spec §7.9 `staffList/getStoreAuthority`, `getStoreAuthorityResult`; docs/api.md
"Store authority"). The answers carry the spec's own codes in the envelope's errcode, with HTTP 200:
"200" (filed / granted), "204" (still waiting), "505" (not passed); the browser handles them itself."""

from __future__ import annotations

import segno
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.accounts.api.serializers import RoleEntryOutputSerializer
from apps.accounts.selectors import role_entries_of, role_entry_rows
from apps.accounts.session import session_of
from apps.approvals import store_authority
from apps.approvals.api import serializers as io
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopedResponse, envelope
from apps.core.errors import InvalidInput, PermissionRefused
from apps.core.role_codes import ROLE_CHOSEN
from apps.core.schema import NULLABLE_DATA
from apps.core.scoping import chosen_store_id
from apps.org.selectors import store_row


class StoreAuthorityAskApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        request=io.StoreAuthorityInputSerializer,
        responses=io.StoreAuthorityAskedOutputSerializer,
        summary="Ask the store's boss for the boss or manager authority at the chosen store (errcode 200, errmsg spNo)",
    )
    def post(self, request: Request) -> EnvelopedResponse:
        data = self.parse(io.StoreAuthorityInputSerializer, request.data)
        session = session_of(request)
        if data["userId"] != session.user.pk:
            raise PermissionRefused()
        store_id = chosen_store_id(request)
        if store_id is None:
            raise InvalidInput(_("please choose a store first"), field="authority")
        asked = store_authority.ask(
            actor=self.actor(),
            user=session.user,
            store=store_row(store_id=store_id),
            authority=data["authority"],
        )
        # The QR authorization (spec §2.4): the boss scans it to open the request in the approval centre
        # on their phone; drawn here with segno as the payment QR (decision 0014).
        approve_url = request.build_absolute_uri(f"/approvalCenter?id={asked.request.pk}")
        body = {
            "spNo": asked.sp_no,
            "requestId": asked.request.pk,
            "approveUrl": approve_url,
            "qr": str(segno.make(approve_url, error="m").svg_data_uri(scale=5, border=2)),
        }
        return EnvelopedResponse(envelope(store_authority.Outcome.GRANTED.value, asked.sp_no, body))


class StoreAuthorityResultApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[io.StoreAuthorityResultInputSerializer],
        responses=RoleEntryOutputSerializer(many=True),
        extensions={NULLABLE_DATA: True},  # null while waiting or after a refusal
        summary="Poll a store-authority request: errcode 204 waiting, 200 granted (the role entries), 505 not passed",
    )
    def get(self, request: Request) -> EnvelopedResponse:
        data = self.parse(io.StoreAuthorityResultInputSerializer, request.query_params)
        session = session_of(request)
        outcome, _request = store_authority.result(user=session.user, sp_no=data["spNo"])
        if outcome == store_authority.Outcome.GRANTED:
            rows = role_entry_rows(role_entries_of(session.user), chosen=session.user_role)
            return EnvelopedResponse(envelope(outcome.value, _("authorization passed"), rows))
        if outcome == store_authority.Outcome.WAITING:
            return EnvelopedResponse(envelope(outcome.value, _("waiting for authorisation"), None))
        return EnvelopedResponse(envelope(outcome.value, _("authorisation not passed, please apply again"), None))
