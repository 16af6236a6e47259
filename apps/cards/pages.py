"""Page routes of the card operations (spec §2.2); the guard reads the codes from
apps.core.page_registry (ERP-KDJC-PAG-0003-0000 for transfer and card to card, ERP-HYGL-PAG-0003-0000
for change card). Each operation's button code is checked by its call and hides its button."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/transfercard", "src/pages/cards/TransferCardPage.tsx"),
    PageRoute("/cardtocard", "src/pages/cards/CardToCardPage.tsx"),
    PageRoute("/changeCard", "src/pages/cards/ChangeCardPage.tsx"),
    # Asset transfer (no role code; the calls need BTN-ZCZY-APPLY or BTN-ZCZY-APPROVE).
    PageRoute("/assetTransfer", "src/pages/cards/AssetTransferPage.tsx"),
    PageRoute("/assetTransferDetail", "src/pages/cards/AssetTransferDetailPage.tsx"),
    PageRoute("/asstesDetail", "src/pages/cards/AssetTransferApprovalPage.tsx"),
]
