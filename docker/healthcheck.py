"""The image's HEALTHCHECK: GET /rest/health from inside the container, exit 0 only on a 200.

It names a host from ALLOWED_HOSTS (Django answers 400 to any other) and says it came over HTTPS,
as the proxy in front does, so that neither the host check nor the HTTPS redirect gets in the way."""

import os
import sys
import urllib.request

hosts = [host.strip().lstrip(".") for host in os.environ.get("ALLOWED_HOSTS", "127.0.0.1").split(",")]
host = next((host for host in hosts if host and host != "*"), "localhost")
request = urllib.request.Request(
    f"http://127.0.0.1:{os.environ.get('PORT', '8000')}/rest/health",
    headers={"Host": host, "X-Forwarded-Proto": "https"},
)
try:
    with urllib.request.urlopen(request, timeout=5) as response:
        sys.exit(0 if response.status == 200 else 1)
except OSError as error:
    print(f"health check failed: {error}", file=sys.stderr)
    sys.exit(1)
