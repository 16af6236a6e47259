"""Role-code declarations of views (contract §5) and the button codes the product defines.

A view declares `required_codes`: a tuple of codes (the user needs any one of them), or one of the
sentinels below. The project-wide test in apps/core/tests/test_endpoint_declarations.py walks every
/rest/ URL and fails on a view that declares nothing.
"""

from __future__ import annotations

from dataclasses import dataclass


class Access(str):
    """A declaration that is not a role code."""


PUBLIC = Access("public")  # sign-in, logout, health, schema: no token needed
SIGNED_IN = Access("signed-in")  # any signed-in user, before a role is chosen (role list, role choice)
ROLE_CHOSEN = Access("role-chosen")  # any signed-in user acting in a chosen role and store


@dataclass(frozen=True)
class ButtonCode:
    code: str
    name_en: str
    name_zh: str


# The spec does not show button code values; these are ours (docs/api.md lists them).
MEMBER_PHONE_VIEW = ButtonCode("BTN-HYGL-PHONE-VIEW", "See a member's whole phone", "查看会员完整手机号")
MEMBER_POINTS_ADJUST = ButtonCode("BTN-HYGL-POINTS-ADJUST", "Adjust member points", "调整会员积分")
MEMBER_CANCEL_DECIDE = ButtonCode("BTN-HYGL-CANCEL-DECIDE", "Decide member cancellations", "审批会员注销")
RESERVATION_FORCE = ButtonCode("BTN-YUKB-FORCE-UPDATE", "Override a reservation conflict", "强制保存冲突预约")
SYSTEM_LOG_VIEW = ButtonCode("BTN-CZRZ-VIEW", "Read the system log", "查看操作日志")
# The rota page (PBGL-0001) is open to store employees to read their shifts; changing the rota or
# the shift types needs this code (the owner's and principals').
ROTA_EDIT = ButtonCode("BTN-PBGL-ROTA-EDIT", "Edit the rota and shift types", "编辑排班")
# Cost prices are head office's: a store sees what it sells at, not what head office pays.
COST_VIEW = ButtonCode("BTN-SPGL-COST-VIEW", "See products' cost prices", "查看产品成本价")
# Operations on the cards a member holds (issue 13 §1): each moves value or validity, so each is a
# manager's decision, not every cashier's.
CARD_DELAY = ButtonCode("BTN-HYGL-CARD-DELAY", "Extend a card's validity", "会员卡延期")
CARD_TRANSFER = ButtonCode("BTN-KDJC-CARD-TRANSFER", "Transfer a card to another member", "转卡给其他会员")
CARD_TO_CARD = ButtonCode("BTN-KDJC-CARD-TO-CARD", "Move balance between a member's cards", "卡转卡")
CARD_CHANGE = ButtonCode("BTN-HYGL-CARD-CHANGE", "Change a card to another card type", "换卡")
CARD_UPGRADE = ButtonCode("BTN-HYGL-CARD-UPGRADE", "Upgrade a card to a higher card type", "会员卡升级")
COUPON_ISSUE = ButtonCode("BTN-HYGL-COUPON-ISSUE", "Give a member a coupon", "给会员发券")
CARD_FREEZE = ButtonCode("BTN-HYGL-CARD-FREEZE", "Freeze or unfreeze a card", "冻结或解冻会员卡")
# Refunds (issue 14 §2): refunding at all is a button of its own; above the store's approval amount
# (OrgUnit.refund_approval_above) the refund needs the owner's approval code too, until the approval
# centre exists.
REFUND = ButtonCode("BTN-YLTH-REFUND", "Refund an order", "订单退款")
REFUND_APPROVE = ButtonCode("BTN-YLTH-REFUND-APPROVE", "Approve a refund above the store's amount", "审批大额退款")
REFUND_CODES = (REFUND, REFUND_APPROVE)
# Reopening a closed business day (daily closing): the owner's alone.
DAY_REOPEN = ButtonCode("BTN-SYFH-DAY-REOPEN", "Reopen a closed business day", "反日结")
# Asset transfer (资产转移, /assetTransfer): a store's principal applies, an owner approves.
ASSET_TRANSFER_APPLY = ButtonCode("BTN-ZCZY-APPLY", "Apply for an asset transfer", "申请资产转移")
ASSET_TRANSFER_APPROVE = ButtonCode("BTN-ZCZY-APPROVE", "Approve an asset transfer", "审批资产转移")
ASSET_TRANSFER_CODES = (ASSET_TRANSFER_APPLY, ASSET_TRANSFER_APPROVE)
CARD_CODES = (CARD_DELAY, CARD_TRANSFER, CARD_TO_CARD, CARD_CHANGE, CARD_UPGRADE, COUPON_ISSUE, CARD_FREEZE)
# Giving an item free with a sale (a gift line, `order/handleGift`): goods leave without money, so it
# is a manager's decision, as the card operations are.
ORDER_GIFT = ButtonCode("BTN-KDJC-ORDER-GIFT", "Give an item free with a sale", "开单赠送")
# Changing the staff of a paid order's line moves their performance credits (`order/changeNurse`):
# a manager's decision; the staff of an unpaid order are the cashier's to name, as at the commit.
CREDIT_MOVE = ButtonCode("BTN-KDJC-CREDIT-MOVE", "Move a paid order's staff credits", "调整已付订单员工业绩")
# Ordering goods from head office (DHJL-*): a store's managers place and submit orders; head office's
# material-builder administrator confirms, ships and marks them paid.
GOODS_ORDER_PLACE = ButtonCode("BTN-DHJL-ORDER-PLACE", "Place goods orders with head office", "向总部订货")
GOODS_ORDER_CONFIRM = ButtonCode("BTN-DHJL-ORDER-CONFIRM", "Confirm stores' goods orders", "确认门店订货单")
GOODS_ORDER_SHIP = ButtonCode("BTN-DHJL-ORDER-SHIP", "Ship stores' goods orders", "订货单发货")
GOODS_ORDER_MARK_PAID = ButtonCode("BTN-DHJL-ORDER-PAID", "Mark goods orders paid", "订货单确认收款")
GOODS_ORDER_HEAD_OFFICE = (GOODS_ORDER_CONFIRM, GOODS_ORDER_SHIP, GOODS_ORDER_MARK_PAID)
# Approving a stocktake turns its differences into stock moves (or sends it back): the owner's alone.
STOCKTAKE_APPROVE = ButtonCode("BTN-KCGL-STOCKTAKE-APPROVE", "Approve or send back a stocktake", "审核盘点")
# Group-buy write-off (issue 16): cancelling one undoes a platform's write-off and the order it paid;
# a phone over its write-off limit is let through by a principal. Owners' and principals'.
WRITE_OFF_CANCEL = ButtonCode("BTN-TGHX-CANCEL", "Cancel a group-buy write-off", "撤销团购核销")
WRITE_OFF_FREQUENCY_CONFIRM = ButtonCode(
    "BTN-TGHX-FREQUENCY-CONFIRM", "Let a phone over its group-buy limit write off", "确认高频核销"
)
WRITE_OFF_CODES = (WRITE_OFF_CANCEL, WRITE_OFF_FREQUENCY_CONFIRM)
# Approving a member move-in (issue 17 §2) opens cards holding value paid at another store or brand:
# the owner's decision, in the approval centre.
# Issue 17 §1: in a store whose card transfers need the owner's approval, committing one without this
# code files an approval request (kind "card-transfer") that a holder decides in the approval centre.
CARD_TRANSFER_APPROVE = ButtonCode("BTN-KDJC-CARD-TRANSFER-APPROVE", "Approve a card transfer", "审批转卡")
MOVE_IN_APPROVE = ButtonCode("BTN-HYQR-MOVEIN-APPROVE", "Approve member move-ins", "审批会员迁入")
# A staff member asks for a store's boss or manager authority (issue 17, spec §2.4 "apply permission"):
# granting a role entry is the owner's decision, in the approval centre or in WeCom's approval.
STORE_AUTHORITY_APPROVE = ButtonCode("BTN-SQ-STORE-AUTHORITY-APPROVE", "Grant store authority", "审批门店授权")
# The store settings that govern approvals, money or stock (refund approval amount, card transfer
# approval, negative stock, signatures for package sessions, borrow-out targets; apps.org.services
# OWNER_ONLY_SETTINGS) are the owner's: a principal who could change them could switch off the
# owner's check on themself (issue 25). The rest of /storeBasicInfo stays the principal's to edit.
STORE_CONTROLS = ButtonCode(
    "BTN-MDGL-STORE-CONTROLS", "Change the store's approval, money and stock settings", "修改门店审批、资金与库存设置"
)
# The chain's business reports (issue 29 §2): a report page the spec gives no code of its own is open
# to any chosen role (spec §2.2 "no role code"), but its figures are read with this code; the staff
# performance and commission reports show a caller without it their own figures only.
REPORT_FIGURES = ButtonCode("BBZX-0001", "Read the business reports' figures", "查看经营报表")
REPORT_FIGURES_CODE = REPORT_FIGURES.code

