"""A small stand-in for WeCom's server API, served over real HTTP on 127.0.0.1 (STYLE.md: fake
only what is outside the project, with a local fake server). Tests program its answers:

    fake.members["code-1"] = "zhangsan"   # a member's code -> {errcode: 0, userid}
    fake.outsiders.add("code-2")          # a code of someone outside the company -> openid only
    fake.delay = 1.0                      # answer this many seconds late (timeouts)
    fake.broken = True                    # answer HTTP 500 with a body that is not JSON
    fake.expire_tokens()                  # every access token issued so far is now expired

Its approval (OA) API: `POST /cgi-bin/oa/applyevent` files an approval (`applied` keeps each body) and
answers its sp_no; `POST /cgi-bin/oa/getapprovaldetail` answers where it stands, 1 (waiting) until
the test decides it:

    fake.decide(sp_no, 2, approver="boss-wecom")   # 2 approved, 3 rejected, 4 withdrawn ...

Any other code answers errcode 40029 (invalid code), as WeCom does. `calls` lists the paths asked.
"""

from __future__ import annotations

import itertools
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

INVALID_CODE = 40029
INVALID_SECRET = 40001
EXPIRED_TOKEN = 42001
INVALID_PARAMETER = 40058
NO_SUCH_APPROVAL = 301055


class FakeWecom:
    def __init__(self, *, corp_id: str, secret: str, expires_in: int = 7200) -> None:
        self.corp_id = corp_id
        self.secret = secret
        self.expires_in = expires_in
        self.members: dict[str, str] = {}
        self.outsiders: set[str] = set()
        self.delay = 0.0
        self.broken = False
        self.calls: list[str] = []
        self._valid_tokens: set[str] = set()
        self.applied: list[dict[str, Any]] = []
        self.approvals: dict[str, dict[str, Any]] = {}
        self._serial = itertools.count(1)
        self._release = threading.Event()  # ends a delayed answer when the server stops
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        # A short poll interval lets stop() return at once instead of after serve_forever's 0.5 s.
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,), daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_port}"

    def start(self) -> FakeWecom:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._release.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def expire_tokens(self) -> None:
        self._valid_tokens.clear()

    def decide(self, sp_no: str, sp_status: int, *, approver: str = "") -> None:
        self.approvals[sp_no] = {"sp_status": sp_status, "approver": approver}

    def count(self, path: str) -> int:
        return sum(1 for called in self.calls if called == path)

    # --- answers -------------------------------------------------------------------------------

    def answer(self, path: str, query: dict[str, str]) -> dict[str, Any]:
        if path == "/cgi-bin/gettoken":
            if query.get("corpid") != self.corp_id or query.get("corpsecret") != self.secret:
                return {"errcode": INVALID_SECRET, "errmsg": "invalid credential"}
            token = f"token-{next(self._serial)}"
            self._valid_tokens.add(token)
            return {"errcode": 0, "errmsg": "ok", "access_token": token, "expires_in": self.expires_in}
        if path == "/cgi-bin/auth/getuserinfo":
            if query.get("access_token") not in self._valid_tokens:
                return {"errcode": EXPIRED_TOKEN, "errmsg": "access_token expired"}
            code = query.get("code", "")
            if code in self.members:
                return {"errcode": 0, "errmsg": "ok", "userid": self.members[code], "user_ticket": "t"}
            if code in self.outsiders:
                return {"errcode": 0, "errmsg": "ok", "openid": "o-" + code, "external_userid": "wm-" + code}
            return {"errcode": INVALID_CODE, "errmsg": "invalid code"}
        return {"errcode": 404, "errmsg": "no such api"}

    def answer_post(self, path: str, query: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
        if query.get("access_token") not in self._valid_tokens:
            return {"errcode": EXPIRED_TOKEN, "errmsg": "access_token expired"}
        if path == "/cgi-bin/oa/applyevent":
            if not body.get("creator_userid") or not body.get("template_id"):
                return {"errcode": INVALID_PARAMETER, "errmsg": "invalid parameter"}
            sp_no = f"2026112400{next(self._serial):02d}"
            self.applied.append(body)
            self.approvals[sp_no] = {"sp_status": 1, "approver": ""}
            return {"errcode": 0, "errmsg": "ok", "sp_no": sp_no}
        if path == "/cgi-bin/oa/getapprovaldetail":
            sp_no = str(body.get("sp_no", ""))
            if sp_no not in self.approvals:
                return {"errcode": NO_SUCH_APPROVAL, "errmsg": "invalid sp_no"}
            state = self.approvals[sp_no]
            details = [{"approver": {"userid": state["approver"]}, "speech": "", "sp_status": state["sp_status"]}]
            return {
                "errcode": 0,
                "errmsg": "ok",
                "info": {
                    "sp_no": sp_no,
                    "sp_status": state["sp_status"],
                    "sp_record": [{"sp_status": state["sp_status"], "approverattr": 1, "details": details}],
                },
            }
        return {"errcode": 404, "errmsg": "no such api"}

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self._serve(None)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    posted = json.loads(self.rfile.read(length).decode("utf-8") or "{}")
                except ValueError:
                    posted = {}
                self._serve(posted if isinstance(posted, dict) else {})

            def _serve(self, posted: dict[str, Any] | None) -> None:
                parts = urlsplit(self.path)
                fake.calls.append(parts.path)
                if fake.delay and fake._release.wait(fake.delay):
                    return  # the server is stopping: the client has long given up
                if fake.broken:
                    body, status = b"<html>502 Bad Gateway</html>", 500
                else:
                    query = {key: values[0] for key, values in parse_qs(parts.query).items()}
                    answer = (
                        fake.answer(parts.path, query)
                        if posted is None
                        else fake.answer_post(parts.path, query, posted)
                    )
                    body, status = json.dumps(answer).encode(), 200
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except OSError:
                    pass  # the client timed out and closed the connection

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep the test output clean

        return Handler
