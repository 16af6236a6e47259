"""Who may call each write, by the demo roles (docs/security.md): the owner (SY00001, role 1), the
principal (SY00002, role 2), the nurse (SY00003, store-employee login, role 6) and the
material-builder administrator (SY00004, role 3953). The table states who SHOULD hold each write;
the test derives who DOES from the views' declared codes and the demo roles' codes, so a new write,
a changed declaration or a demo role gaining a code shows here as a decision to make."""

from __future__ import annotations

from apps.accounts.demo import ROLES
from apps.core.permissions import declared_codes
from apps.core.role_codes import PUBLIC, Access
from apps.core.tests.test_endpoint_declarations import ENDPOINTS, WRITE_METHODS

DEMO = {"owner": 1, "principal": 2, "nurse": 6, "material": 3953}
ALL = frozenset(DEMO)
MANAGERS = frozenset({"owner", "principal"})
DESK = frozenset({"owner", "principal", "nurse"})  # the store-employee login works the front desk

# Writes open to any signed-in user or any chosen role act on the caller's own session, shortcuts,
# messages and requests; the services refuse what is not the caller's (see the endpoint walks).
SHOULD = {
    "acct-resources": ALL,
    "acct-select-role": ALL,
    "acct-employee-login": ALL,
    "acct-erp-token": ALL,  # the service lets owners and principals switch only
    "acct-login-record": ALL,
    "acct-check-store-master": ALL,  # staff ask the owner to type the code on their screen
    "hier-quick-save": ALL,
    "message-batch-read": ALL,
    "task-batch-read": ALL,
    "member-cancel-apply": ALL,  # an application; deciding needs BTN-HYGL-CANCEL-DECIDE
    # The approval centre: the decision service asks for the request kind's codes; only the applicant
    # withdraws.
    "approvals-approve": ALL,
    "approvals-reject": ALL,
    "approvals-withdraw": ALL,
    # A person asks for a store authority for themself at the store they act in; the owner decides it
    # (BTN-SQ-STORE-AUTHORITY-APPROVE) in the approval centre or in WeCom.
    "store-authority-ask": ALL,
    # Whoever a closed day refused asks the owner to reopen it, at the store they act in; only the owner
    # decides the request (the day-reopen kind's codes) in the approval centre.
    "daily-reopen-ask": ALL,
    # Exporting a report to the download centre: the call is any chosen role's, the report's own code
    # is checked per report (BBZX-0001: owner and principal; own figures: any employee for their own).
    "report-export": ALL,
    "acct-store-modify": frozenset({"owner"}),
    "shop-store-update": MANAGERS,
    "staff-save": MANAGERS,
    "staff-leave": MANAGERS,
    "staff-duration-save": MANAGERS,
    "staff-duration-close": MANAGERS,
    "catalog-store-item": frozenset({"owner", "principal", "material"}),
    "catalog-time-period-save": MANAGERS,
    "member-create": DESK,
    "member-store-save": DESK,
    "member-store-update": DESK,
    "member-sms-status-update": DESK,
    "member-points-adjust": MANAGERS,
    "member-cancel-decide": MANAGERS,
    # A member's scalp and hair examinations (/examiningDetail): whoever examines at the desk records
    # and corrects them (the member account page's code, which the nurse holds).
    "examination-add": DESK,
    "examination-correct": DESK,
    "reservation-check": DESK,
    "reservation-save": DESK,
    "reservation-force-save": MANAGERS,
    "reservation-move": DESK,
    "reservation-arrival": DESK,
    "reservation-start-service": DESK,
    "reservation-finish": DESK,
    "reservation-no-show": DESK,
    "reservation-cancel": DESK,
    "reservation-undo-status": DESK,
    "reservation-on-work": DESK,
    "reservation-off-work": DESK,
    "reservation-temp-out": DESK,
    "reservation-abnormal-left": DESK,
    "schedule-shift-type-save": MANAGERS,  # the nurse reads the rota only (BTN-PBGL-ROTA-EDIT)
    "schedule-rota-save": MANAGERS,
    "schedule-rota-copy-week": MANAGERS,
    # cards: each operation moves value or validity, a manager's decision (the card button codes)
    "card-delay": MANAGERS,
    "card-upgrade": MANAGERS,
    "card-change": MANAGERS,
    "card-transfer-start": MANAGERS,
    "card-transfer-commit": MANAGERS,
    "card-to-card": MANAGERS,
    # An application; the owner approves it in the approval centre (BTN-ZCZY-APPROVE).
    "asset-transfer-apply": MANAGERS,
    "coupon-issue": MANAGERS,
    "card-freeze": MANAGERS,
    "card-unfreeze": MANAGERS,
    # the till: whoever works the front desk sells (the store-employee login included)
    "order-commit": DESK,
    "order-cancel": DESK,
    "pricing-check-discount": DESK,
    "pricing-points-price": DESK,  # the points price of a draft reads, as the live totals do
    "pricing-usable-coupons": DESK,  # the coupon picker reads, as the live totals do
    "order-flag-card": DESK,  # the card check reads
    # Naming the staff of an unpaid line is the seller's, as at the commit; moving a paid order's
    # credits also needs BTN-KDJC-CREDIT-MOVE (managers), checked by the service.
    "order-change-nurse": DESK,
    # Whoever sells at the till takes the payment and the member's signature.
    "pay-execute": DESK,
    # The same desk takes WeChat Pay, Alipay and card-terminal money (issue 14).
    "order-commit-from-scan": DESK,
    "order-sales-commit-from-scan": DESK,
    "pay-qr-split": DESK,
    "pay-repay": DESK,
    "pay-tender-cancel": DESK,
    "pos-pay": DESK,
    "pos-query": DESK,
    # Box pay and a new QR for an expired one are the same desk's (issue 14, spec §7.8).
    "pay-box-pay": DESK,
    "pay-qr-refresh": DESK,
    # Asking the terminal again for a refund's money is the refund's (BTN-YLTH-REFUND); asking it how
    # a refund stands is for whoever may read the refund.
    "pos-refund": MANAGERS,
    "pos-refund-query": DESK,
    "recede-recede": MANAGERS,  # BTN-YLTH-REFUND; above the store's amount BTN-YLTH-REFUND-APPROVE (owner)
    # A read by POST (the refund's body): what recede-recede would give back, nothing written; the
    # returns page's code, like judgeStatus.
    "recede-quote": MANAGERS,
    "order-signature": DESK,
    # Daily closing: the store's managers close a day; only the owner reopens one (BTN-SYFH-DAY-REOPEN).
    "daily-close": MANAGERS,
    # inventory: a store's safety stock is its managers' (KCGL-0013)
    "stock-safety-set": MANAGERS,
    "daily-reopen": frozenset({"owner"}),
    # Stocktakes: the store's managers start and count one (KCGL-0008); only the owner approves or
    # sends it back (BTN-KCGL-STOCKTAKE-APPROVE).
    "stocktake-create": MANAGERS,
    "stocktake-count": MANAGERS,
    "stocktake-scan": MANAGERS,
    "stocktake-submit": MANAGERS,
    "stocktake-cancel": MANAGERS,
    "stocktake-approve": frozenset({"owner"}),
    # Member move-in (ERP-HYQR-PAG-0001-0000): the store's managers prepare and commit move-ins;
    # approving them (BTN-HYQR-MOVEIN-APPROVE, the owner's) goes through the approval centre.
    "movein-save": MANAGERS,
    "movein-update": MANAGERS,
    "movein-delete": MANAGERS,
    "movein-commit": MANAGERS,
    "movein-attachment-upload": MANAGERS,
    "movein-attachment-delete": MANAGERS,
    "movein-import": MANAGERS,
    "stocktake-reject": frozenset({"owner"}),
    # Goods out and loans (KCGL-0005 /outboundDetail, KCGL-0002 /storageLendDetail): the store's managers.
    "stock-out-create": MANAGERS,
    "stock-loan-confirm": MANAGERS,
    "stock-loan-return": MANAGERS,
    # Goods in: the store's managers receive goods (KCGL-0002), a shipped goods order too; head office
    # does not receive into a store.
    "stock-in-create": MANAGERS,
    "goods-order-receive": MANAGERS,
    # Ordering goods: the store's managers place and submit (BTN-DHJL-ORDER-PLACE); the
    # material-builder administrator confirms, ships and marks paid; either side may cancel (the
    # service says until when).
    "goods-order-save": MANAGERS,
    "goods-order-submit": MANAGERS,
    "goods-order-cancel": frozenset({"owner", "principal", "material"}),
    "goods-order-confirm": frozenset({"material"}),
    "goods-order-ship": frozenset({"material"}),
    "goods-order-mark-paid": frozenset({"material"}),
    # Owed goods (欠货, KCGL-0005): handing them over is a stock move, the store's managers' (as goods out).
    "owed-goods-take": MANAGERS,
    # Group-buy write-off (issue 16): whoever works the front desk checks and writes a coupon off and
    # serves it (the board's and the till's codes); the checks are reads by POST, nothing written.
    # Cancelling (the platform undoes it, the order is refunded) is a manager's (BTN-TGHX-CANCEL).
    "groupbuy-pre-check": DESK,
    "groupbuy-write-off-review": DESK,
    "groupbuy-write-off": DESK,
    "groupbuy-serve": DESK,
    "groupbuy-code-check": DESK,
    "groupbuy-price-check": DESK,
    "groupbuy-front-check-review": DESK,
    "groupbuy-cancel": MANAGERS,
    # Staff commission: plans (the chain's at head office, a store's by its owner) and closing a month
    # for payroll are the owner's.
    "commission-plans": frozenset({"owner"}),
    "commission-plan": frozenset({"owner"}),
    "commission-plan-version": frozenset({"owner"}),
    "commission-period-close": frozenset({"owner"}),
    # The settlement between stores: an owner confirms and disputes the statements of their stores;
    # the rules, making a day, rolling up and paying a month are head office's (the views refuse a
    # store-level role), which the owner role reaches when it acts above the stores.
    "settlement-confirm": frozenset({"owner"}),
    "settlement-dispute": frozenset({"owner"}),
    "settlement-rules": frozenset({"owner"}),
    "settlement-make": frozenset({"owner"}),
    "settlement-month-roll-up": frozenset({"owner"}),
    "settlement-month-paid": frozenset({"owner"}),
    # A member's evaluation of a paid order is typed in at the front desk, by whoever reads the order
    # details there (the order-details page's code).
    "evaluation-record": DESK,
    # Intention deposits (issue 17 §4): the till takes one and applies it to an order (the cashier's
    # page code, as pay/excute); refunding one is a refund (BTN-YLTH-REFUND, managers).
    "intention-take": DESK,
    "intention-apply": DESK,
    "intention-refund": MANAGERS,
}


def _holders(codes: tuple[str, ...] | Access) -> frozenset[str]:
    if isinstance(codes, Access):
        return ALL
    demo_codes = {role_id: set(role_codes) for role_id, _name, _kind, _description, role_codes in ROLES}
    return frozenset(name for name, role_id in DEMO.items() if demo_codes[role_id] & set(codes))


def test_each_write_is_held_by_the_demo_roles_that_should_hold_it():
    writes = {
        endpoint.name: _holders(declared_codes(endpoint.view_class))
        for endpoint in ENDPOINTS
        if set(endpoint.methods) & set(WRITE_METHODS) and declared_codes(endpoint.view_class) != PUBLIC
    }
    assert set(writes) == set(SHOULD), "state in SHOULD who may call each write"
    wrong = {name: (sorted(writes[name]), sorted(SHOULD[name])) for name in writes if writes[name] != SHOULD[name]}
    assert not wrong, f"write: (who holds it, who should): {wrong}"
