"""The schema's answer of an export call: the file itself, not the envelope (only a refusal is)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse

from apps.core.excel import XLSX_CONTENT_TYPE

XLSX_DOWNLOAD = {
    (200, XLSX_CONTENT_TYPE): OpenApiResponse(
        OpenApiTypes.BINARY, description="an .xlsx file (not the envelope); errors answer the envelope"
    )
}
