"""A fake WeChat Pay (API v3) on 127.0.0.1, for tests and `make run` (issue 14 §1).

It verifies our requests' signatures (Authorization: WECHATPAY2-SHA256-RSA2048 ...) with the
merchant's public key, signs its answers with its own key (Wechatpay-Signature, -Timestamp, -Nonce,
-Serial: the public-key id), and sends notifications (AEAD_AES_256_GCM with the APIv3 key, signed)
to the notify_url of the trade or refund. Calls: codepay, native, query by out_trade_no, close,
reverse, refund and its query, the trade bill and its file.

What happens depends on the amount's last two cent digits, exactly (a person in `make run` picks a
scenario by the amount they type: ¥88.01 declines, ¥88.11 pays), unless a test sets `scenario` on a
trade:
  .01 decline (NOTENOUGH; codepay)      .02 "user paying", paid after 2 queries (codepay)
  .03 notification sent twice (native)  .04 notification lost (native: only a query finds the payment)
  .05 takes the money, then answers `slow_seconds` later (a timeout when the client waits less; codepay)
  .06 500 SYSTEM_ERROR, nothing taken   .07 "user paying" for ever (codepay), never scanned (native)
  .08 native: paid and notified before the order call is answered
  anything else: paid at once (codepay) or when the customer scans (native: `customer_pays`, which
  `auto_pay_seconds` does by itself): a native QR is never declined.
A payment code (codepay) must be 18 digits starting 10 to 15, as WeChat Pay's are; any other is
refused AUTH_CODE_INVALID (付款码无效) before a scenario is looked at.
A test makes a paid trade report another amount, currency, mchid or appid (signed as any answer)
with `misreporting(...)` (apps.payments.fakes.misreport) or the trade's `reported`."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import secrets
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from apps.core.json_types import JsonObject
from apps.payments.fakes.keys import new_rsa_key as new_key
from apps.payments.fakes.keys import private_pem, public_pem
from apps.payments.fakes.misreport import Misreporting
from apps.payments.providers.base import ProviderAccount

CHINA = timezone(timedelta(hours=8))
SIGNATURE_TYPE = "WECHATPAY2-SHA256-RSA2048"

DECLINE, USER_PAYING, TWICE, LOST, TIMEOUT, SERVER_ERROR, WALKS_AWAY, EARLY = (
    "01",
    "02",
    "03",
    "04",
    "05",
    "06",
    "07",
    "08",
)
SCENARIOS = {
    DECLINE: "decline",
    USER_PAYING: "user paying, then paid",
    TWICE: "notification sent twice",
    LOST: "notification lost",
    TIMEOUT: "money taken, answer too late",
    SERVER_ERROR: "server error, nothing taken",
    WALKS_AWAY: "user paying for ever",
    EARLY: "notified before the order call is answered",
}

Deliver = Callable[[str, dict[str, str], bytes], int]


def sign(key: rsa.RSAPrivateKey, message: str) -> str:
    return base64.b64encode(key.sign(message.encode(), padding.PKCS1v15(), hashes.SHA256())).decode()


def http_deliver(url: str, headers: dict[str, str], body: bytes) -> int:
    """How WeChat Pay delivers: an HTTP POST to the notify_url."""
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)
    except OSError:
        return 0


@dataclass
class Trade:
    out_trade_no: str
    amount: int
    trade_type: str  # MICROPAY or NATIVE
    notify_url: str
    state: str = "NOTPAY"
    transaction_id: str = ""
    success_time: datetime | None = None
    scenario: str = ""
    queries: int = 0
    refunded: int = 0
    bill_amount: int | None = None  # a test makes the bill disagree
    # What a paid trade reports instead of the truth: amount, currency, merchant, app (misreport.py).
    reported: JsonObject = field(default_factory=dict)


@dataclass
class Refund:
    out_refund_no: str
    out_trade_no: str
    amount: int
    total: int
    notify_url: str
    refund_id: str = field(default_factory=lambda: f"50{secrets.randbelow(10**26):026d}")
    status: str = "PROCESSING"
    success_time: datetime | None = None


class FakeWeChatPay(Misreporting):
    name = "wechat"

    def __init__(
        self,
        *,
        merchant_id: str = "1900000001",
        app_id: str = "wxfake000000000001",
        deliver: Deliver | None = None,
        auto_pay_seconds: float | None = None,
        slow_seconds: float = 3.0,
        user_paying_queries: int = 2,
    ) -> None:
        self.merchant_id = merchant_id
        self.app_id = app_id
        self.api_v3_key = secrets.token_hex(16)  # 32 characters, as WeChat Pay's APIv3 key
        self.merchant_key = new_key()  # the merchant's: it signs the requests (we hold only its public half)
        self.merchant_serial = secrets.token_hex(20).upper()
        self.platform_key = new_key()  # WeChat Pay's: it signs answers and notifications
        self.public_key_id = f"PUB_KEY_ID_{secrets.token_hex(12).upper()}"
        self.deliver = deliver or http_deliver
        self.auto_pay_seconds = auto_pay_seconds
        self.slow_seconds = slow_seconds
        self.user_paying_queries = user_paying_queries
        self.trades: dict[str, Trade] = {}
        self.misreport: JsonObject = {}
        self.refunds: dict[str, Refund] = {}
        self.bills: dict[str, bytes] = {}
        self.requests: list[tuple[str, str]] = []
        self.notifications: list[tuple[str, int]] = []  # (event, status of our answer)
        self.lock = threading.RLock()
        self._server: ThreadingHTTPServer | None = None
        self._timers: list[threading.Timer] = []

    # -- the server --------------------------------------------------------------------------------
    def start(self) -> FakeWeChatPay:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                fake._handle(self, "GET")

            def do_POST(self) -> None:
                fake._handle(self, "POST")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        # A short poll lets stop() return at once instead of after serve_forever's default 0.5 s.
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True, name="fake-wechatpay"
        ).start()
        return self

    def stop(self) -> None:
        for timer in self._timers:
            timer.cancel()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def base_url(self) -> str:
        assert self._server is not None, "start() first"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def account(self, *, notify_url: str, timeout: float = 5.0) -> ProviderAccount:
        """The merchant account our side uses against this fake."""
        return ProviderAccount(
            provider="wechat",
            base_url=self.base_url,
            merchant_id=self.merchant_id,
            app_id=self.app_id,
            private_key=private_pem(self.merchant_key),
            public_key=public_pem(self.platform_key),
            serial_no=self.merchant_serial,
            api_v3_key=self.api_v3_key,
            notify_url=notify_url,
            extra={"public_key_id": self.public_key_id, "timeout": str(timeout)},
        )

    def settings_entry(self, *, notify_url: str, key_dir: Path, timeout: float = 10.0) -> JsonObject:
        """This fake's PAYMENT_PROVIDERS entry, its keys written to files under key_dir."""
        key_dir.mkdir(parents=True, exist_ok=True)
        files = {
            "private_key": private_pem(self.merchant_key),
            "public_key": public_pem(self.platform_key),
            "api_v3_key": self.api_v3_key,
        }
        entry: JsonObject = {
            "base_url": self.base_url,
            "merchant_id": self.merchant_id,
            "app_id": self.app_id,
            "serial_no": self.merchant_serial,
            "notify_url": notify_url,
            "public_key_id": self.public_key_id,
            "timeout": str(timeout),
        }
        for name, text in files.items():
            path = key_dir / f"wechat-{self.merchant_id}-{name}.pem"
            path.write_text(text, encoding="utf-8")
            path.chmod(0o600)
            entry[f"{name}_file"] = str(path)
        return entry

    # -- protocol ----------------------------------------------------------------------------------
    def _verify_request(self, method: str, path: str, headers: Any, body: str) -> bool:
        auth = headers.get("Authorization", "")
        if not auth.startswith(SIGNATURE_TYPE + " "):
            return False
        fields = {}
        for part in auth[len(SIGNATURE_TYPE) + 1 :].split(","):
            name, _, value = part.partition("=")
            fields[name.strip()] = value.strip().strip('"')
        if fields.get("mchid") != self.merchant_id or fields.get("serial_no") != self.merchant_serial:
            return False
        if abs(time.time() - int(fields.get("timestamp") or 0)) > 300:
            return False
        message = f"{method}\n{path}\n{fields.get('timestamp')}\n{fields.get('nonce_str')}\n{body}\n"
        try:
            self.merchant_key.public_key().verify(
                base64.b64decode(fields.get("signature", "")), message.encode(), padding.PKCS1v15(), hashes.SHA256()
            )
        except (InvalidSignature, ValueError):
            return False
        return True

    def signed_headers(self, body: str, *, key: rsa.RSAPrivateKey | None = None) -> dict[str, str]:
        stamp, nonce = str(int(time.time())), secrets.token_hex(16).upper()
        return {
            "Wechatpay-Timestamp": stamp,
            "Wechatpay-Nonce": nonce,
            "Wechatpay-Signature": sign(key or self.platform_key, f"{stamp}\n{nonce}\n{body}\n"),
            "Wechatpay-Serial": self.public_key_id,
            "Wechatpay-Signature-Type": SIGNATURE_TYPE,
        }

    def _answer(
        self, handler: BaseHTTPRequestHandler, status: int, payload: Any = None, *, raw: bytes | None = None
    ) -> None:
        if raw is not None:
            body, content_type = raw, "application/octet-stream"
        else:
            body = b"" if payload is None else json.dumps(payload, ensure_ascii=False).encode()
            content_type = "application/json; charset=utf-8"
        handler.send_response(status)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(body)))
        text = body.decode("utf-8", "replace") if raw is None else ""
        if 200 <= status < 300:
            for name, value in self.signed_headers(text).items():
                handler.send_header(name, value)
        handler.end_headers()
        try:
            handler.wfile.write(body)
        except OSError:  # the client stopped waiting (the timeout scenario)
            pass

    def _handle(self, handler: BaseHTTPRequestHandler, method: str) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length).decode() if length else ""
        path = handler.path
        with self.lock:
            self.requests.append((method, urlsplit(path).path))
        if not self._verify_request(method, path, handler.headers, body):
            self._answer(handler, 401, {"code": "SIGN_ERROR", "message": "签名错误"})
            return
        data = json.loads(body) if body else {}
        route = urlsplit(path).path
        query = {k: v[0] for k, v in parse_qs(urlsplit(path).query).items()}
        try:
            if method == "POST" and route == "/v3/pay/transactions/codepay":
                self._codepay(handler, data)
            elif method == "POST" and route == "/v3/pay/transactions/native":
                self._native(handler, data)
            elif method == "GET" and route.startswith("/v3/pay/transactions/out-trade-no/"):
                self._query(handler, route.rsplit("/", 1)[-1])
            elif method == "POST" and route.endswith("/close"):
                self._close(handler, route.split("/")[-2], "CLOSED")
            elif method == "POST" and route.endswith("/reverse"):
                self._close(handler, route.split("/")[-2], "REVOKED")
            elif method == "POST" and route == "/v3/refund/domestic/refunds":
                self._refund(handler, data)
            elif method == "GET" and route.startswith("/v3/refund/domestic/refunds/"):
                self._query_refund(handler, route.rsplit("/", 1)[-1])
            elif method == "GET" and route == "/v3/bill/tradebill":
                self._trade_bill(handler, query)
            elif method == "GET" and route == "/v3/billdownload/file":
                self._bill_file(handler, query.get("token", ""))
            else:
                self._answer(handler, 404, {"code": "NOT_FOUND", "message": route})
        except (KeyError, TypeError, ValueError) as bad:
            self._answer(handler, 400, {"code": "PARAM_ERROR", "message": str(bad)})

    def _new_trade(self, trade: Trade) -> Trade:
        trade.reported = dict(self.misreport)
        if "amount" in trade.reported:  # what WeChat Pay settled is what it reported
            trade.bill_amount = int(trade.reported["amount"])
        self.trades[trade.out_trade_no] = trade
        return trade

    @staticmethod
    def scenario_of(amount: int) -> str:
        return f"{amount % 100:02d}"

    def _transaction(self, trade: Trade) -> JsonObject:
        answer: JsonObject = {
            "appid": self.app_id,
            "mchid": self.merchant_id,
            "out_trade_no": trade.out_trade_no,
            "trade_type": trade.trade_type,
            "trade_state": trade.state,
            "trade_state_desc": {"NOTPAY": "未支付", "USERPAYING": "用户支付中", "SUCCESS": "支付成功"}.get(
                trade.state, trade.state
            ),
            "amount": {"total": trade.amount, "currency": "CNY", "payer_total": trade.amount},
        }
        if trade.state in ("SUCCESS", "REFUND") and trade.reported:
            reported = trade.reported
            total = int(reported.get("amount", trade.amount))
            currency = str(reported.get("currency", "CNY"))
            answer["amount"] = {"total": total, "currency": currency, "payer_total": total}
            answer["mchid"] = str(reported.get("merchant", self.merchant_id))
            answer["appid"] = str(reported.get("app", self.app_id))
        if trade.transaction_id:
            answer["transaction_id"] = trade.transaction_id
        if trade.success_time:
            answer["success_time"] = trade.success_time.isoformat(timespec="seconds")
            answer["bank_type"] = "OTHERS"
        return answer

    def _pay(self, trade: Trade) -> None:
        trade.state = "SUCCESS"
        trade.transaction_id = f"42{secrets.randbelow(10**26):026d}"
        trade.success_time = datetime.now(CHINA).replace(microsecond=0)

    def _opened(self, handler: BaseHTTPRequestHandler, trade: Trade) -> Trade | None:
        """The new trade in the book, or None once its refusal is answered: the server error its
        amount asks for, or a trade number used before. The caller holds the lock."""
        if trade.scenario == SERVER_ERROR:
            self._answer(handler, 500, {"code": "SYSTEM_ERROR", "message": "系统错误"})
            return None
        if trade.out_trade_no in self.trades:
            self._answer(handler, 400, {"code": "INVALID_REQUEST", "message": "商户订单号重复"})
            return None
        return self._new_trade(trade)

    def _codepay(self, handler: BaseHTTPRequestHandler, data: JsonObject) -> None:
        out_trade_no, amount = data["out_trade_no"], int(data["amount"]["total"])
        auth_code = str(data["payer"]["auth_code"])
        if data.get("mchid") != self.merchant_id or data.get("appid") != self.app_id:
            self._answer(handler, 400, {"code": "PARAM_ERROR", "message": "mchid/appid"})
            return
        if not (len(auth_code) == 18 and auth_code.isdigit() and auth_code[:2] in {"10", "11", "12", "13", "14", "15"}):
            self._answer(handler, 400, {"code": "AUTH_CODE_INVALID", "message": "付款码无效"})
            return
        scenario = self.scenario_of(amount)
        with self.lock:
            trade = self._opened(handler, Trade(out_trade_no, amount, "MICROPAY", "", scenario=scenario))
            if trade is None:
                return
            if scenario == DECLINE:
                trade.state = "PAYERROR"
                self._answer(handler, 403, {"code": "NOTENOUGH", "message": "余额不足"})
                return
            if scenario in (USER_PAYING, WALKS_AWAY):
                trade.state = "USERPAYING"
                self._answer(handler, 202, {"code": "USERPAYING", "message": "需要用户输入支付密码"})
                return
            self._pay(trade)
            answer = self._transaction(trade)
        if scenario == TIMEOUT:
            time.sleep(self.slow_seconds)
        self._answer(handler, 200, answer)

    def _native(self, handler: BaseHTTPRequestHandler, data: JsonObject) -> None:
        out_trade_no, amount = data["out_trade_no"], int(data["amount"]["total"])
        if not data.get("notify_url"):
            self._answer(handler, 400, {"code": "PARAM_ERROR", "message": "notify_url"})
            return
        scenario = self.scenario_of(amount)
        trade = Trade(out_trade_no, amount, "NATIVE", data["notify_url"], scenario=scenario)
        with self.lock:
            if self._opened(handler, trade) is None:
                return
        if scenario == EARLY:
            self.customer_pays(out_trade_no)
        self._answer(handler, 200, {"code_url": f"weixin://wxpay/bizpayurl?pr={secrets.token_urlsafe(9)}"})
        if scenario != WALKS_AWAY:
            self._automatically(self.customer_pays, out_trade_no)

    def _automatically(self, step: Callable[[str], object], key: str) -> None:
        """The customer's (or the bank's) next step, `auto_pay_seconds` later when that is set."""
        if self.auto_pay_seconds is None:
            return
        timer = threading.Timer(self.auto_pay_seconds, step, args=(key,))
        timer.daemon = True
        self._timers.append(timer)
        timer.start()

    def _query(self, handler: BaseHTTPRequestHandler, out_trade_no: str) -> None:
        with self.lock:
            trade = self.trades.get(out_trade_no)
            if trade is None:
                self._answer(handler, 404, {"code": "ORDER_NOT_EXIST", "message": "订单不存在"})
                return
            trade.queries += 1
            if (
                trade.state == "USERPAYING"
                and trade.scenario == USER_PAYING
                and trade.queries >= self.user_paying_queries
            ):
                self._pay(trade)
            answer = self._transaction(trade)
        self._answer(handler, 200, answer)

    def _close(self, handler: BaseHTTPRequestHandler, out_trade_no: str, state: str) -> None:
        with self.lock:
            trade = self.trades.get(out_trade_no)
            if trade is None:
                self._answer(handler, 404, {"code": "ORDER_NOT_EXIST", "message": "订单不存在"})
                return
            if trade.state in ("SUCCESS", "REFUND"):
                self._answer(handler, 400, {"code": "ORDERPAID", "message": "订单已支付"})
                return
            trade.state = state
        self._answer(handler, 204 if state == "CLOSED" else 200, None if state == "CLOSED" else {})

    def _refund_answer(self, refund: Refund) -> JsonObject:
        trade = self.trades[refund.out_trade_no]
        answer: JsonObject = {
            "refund_id": refund.refund_id,
            "out_refund_no": refund.out_refund_no,
            "transaction_id": trade.transaction_id,
            "out_trade_no": refund.out_trade_no,
            "channel": "ORIGINAL",
            "user_received_account": "支付用户零钱",
            "create_time": datetime.now(CHINA).isoformat(timespec="seconds"),
            "status": refund.status,
            "amount": {
                "total": refund.total,
                "refund": refund.amount,
                "payer_total": refund.total,
                "payer_refund": refund.amount,
                "currency": "CNY",
            },
        }
        if refund.success_time:
            answer["success_time"] = refund.success_time.isoformat(timespec="seconds")
        return answer

    def _refund(self, handler: BaseHTTPRequestHandler, data: JsonObject) -> None:
        out_refund_no, amount = data["out_refund_no"], data["amount"]
        with self.lock:
            if out_refund_no in self.refunds:  # the same refund asked again: once only
                self._answer(handler, 200, self._refund_answer(self.refunds[out_refund_no]))
                return
            trade = self.trades.get(data.get("out_trade_no", ""))
            if trade is None:
                self._answer(handler, 404, {"code": "RESOURCE_NOT_EXISTS", "message": "订单不存在"})
                return
            if trade.state not in ("SUCCESS", "REFUND"):
                self._answer(handler, 400, {"code": "INVALID_REQUEST", "message": "订单未支付"})
                return
            if int(amount["total"]) != trade.amount or trade.refunded + int(amount["refund"]) > trade.amount:
                self._answer(handler, 400, {"code": "INVALID_REQUEST", "message": "退款金额超过订单可退金额"})
                return
            refund = Refund(
                out_refund_no,
                trade.out_trade_no,
                int(amount["refund"]),
                trade.amount,
                data.get("notify_url") or "",
            )
            trade.refunded += refund.amount
            trade.state = "REFUND"
            self.refunds[out_refund_no] = refund
            answer = self._refund_answer(refund)
        self._answer(handler, 200, answer)
        self._automatically(self.complete_refund, out_refund_no)

    def _query_refund(self, handler: BaseHTTPRequestHandler, out_refund_no: str) -> None:
        with self.lock:
            refund = self.refunds.get(out_refund_no)
            if refund is None:
                self._answer(handler, 404, {"code": "RESOURCE_NOT_EXISTS", "message": "退款单不存在"})
                return
            answer = self._refund_answer(refund)
        self._answer(handler, 200, answer)

    def bill_text(self, day: date) -> str:
        header = (
            "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,"
            "货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,"
            "商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注"
        )
        lines, count, total, refunded = [header], 0, 0, 0

        def row(when: datetime, trade: Trade, state: str, refund: Refund | None) -> str:
            amount = trade.amount if trade.bill_amount is None else trade.bill_amount
            values = [
                when.strftime("%Y-%m-%d %H:%M:%S"), self.app_id, self.merchant_id, "0", "", trade.transaction_id,
                trade.out_trade_no, "oFAKEopenid", trade.trade_type, state, "OTHERS", "CNY",
                f"{amount / 100:.2f}" if refund is None else "0.00", "0.00",
                refund.refund_id if refund else "0", refund.out_refund_no if refund else "0",
                f"{refund.amount / 100:.2f}" if refund else "0.00", "0.00", "ORIGINAL" if refund else "",
                "SUCCESS" if refund else "", "fake", "", "0.00", "0.60%",
                f"{amount / 100:.2f}" if refund is None else "0.00",
                f"{refund.amount / 100:.2f}" if refund else "0.00", "",
            ]  # fmt: skip
            return ",".join(f"`{value}" for value in values)

        with self.lock:
            for trade in self.trades.values():
                if trade.success_time and trade.success_time.astimezone(CHINA).date() == day:
                    lines.append(row(trade.success_time, trade, "SUCCESS", None))
                    count += 1
                    total += trade.amount if trade.bill_amount is None else trade.bill_amount
            for refund in self.refunds.values():
                if refund.status == "SUCCESS" and refund.success_time and refund.success_time.date() == day:
                    lines.append(row(refund.success_time, self.trades[refund.out_trade_no], "REFUND", refund))
                    count += 1
                    refunded += refund.amount
        lines.append("总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额")
        lines.append(
            f"`{count},`{total / 100:.2f},`{refunded / 100:.2f},`0.00,`0.00,`{total / 100:.2f},`{refunded / 100:.2f}"
        )
        return "\n".join(lines) + "\n" if count else ""

    def _trade_bill(self, handler: BaseHTTPRequestHandler, query: dict[str, str]) -> None:
        text = self.bill_text(date.fromisoformat(query["bill_date"]))
        if not text:
            self._answer(handler, 400, {"code": "NO_STATEMENT_EXIST", "message": "账单不存在"})
            return
        raw = text.encode("utf-8")
        token = secrets.token_urlsafe(12)
        with self.lock:
            self.bills[token] = gzip.compress(raw)
        self._answer(
            handler,
            200,
            {
                "hash_type": "SHA1",
                "hash_value": hashlib.sha1(raw).hexdigest(),
                "download_url": f"{self.base_url}/v3/billdownload/file?token={token}",
            },
        )

    def _bill_file(self, handler: BaseHTTPRequestHandler, token: str) -> None:
        with self.lock:
            content = self.bills.get(token)
        if content is None:
            self._answer(handler, 404, {"code": "RESOURCE_NOT_EXISTS", "message": "账单不存在"})
            return
        self._answer(handler, 200, raw=content)

    # -- what happens outside the API: the customer, WeChat Pay's notifier -------------------------
    def customer_pays(self, out_trade_no: str) -> None:
        """The customer scans the QR and pays: the trade succeeds and WeChat Pay notifies (twice, or
        not at all, by the trade's scenario)."""
        with self.lock:
            trade = self.trades[out_trade_no]
            if trade.state not in ("NOTPAY", "USERPAYING"):
                return
            self._pay(trade)
            resource = self._transaction(trade)
        self._send_after_pay(trade, resource)

    def _send_after_pay(self, trade: Trade, resource: JsonObject) -> None:
        if not trade.notify_url or trade.scenario == LOST:
            return
        for _ in range(2 if trade.scenario == TWICE else 1):
            self.send_notification(trade.notify_url, "TRANSACTION.SUCCESS", "transaction", resource)

    def complete_refund(self, out_refund_no: str, *, notify: bool = True) -> None:
        """The money reaches the customer: the refund succeeds and WeChat Pay notifies."""
        with self.lock:
            refund = self.refunds[out_refund_no]
            if refund.status != "PROCESSING":
                return
            refund.status = "SUCCESS"
            refund.success_time = datetime.now(CHINA).replace(microsecond=0)
            trade = self.trades[refund.out_trade_no]
            resource = {
                "mchid": self.merchant_id,
                "out_trade_no": refund.out_trade_no,
                "transaction_id": trade.transaction_id,
                "out_refund_no": out_refund_no,
                "refund_id": refund.refund_id,
                "refund_status": "SUCCESS",
                "success_time": refund.success_time.isoformat(timespec="seconds"),
                "user_received_account": "支付用户零钱",
                "amount": {
                    "total": refund.total,
                    "refund": refund.amount,
                    "payer_total": refund.total,
                    "payer_refund": refund.amount,
                },
            }
        if notify and refund.notify_url:
            self.send_notification(refund.notify_url, "REFUND.SUCCESS", "refund", resource)

    def notification(
        self, event: str, original_type: str, resource: JsonObject, *, key: rsa.RSAPrivateKey | None = None
    ) -> tuple[dict[str, str], bytes]:
        """A notification as WeChat Pay sends it: the resource encrypted with the APIv3 key, the body
        signed with the platform key (or `key`, to forge one)."""
        nonce = secrets.token_hex(6)
        ciphertext = AESGCM(self.api_v3_key.encode()).encrypt(
            nonce.encode(), json.dumps(resource, ensure_ascii=False).encode(), original_type.encode()
        )
        body = json.dumps(
            {
                "id": str(uuid.uuid4()),
                "create_time": datetime.now(CHINA).isoformat(timespec="seconds"),
                "resource_type": "encrypt-resource",
                "event_type": event,
                "summary": "支付成功" if event.startswith("TRANSACTION") else "退款成功",
                "resource": {
                    "original_type": original_type,
                    "algorithm": "AEAD_AES_256_GCM",
                    "ciphertext": base64.b64encode(ciphertext).decode(),
                    "associated_data": original_type,
                    "nonce": nonce,
                },
            },
            ensure_ascii=False,
        )
        headers = {"Content-Type": "application/json", **self.signed_headers(body, key=key)}
        return headers, body.encode()

    def payment_notification(self, out_trade_no: str, **kwargs: Any) -> tuple[dict[str, str], bytes]:
        with self.lock:
            trade = self.trades[out_trade_no]
            resource = self._transaction(trade)
            if kwargs.pop("claim_paid", False):  # a forger's claim: as if it had been paid
                resource.update(trade_state="SUCCESS", transaction_id="4200000000000000000000000000")
        return self.notification("TRANSACTION.SUCCESS", "transaction", resource, **kwargs)

    def send_notification(self, url: str, event: str, original_type: str, resource: JsonObject) -> int:
        headers, body = self.notification(event, original_type, resource)
        status = self.deliver(url, headers, body)
        with self.lock:
            self.notifications.append((event, status))
        return status


def start(notify_url: str, *, auto_pay_seconds: float | None = 5.0) -> tuple[JsonObject, Callable[[], None]]:
    """For the registry of fakes (`manage.py run_fake_providers`): a fake whose QR trades are paid
    `auto_pay_seconds` after they are shown (and refunds completed as long after), notifying
    `notify_url`; its keys in files of a private temporary directory. (settings entry, stop)."""
    fake = FakeWeChatPay(auto_pay_seconds=auto_pay_seconds).start()
    key_dir = Path(tempfile.mkdtemp(prefix="fake-wechatpay-"))
    return fake.settings_entry(notify_url=notify_url, key_dir=key_dir), fake.stop
