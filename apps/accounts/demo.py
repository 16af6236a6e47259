"""Demo roles and accounts of contract §6 and spec §6 (role ids 1, 2, 5 and 3953 kept)."""

from __future__ import annotations

from django.core.management.color import no_style
from django.db import connection

from apps.accounts.choices import RoleKind
from apps.accounts.models import Resource, Role, User
from apps.accounts.services import resources_sync, user_role_grant
from apps.accounts.store_master import authorization_code_set
from apps.core.audit import SYSTEM_ACTOR
from apps.core.page_registry import PAGE_CODES, SHOP_MANAGEMENT_CODE, code_of
from apps.core.role_codes import (
    ASSET_TRANSFER_APPLY,
    ASSET_TRANSFER_APPROVE,
    CARD_CODES,
    CARD_TRANSFER_APPROVE,
    COMMISSION_CODES,
    COST_VIEW,
    CREDIT_MOVE,
    DAY_REOPEN,
    GOODS_ORDER_HEAD_OFFICE,
    GOODS_ORDER_PLACE,
    MEMBER_CANCEL_DECIDE,
    MEMBER_PHONE_VIEW,
    MEMBER_POINTS_ADJUST,
    MOVE_IN_APPROVE,
    ORDER_GIFT,
    REFUND,
    REFUND_APPROVE,
    REPORT_FIGURES,
    RESERVATION_FORCE,
    ROTA_EDIT,
    SETTLEMENT_CODES,
    STOCKTAKE_APPROVE,
    STORE_AUTHORITY_APPROVE,
    STORE_CONTROLS,
    SYSTEM_LOG_VIEW,
    WRITE_OFF_CODES,
)
from apps.org.demo import DemoChain

DEMO_PASSWORD = "Demo@12345"
DEMO_AUTHORIZATION_CODE = "888888"  # the owner's shop-owner authorization code
DEMO_ACCOUNTS = ("SY00001", "SY00002", "SY00003", "SY00004", "SY00009")

_STORE_PAGES = tuple(code for code in PAGE_CODES if code != SHOP_MANAGEMENT_CODE)
_NURSE_PAGES = tuple(
    code_of(route)
    for route in (
        "/orderBoard",
        "/MemberList",
        "/personalAccount",
        "/account",
        "/billingList",
        "/orderDetails",
        "/schedule",
        "/messageList",
    )
)
_MATERIAL_PAGES = tuple(
    code_of(route) for route in ("/bookProdLst", "/bookProdDetail", "/productList", "/productDetail")
)

# The buttons of running a store: the store manager's, which the owner holds too (with the approvals).
_MANAGER_BUTTONS = (
    MEMBER_PHONE_VIEW.code,
    MEMBER_POINTS_ADJUST.code,
    MEMBER_CANCEL_DECIDE.code,
    RESERVATION_FORCE.code,
    SYSTEM_LOG_VIEW.code,
    ROTA_EDIT.code,
    *(button.code for button in CARD_CODES),
    ASSET_TRANSFER_APPLY.code,
    REFUND.code,
    ORDER_GIFT.code,
    CREDIT_MOVE.code,
    GOODS_ORDER_PLACE.code,
    *(button.code for button in WRITE_OFF_CODES),
    # The business reports' figures (issue 29 §2): the owner's and the store manager's.
    REPORT_FIGURES.code,
)

ROLES: tuple[tuple[int, str, str, str, tuple[str, ...]], ...] = (
    (
        1,
        "老板",
        RoleKind.OWNER,
        "门店老板/经营者",
        (
            *PAGE_CODES,
            *_MANAGER_BUTTONS,
            COST_VIEW.code,
            ASSET_TRANSFER_APPROVE.code,
            REFUND_APPROVE.code,
            DAY_REOPEN.code,
            STOCKTAKE_APPROVE.code,
            MOVE_IN_APPROVE.code,
            STORE_AUTHORITY_APPROVE.code,
            CARD_TRANSFER_APPROVE.code,
            STORE_CONTROLS.code,
            *(button.code for button in COMMISSION_CODES),
            *(button.code for button in SETTLEMENT_CODES),
        ),
    ),
    (
        2,
        "店长",
        RoleKind.PRINCIPAL,
        "门店店长",
        (*_STORE_PAGES, *_MANAGER_BUTTONS),
    ),
    (
        5,
        "副店长",
        RoleKind.PRINCIPAL,
        "门店副店长",
        (*_STORE_PAGES, RESERVATION_FORCE.code, ROTA_EDIT.code, GOODS_ORDER_PLACE.code),
    ),
    (6, "护理师", RoleKind.STORE_EMPLOYEE, "养发护理师", _NURSE_PAGES),
    (7, "前台", RoleKind.STORE_EMPLOYEE, "前台接待", _NURSE_PAGES),
    (
        3953,
        "物料建设管理员",
        RoleKind.MATERIAL_BUILDER_ADMIN,
        "物料建设管理员",
        (
            *_MATERIAL_PAGES,
            COST_VIEW.code,
            *(button.code for button in GOODS_ORDER_HEAD_OFFICE),
        ),
    ),
)


def _roles() -> dict[int, Role]:
    resources_sync()
    by_code = {resource.code: resource for resource in Resource.objects.all()}
    roles: dict[int, Role] = {}
    for role_id, name, kind, description, codes in ROLES:
        role, created = Role.objects.get_or_create(
            pk=role_id, defaults={"name": name, "kind": kind, "description": description}
        )
        if created:
            role.resources.set([by_code[code] for code in codes])
        roles[role_id] = role
    # Rows were created with explicit ids: move PostgreSQL's sequence past them.
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), [Role]):
            cursor.execute(statement)
    return roles


def _user(login_name: str, nickname: str, phone: str, **flags: bool) -> User:
    user = User.objects.filter(login_name=login_name).first()
    if user is None:
        user = User.objects.create_user(login_name, DEMO_PASSWORD, nickname=nickname, phone=phone, **flags)
    return user


def seed_demo(chain: DemoChain) -> None:
    roles = _roles()
    store1, store2 = chain.stores
    owner = _user("SY00001", "王海燕", "13800000001")
    if not owner.authorization_code:
        authorization_code_set(actor=SYSTEM_ACTOR, user=owner, code=DEMO_AUTHORIZATION_CODE)
    principal = _user("SY00002", "李静", "13800000002")
    nurse = _user("SY00003", "张敏", "13800000003")
    material_admin = _user("SY00004", "陈立", "13800000004")
    _user("SY00009", "总部管理员", "13800000009", is_staff=True, is_superuser=True)
    for user, role_id, hier in (
        (owner, 1, store1),
        (owner, 1, store2),
        (principal, 2, store1),
        (nurse, 6, store1),
        (material_admin, 3953, chain.head_office),
    ):
        user_role_grant(actor=SYSTEM_ACTOR, user=user, role=roles[role_id], hier=hier)
