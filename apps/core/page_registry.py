"""Every page route of spec §2 and the role code that guards it, in one place.

Read by the server's page guard, by the role-code resources (seed and admin), by the client guard
(served through getResources/loginInfo) and by the tests. A page with `code=None` is open to any
signed-in user who has chosen a role (the spec's "none").
"""

from __future__ import annotations

from dataclasses import dataclass

from apps.core.role_codes import (
    COMMISSION_CLOSE,
    COMMISSION_PLAN,
    REPORT_FIGURES_CODE,
    SETTLEMENT_PAY,
    SETTLEMENT_RULES,
    SETTLEMENT_STATEMENT,
)


@dataclass(frozen=True)
class PageRoute:
    """A built page: its route (spec §2), its Vite entry, and whether it needs no sign-in. Each app
    declares its own in `apps/<area>/pages.py` as `PAGES = [PageRoute(...)]`; apps.pages serves them."""

    route: str
    entry: str
    public: bool = False
    shell: bool = True  # the top bar; off for the sign-in pages
    # What one island serving several routes needs to know of this one (the report page: its key),
    # handed to it in the page context.
    props: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Page:
    route: str
    code: str | None
    title_en: str
    title_zh: str
    # A business report's page (the drawer's reports group) and, for a page without a code, the code
    # that reads its figures: the drawer lists it only to a role holding that code.
    report: bool = False
    figures_code: str | None = None
    # A page without a code whose every call needs one of these codes: it opens for any chosen role,
    # but the drawer lists it only to a role holding one of them (as a page or a button code).
    drawer_codes: tuple[str, ...] = ()


# The shop-management page's code: the owner's overview and the calls it makes (store information,
# switching into an owner's store) are guarded by it in org, accounts and reports.
SHOP_MANAGEMENT_CODE = "ERP-MENU"


def _pages(code: str | None, *routes: tuple[str, str, str]) -> list[Page]:
    return [Page(route, code, en, zh) for route, en, zh in routes]


# The staff performance and commission reports show everyone their own figures (no code needed).
_OWN_FIGURES_ROUTES = frozenset({"/staffPerformance", "/staffCommission"})


def _report_pages(code: str | None, *routes: tuple[str, str, str]) -> list[Page]:
    """Report pages: the spec's code where it gives one; else no page code (spec §2.2), their figures
    read with the business-report code unless every role reads its own."""
    return [
        Page(
            route,
            code,
            en,
            zh,
            report=True,
            figures_code=None if code or route in _OWN_FIGURES_ROUTES else REPORT_FIGURES_CODE,
        )
        for route, en, zh in routes
    ]


