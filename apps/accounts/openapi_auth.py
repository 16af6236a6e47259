"""How the two ways of authenticating appear in the OpenAPI schema."""

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension

from apps.core.json_types import JsonObject


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "apps.accounts.authentication.ErpTokenAuthentication"
    name = "bearerToken"

    def get_security_definition(self, auto_schema: Any) -> JsonObject:
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "JWT",
            "description": "Access token from /rest/auth/login or selectHierRole; send X-Account-Version as well.",
        }


class SessionCookieScheme(OpenApiAuthenticationExtension):
    target_class = "apps.accounts.authentication.ErpSessionAuthentication"
    name = "sessionCookie"

    def get_security_definition(self, auto_schema: Any) -> JsonObject:
        return {"type": "apiKey", "in": "cookie", "name": "sessionid"}
