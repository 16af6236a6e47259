"""Page routes of the catalogue (spec §2.2, issue 4 §4): products and product packages
(CPGL-PAG-0001, details CPGL-0002), projects and project packages (XMGL-PAG-0001, details
XMGL-0002), coupons (KXGL-PAG-0001, details KXGL-0002), promotions (KCXG-0001) and time periods
(DWGL-0003). The guard reads each route's code from apps.core.page_registry."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/productList", "src/pages/catalog/ProductListPage.tsx"),
    PageRoute("/productDetail", "src/pages/catalog/ProductDetailPage.tsx"),
    PageRoute("/proPackageList", "src/pages/catalog/ProPackageListPage.tsx"),
    PageRoute("/proPackageDetail", "src/pages/catalog/ProPackageDetailPage.tsx"),
    PageRoute("/projectList", "src/pages/catalog/ProjectListPage.tsx"),
    PageRoute("/projectDetail", "src/pages/catalog/ProjectDetailPage.tsx"),
    PageRoute("/packageList", "src/pages/catalog/PackageListPage.tsx"),
    PageRoute("/packageDetail", "src/pages/catalog/PackageDetailPage.tsx"),
    PageRoute("/couponList", "src/pages/catalog/CouponListPage.tsx"),
    PageRoute("/couponDetailA", "src/pages/catalog/CouponDetailAPage.tsx"),
    PageRoute("/couponDetailB", "src/pages/catalog/CouponDetailBPage.tsx"),
    PageRoute("/couponDetailC", "src/pages/catalog/CouponDetailCPage.tsx"),
    PageRoute("/promotion", "src/pages/catalog/PromotionListPage.tsx"),
    PageRoute("/promotionDetail", "src/pages/catalog/PromotionDetailPage.tsx"),
    PageRoute("/timeperiodConfig", "src/pages/catalog/TimePeriodConfigPage.tsx"),
]
