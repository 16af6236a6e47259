"""The schema's answer of an export call: the file itself, not the envelope (only a refusal is), or,
for 100,000 rows or more, the download centre's job that will make it (apps.core.excel)."""

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from apps.core.excel import XLSX_CONTENT_TYPE


class QueuedExportOutputSerializer(serializers.Serializer[Any]):
    """An export too large to answer at once, queued in the download centre."""

    jobId = serializers.IntegerField()


XLSX_DOWNLOAD = {
    (200, XLSX_CONTENT_TYPE): OpenApiResponse(
        OpenApiTypes.BINARY, description="an .xlsx file (not the envelope); errors answer the envelope"
    ),
    202: OpenApiResponse(
        QueuedExportOutputSerializer,
        description="100,000 rows or more: the file is being made in the download centre (the job's id)",
    ),
}