# Staff commission (issue 29 §3): head office manages the chain's plans and an owner their stores'
# (every change a new version, in the system log); closing a store's month freezes its commission for
# payroll. Owners' (and head office's).
COMMISSION_PLAN = ButtonCode("BTN-TCGL-PLAN", "Manage commission plans", "管理提成方案")
COMMISSION_CLOSE = ButtonCode("BTN-TCGL-PERIOD-CLOSE", "Close a month's staff commission", "提成月结")
COMMISSION_CODES = (COMMISSION_PLAN, COMMISSION_CLOSE)

# The settlement between stores (issue 30): an owner reads, confirms and disputes the statements of
# their stores; head office (acting above the stores) sets the rules, makes a day's statements, rolls
# months up, marks them paid and decides disputes. Owners' (and head office's).
SETTLEMENT_STATEMENT = ButtonCode(
    "BTN-MDJS-STATEMENT", "Read, confirm and dispute settlement statements", "查看、确认与申诉门店间结算单"
)
SETTLEMENT_RULES = ButtonCode("BTN-MDJS-RULES", "Set the settlement rules between stores", "设置门店间结算规则")
SETTLEMENT_PAY = ButtonCode(
    "BTN-MDJS-PAY", "Roll up and pay settlements between stores, decide disputes", "门店间结算月结、付款与申诉审批"
)
SETTLEMENT_CODES = (SETTLEMENT_STATEMENT, SETTLEMENT_RULES, SETTLEMENT_PAY)

BUTTON_CODES: tuple[ButtonCode, ...] = (
    MEMBER_PHONE_VIEW,
    MEMBER_POINTS_ADJUST,
    MEMBER_CANCEL_DECIDE,
    RESERVATION_FORCE,
    SYSTEM_LOG_VIEW,
    ROTA_EDIT,
    COST_VIEW,
    *CARD_CODES,
    *ASSET_TRANSFER_CODES,
    *REFUND_CODES,
    DAY_REOPEN,
    ORDER_GIFT,
    CREDIT_MOVE,
    GOODS_ORDER_PLACE,
    *GOODS_ORDER_HEAD_OFFICE,
    STOCKTAKE_APPROVE,
    *WRITE_OFF_CODES,
    MOVE_IN_APPROVE,
    STORE_AUTHORITY_APPROVE,
    CARD_TRANSFER_APPROVE,
    STORE_CONTROLS,
    REPORT_FIGURES,
    *COMMISSION_CODES,
    *SETTLEMENT_CODES,
)