PAGES: tuple[Page, ...] = tuple(
    _pages(SHOP_MANAGEMENT_CODE, ("/shopManagement", "Shop management", "门店管理"))
    + _pages(
        "ERP-HYGL-PAG-0002-0000",
        ("/MemberList", "Members", "会员列表"),
        ("/memberPoints", "Member points", "会员积分"),
    )
    + _pages(
        "ERP-HYGL-PAG-0003-0000",
        ("/personalAccount", "Member account", "会员账户"),
        ("/examiningDetail", "Examination details", "检测详情"),
        ("/changeCard", "Change card", "换卡"),
    )
    + _pages(
        "ERP-HYQR-PAG-0001-0000", ("/moveIn", "Member move-in", "会员迁入"), ("/moveInList", "Move-in list", "迁入列表")
    )
    + _pages(
        "ERP-HYQR-PAG-0001-0001",
        ("/moveInDetailList", "Move-in details", "迁入明细"),
        ("/moveInDetail", "Move-in detail", "迁入详情"),
    )
    + _pages(None, ("/cancellation", "Cancellation", "会员注销"), ("/logoutList", "Cancellation requests", "注销申请"))
    + _pages(
        "ERP-YUKB-PAG-0001-0000",
        ("/orderBoard", "Reservation board", "预约看板"),
        ("/newOrder", "New reservation", "新建预约"),
        ("/orderHistory", "Reservation history", "预约记录"),
        ("/orderHistoryBoard", "Reservation history board", "预约历史看板"),
    )
    + _pages(
        "ERP-KDJC-PAG-0003-0000",
        ("/account", "Billing", "开单结账"),
        ("/accountPoints", "Points billing", "积分开单"),
        ("/cardtocard", "Card to card", "卡转卡"),
        ("/transfercard", "Card transfer", "转卡"),
        ("/payment", "Payment", "收款"),
        ("/paymentPoints", "Points payment", "积分收款"),
    )
    + _pages("ERP-KDJC-PAG-0005-0000", ("/billingList", "Bills", "开单列表"))
    + _pages(
        "ERP-KDJC-PAG-0006-0000",
        ("/orderDetails", "Order details", "订单详情"),
        ("/orderPointsDetails", "Points order details", "积分订单详情"),
    )
    + _pages("ERP-YLTH-PAG-0001-0000", ("/returnList", "Returns", "退货列表"))
    + _pages(
        "ERP-SYFH-PAG-0001-0000",
        ("/dailyHistory", "Daily closing history", "日结历史"),
        ("/dailyKnots", "Daily closing", "日结"),
        ("/dailyReport", "Daily report", "日报"),
        ("/dailyPerformance", "Daily performance", "日业绩"),
    )
    + _pages("KCGL-0001", ("/storageRecord", "Stock-in records", "入库记录"))
    + _pages(
        "KCGL-0002",
        ("/storageDetail", "Stock-in detail", "入库详情"),
        ("/storageLendDetail", "Loan stock-in detail", "借入入库详情"),
    )
    + _pages("KCGL-0004", ("/outboundRecord", "Outbound records", "出库记录"))
    + _pages(
        "KCGL-0005",
        ("/outboundDetail", "Outbound detail", "出库详情"),
        ("/toTakenList", "Owed goods pickup", "欠货领取"),
    )
    + _pages(
        "KCGL-0008",
        ("/inventoryRecord", "Stocktake records", "盘点记录"),
        ("/inventoryDetail", "Stocktake detail", "盘点详情"),
    )
    + _pages("KCGL-0007", ("/systemStorage", "Live stock", "实时库存"))
    + _pages("KCGL-0013", ("/safetyStock", "Safety stock", "安全库存"))
    + _pages(
        "DHJL-0001",
        ("/bookProdLst", "Ordering goods", "订货列表"),
        ("/bookProdLstNew", "Ordering goods (new)", "新订货列表"),
    )
    + _pages(
        "DHJL-0002",
        ("/bookProdDetail", "Goods order detail", "订货详情"),
        ("/bookProdDetailNew", "Goods order detail (new)", "新订货详情"),
        ("/bookProdPayDetail", "Goods order payment", "订货支付详情"),
        ("/structureProductDetail", "Fixture product detail", "物料产品详情"),
        ("/aestheticProductDetail", "Beauty product detail", "美容产品详情"),
    )
    + _pages(
        "CPGL-PAG-0001",
        ("/productList", "Products", "产品列表"),
        ("/proPackageList", "Product packages", "产品套餐"),
    )
    + _pages(
        "XMGL-PAG-0001",
        ("/projectList", "Projects", "项目列表"),
        ("/packageList", "Project packages", "项目套餐"),
    )
    + _pages("KXGL-PAG-0001", ("/couponList", "Coupons", "卡券列表"))
    + _pages(
        "CPGL-0002",
        ("/productDetail", "Product detail", "产品详情"),
        ("/proPackageDetail", "Product package detail", "产品套餐详情"),
    )
    + _pages(
        "XMGL-0002",
        ("/projectDetail", "Project detail", "项目详情"),
        ("/packageDetail", "Project package detail", "项目套餐详情"),
    )
    + _pages(
        "KXGL-0002",
        ("/couponDetailA", "Cash coupon detail", "现金券详情"),
        ("/couponDetailB", "Discount coupon detail", "折扣券详情"),
        ("/couponDetailC", "Free-project coupon detail", "项目券详情"),
    )
    + _pages("MDGL-PAG-0002-0000", ("/storeBasicInfo", "Store information", "门店信息"))
    + _pages("YGGL-0001", ("/staffList", "Staff", "员工列表"))
    + _pages("YGGL-PAG-0002-0100", ("/staffDetail", "Staff detail", "员工详情"))
    + _pages("PBGL-0001", ("/schedule", "Staff rota", "排班"))
    + _pages(
        None,
        ("/scheduleMinorHealingAddress", "Outreach addresses", "外派地址"),
        ("/scheduleMinorHealingStaffSetting", "Outreach staff", "外派人员设置"),
    )
    + _pages("DJGL-0001", ("/depositRecord", "Deposit records", "定金记录"))
    + _pages(
        None,
        ("/stoIntention", "Intention deposits", "意向金"),
        ("/refundIntention", "Refund an intention deposit", "意向金退款"),
        ("/payIntentionMent", "Take an intention deposit", "收意向金"),
        ("/payIntentionRecord", "Intention deposit records", "意向金记录"),
        ("/payIntentionDetail", "Intention deposit detail", "意向金详情"),
    )
    + _pages("DWGL-0003", ("/timeperiodConfig", "Time periods", "时段配置"))
    + _pages(
        "KCXG-0001",
        ("/promotion", "Promotions", "促销"),
        ("/promotionDetail", "Promotion detail", "促销详情"),
    )
    + _pages(
        None,
        ("/assetTransfer", "Asset transfer", "资产转移"),
        ("/assetTransferDetail", "Asset transfer detail", "资产转移详情"),
    )
    + _pages("CZRZ-0001", ("/sysLog", "System log", "操作日志"))
    + _pages(
        "HYGL-PAG-0003-0001",
        ("/refundList", "Refunds", "退款列表"),
        ("/refundDetail", "Refund detail", "退款详情"),
    )
    + _pages(
        None,
        ("/approvalCenter", "Approval centre", "审批中心"),
        ("/asstesDetail", "Approval detail", "审批详情"),
    )
    + _pages(
        "XXZX-0001",
        ("/messageList", "Messages", "消息中心"),
        ("/messageDetail", "Message detail", "消息详情"),
    )
    + _pages(None, ("/taskList", "Tasks", "任务中心"), ("/taskDetail", "Task detail", "任务详情"))
    + _report_pages("SMSA-0001", ("/storeMemberAnalysis", "Store member analysis", "门店会员分析"))
    + _report_pages("MLCA-00001-0000", ("/memberLiftcycle", "Member lifecycle", "会员生命周期"))
    + _report_pages("XMDPJ-0001", ("/XMDReviewReport", "Review report", "评价报表"))
    # The business reports the spec names without a code (issue 29 §2): the pages are open to any
    # chosen role; their figures need the report code (apps.core.role_codes.REPORT_FIGURES).
    + _report_pages(
        None,
        ("/staffPerformance", "Staff store performance", "员工门店业绩"),
        ("/staffCommission", "Staff commission", "员工提成"),
        ("/salesDetail", "Sales details", "销售明细"),
        ("/productConsumption", "Product consumption", "产品消耗"),
        ("/refundSummary", "Refund summary", "退款汇总"),
        ("/cardChangeReport", "Card changes", "卡变动报表"),
        ("/giftReport", "Gifts", "赠送报表"),
        ("/signedOrderReport", "Signed orders", "签单报表"),
        ("/earnestOrders", "Earnest orders", "定金单报表"),
        ("/takeoutSales", "Takeout sales", "外带销售"),
        ("/memberLifecycleVariants", "Member lifecycle variants", "会员生命周期变体"),
        ("/customerAnalysis", "Customer analysis", "顾客分析"),
        ("/customerMarketing", "New and returning customer marketing", "新老客营销"),
        ("/customerFollowUp", "Customer follow-up", "顾客回访"),
        ("/memberTagReport", "Member tags", "会员标签"),
        ("/memberOperation", "Member operation figures", "会员运营数据"),
        # Where every member figure of the member reports drills to (H5; a set chosen on the page too).
        ("/memberList", "Member list", "会员名单"),
        ("/barcodeDatabase", "Barcode database", "条码库"),
        ("/cardBalances", "Member card balances", "会员卡余额"),
        ("/evaluationDetails", "Evaluation details", "评价明细"),
        ("/satisfactionRate", "Satisfaction", "满意度"),
    )
    + _pages(None, ("/downloadCenter", "Download centre", "下载中心"))
    # The commission's calls need its button codes (apps.commission.api.views): a month is read with
    # any of them or the report code, plans only by whoever manages them.
    + [
        Page("/commissionPlans", None, "Commission plans", "提成方案", drawer_codes=(COMMISSION_PLAN.code,)),
        Page(
            "/commissionPeriods",
            None,
            "Commission by month",
            "提成月结",
            drawer_codes=(COMMISSION_CLOSE.code, COMMISSION_PLAN.code, REPORT_FIGURES_CODE),
        ),
    ]
    # The settlement between stores (issue 30): its calls need its button codes (apps.settlement.api).
    + [
        Page(
            "/settlementStatements",
            None,
            "Settlement between stores",
            "门店间结算",
            drawer_codes=(SETTLEMENT_STATEMENT.code, SETTLEMENT_PAY.code),
        ),
        Page(
            "/settlementMatrix",
            None,
            "Settlement matrix",
            "门店间结算矩阵",
            drawer_codes=(SETTLEMENT_STATEMENT.code, SETTLEMENT_PAY.code),
        ),
        Page(
            "/settlementRules",
            None,
            "Settlement rules",
            "门店间结算规则",
            drawer_codes=(SETTLEMENT_STATEMENT.code, SETTLEMENT_RULES.code, SETTLEMENT_PAY.code),
        ),
    ]
)

PAGES_BY_ROUTE: dict[str, Page] = {page.route: page for page in PAGES}

PAGE_CODES: tuple[str, ...] = tuple(dict.fromkeys(page.code for page in PAGES if page.code))
_CODE_OF_ROUTE: dict[str, str] = {page.route: page.code for page in PAGES if page.code}


def code_of(route: str) -> str:
    """The role code of the page at `route` (spec §2). Views, demo data and tests name a page's code
    through its route, so each code is written once, in PAGES; an unknown route fails at import."""
    return _CODE_OF_ROUTE[route]


def page_for(route: str) -> Page | None:
    return PAGES_BY_ROUTE.get(route)
