from django.urls import path

from apps.members.api import move_in_views as views

_MOVE_IN = "storemembermoveinrest"
_UPLOAD = "storerelocationupload"

urlpatterns = [
    path(f"{_MOVE_IN}/list", views.MoveInListApi.as_view(), name="movein-list"),
    path(f"{_MOVE_IN}/count", views.MoveInCountApi.as_view(), name="movein-count"),
    path(f"{_MOVE_IN}/summary", views.MoveInSummaryApi.as_view(), name="movein-summary"),
    path(f"{_MOVE_IN}/lineList", views.MoveInLineListApi.as_view(), name="movein-line-list"),
    path(f"{_MOVE_IN}/detail", views.MoveInDetailApi.as_view(), name="movein-detail"),
    path(f"{_MOVE_IN}/save", views.MoveInSaveApi.as_view(), name="movein-save"),
    path(f"{_MOVE_IN}/update", views.MoveInUpdateApi.as_view(), name="movein-update"),
    path(f"{_MOVE_IN}/delete", views.MoveInDeleteApi.as_view(), name="movein-delete"),
    path(f"{_MOVE_IN}/commit", views.MoveInCommitApi.as_view(), name="movein-commit"),
    path(f"{_MOVE_IN}/findByPhone", views.MoveInFindByPhoneApi.as_view(), name="movein-find-by-phone"),
    path(f"{_MOVE_IN}/cardTypes", views.MoveInCardTypesApi.as_view(), name="movein-card-types"),
    path(f"{_MOVE_IN}/projects", views.MoveInProjectsApi.as_view(), name="movein-projects"),
    path(f"{_MOVE_IN}/newCardDiscount", views.MoveInNewCardDiscountApi.as_view(), name="movein-new-card-discount"),
    path(f"{_MOVE_IN}/attachments", views.MoveInAttachmentsApi.as_view(), name="movein-attachments"),
    path(f"{_UPLOAD}/upload", views.AttachmentUploadApi.as_view(), name="movein-attachment-upload"),
    path(f"{_UPLOAD}/delete", views.AttachmentDeleteApi.as_view(), name="movein-attachment-delete"),
    path(f"{_UPLOAD}/file/<id:attachment_id>", views.AttachmentFileApi.as_view(), name="movein-attachment-file"),
    path(f"{_UPLOAD}/import", views.ImportApi.as_view(), name="movein-import"),
    path(f"{_UPLOAD}/template", views.ImportTemplateApi.as_view(), name="movein-import-template"),
]
