from django.urls import path

from apps.cards.api import asset_transfer_views, views

urlpatterns = [
    path("packageCard/findErpAllCard/<id:member_id>", views.MemberCardsApi.as_view(), name="card-member-cards"),
    path("packageCard/findErpCardDetail/<id:card_id>", views.CardDetailApi.as_view(), name="card-detail"),
    path("packageCard/countErpAllCard/<id:member_id>", views.MemberCardCountApi.as_view(), name="card-member-count"),
    path(
        "packageCard/findErpDarwCardRecord/<id:card_id>",
        views.CardSessionUseListApi.as_view(),
        name="card-session-uses",
    ),
    path("packageCard/cardDelayErp", views.CardDelayApi.as_view(), name="card-delay"),
    path("packageCard/freeze", views.CardFreezeApi.as_view(), name="card-freeze"),
    path("packageCard/unfreeze", views.CardUnfreezeApi.as_view(), name="card-unfreeze"),
    path("packageCard/upgrade", views.CardUpgradeApi.as_view(), name="card-upgrade"),
    path("packageCard/changeCardPreview", views.CardChangePreviewApi.as_view(), name="card-change-preview"),
    path("packageCard/changeCard", views.CardChangeApi.as_view(), name="card-change"),
    path("usercard/transferCard", views.CardTransferCheckApi.as_view(), name="card-transfer-check"),
    path("usercard/addtransferCard/<id:card_id>", views.CardTransferStartApi.as_view(), name="card-transfer-start"),
    path(
        "usercard/transferCardCommit/<id:card_id>", views.CardTransferCommitApi.as_view(), name="card-transfer-commit"
    ),
    path("transferCardRest/cardToCard", views.CardToCardApi.as_view(), name="card-to-card"),
    path(
        "oldcardcoefficient/searchByStoreId/<id:store_id>",
        views.StoreCoefficientListApi.as_view(),
        name="card-coefficients",
    ),
    path("coupon/couponList", views.MemberCouponListApi.as_view(), name="coupon-member-list"),
    path("asserMigration/stores", asset_transfer_views.AssetTransferStoresApi.as_view(), name="asset-transfer-stores"),
    path(
        "asserMigration/preview", asset_transfer_views.AssetTransferPreviewApi.as_view(), name="asset-transfer-preview"
    ),
    path("asserMigration/apply", asset_transfer_views.AssetTransferApplyApi.as_view(), name="asset-transfer-apply"),
    path("asserMigration/list", asset_transfer_views.AssetTransferListApi.as_view(), name="asset-transfer-list"),
    path("asserMigration/detail", asset_transfer_views.AssetTransferDetailApi.as_view(), name="asset-transfer-detail"),
    path("coupon/issue", views.CouponIssueApi.as_view(), name="coupon-issue"),
]
