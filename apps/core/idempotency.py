"""Commands that move money, sessions, points or stock run once per `Idempotency-Key` (contract §8).

The key's row is inserted first, in the command's own transaction: a second request with the same
key waits on the unique index until the first commits, then finds its answer and gives it again
(status and body); a request whose first run failed finds no row (the failure rolled it back) and
runs. So ten copies of one request sent at once make one order. The same key with another request
(method, path, or body) answers 409 SYS-40901. Only answers that did something are kept: a refused
command changed nothing, and its retry is judged afresh.

A command with a step that may not run inside a transaction (a call to a payment provider, whose
services are durable: decision 0009) answers from its first step with an `AfterCommit` response: the
key's transaction keeps that first answer and commits, then the wrapper runs the response's
`after_commit()` with no transaction open and answers what it answers. A replay gives the first
step's answer and does not run the second step again (the second step must itself be safe to run
once only: docs/decisions/0015-provider-tenders.md)."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework.request import Request

from apps.core.audit import held_logs_insert, logs_held
from apps.core.envelope import EnvelopeResponse, LocalTimeJSONEncoder
from apps.core.errors import IdempotencyKeyReused, InvalidInput
from apps.core.models import IdempotentAnswer, SystemLog
from apps.core.transactions import command_atomic

HEADER = "Idempotency-Key"
KEY_MAX_LENGTH = 64
KEPT_FOR = timedelta(days=1)


def _key(request: Request) -> str | None:
    key = request.headers.get(HEADER)
    if key is None:
        return None
    if not 1 <= len(key) <= KEY_MAX_LENGTH or not key.isprintable():
        raise InvalidInput(_("an idempotency key has 1 to 64 printable characters"), field=HEADER)
    return key


def _fingerprint(request: Request) -> str:
    body = json.dumps(request.data, sort_keys=True, cls=LocalTimeJSONEncoder, default=str)
    return hashlib.sha256(f"{request.method} {request.path}\n{body}".encode()).hexdigest()


def _replay(answer: IdempotentAnswer, fingerprint: str) -> EnvelopeResponse:
    if answer.fingerprint != fingerprint:
        raise IdempotencyKeyReused()
    data = json.loads(answer.data) if isinstance(answer.data, str) else answer.data
    return EnvelopeResponse(data, answer.message, status=answer.status)


def _claim(user_id: int, key: str, fingerprint: str) -> int | None:
    """Inserts the key's row and answers its id, or None when the key is taken. A row another
    request inserted and has not committed yet makes this wait for it (the unique index): then it is
    None when that request committed, and the row is ours when it rolled back. One statement, where
    catching the unique violation would cost a savepoint around the insert."""
    table = IdempotentAnswer._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "{table}" ("user_id", "key", "fingerprint", "status", "message", "created_at") '
            'VALUES (%s, %s, %s, 0, \'\', %s) ON CONFLICT ("user_id", "key") DO NOTHING RETURNING "id"',
            [user_id, key, fingerprint, timezone.now()],
        )
        row = cursor.fetchone()
    return row[0] if row else None


def _answer_kept(answer_id: int, response: Any, logs: list[SystemLog]) -> None:
    """The command's answer kept on its key's row, with the system log's entries the command made
    (apps.core.audit.logs_held), in one statement. The answer is what the renderer would write, kept
    as JSON text: PostgreSQL's jsonb would put an object's keys in its own order, and the replay
    must read byte for byte like the first answer."""
    table = connection.ops.quote_name(IdempotentAnswer._meta.db_table)
    sql = f'UPDATE {table} SET "data" = %s, "message" = %s, "status" = %s WHERE "id" = %s'
    parameters: list[Any] = [
        json.dumps(json.dumps(response.data, cls=LocalTimeJSONEncoder)),
        str(getattr(response, "message", ""))[:200],
        response.status_code,
        answer_id,
    ]
    if logs:
        insert, inserted = held_logs_insert(logs)
        sql, parameters = f"WITH logged AS ({insert}) {sql}", [*inserted, *parameters]
    with connection.cursor() as cursor:
        cursor.execute(sql, parameters)


View = Callable[..., Any]


class AfterCommit(EnvelopeResponse):
    """A command's first answer, and the step to run once the key's transaction committed."""

    def __init__(self, data: Any, message: str, *, after_commit: Callable[[], Any], **kwargs: Any) -> None:
        super().__init__(data, message, **kwargs)
        self.after_commit = after_commit


def _then(response: Any) -> Any:
    return response.after_commit() if isinstance(response, AfterCommit) else response


def idempotent(method: View) -> View:
    """Wraps a command view's method (post/put) in the key's transaction (see the module's doc)."""

    @functools.wraps(method)
    def run_once(view: Any, request: Request, *args: Any, **kwargs: Any) -> Any:
        key = _key(request)
        user_id: int | None = request.user.pk
        if key is None or user_id is None:  # keys are per user: a caller without one runs as asked
            return _then(method(view, request, *args, **kwargs))
        fingerprint = _fingerprint(request)
        with command_atomic(), logs_held() as logs:
            answer_id = _claim(user_id, key, fingerprint)
            if answer_id is None:
                return _replay(IdempotentAnswer.objects.get(user_id=user_id, key=key), fingerprint)
            response = method(view, request, *args, **kwargs)
            if not 200 <= response.status_code < 300:
                transaction.set_rollback(True)  # an answer that is not a success did nothing to keep
                return response
            _answer_kept(answer_id, response, logs)
        return _then(response)

    run_once.idempotent = True  # type: ignore[attr-defined]  # read by the endpoint declarations test
    return run_once


def forget_idempotent_answers(now: Any = None) -> int:
    deleted, _ = IdempotentAnswer.objects.filter(created_at__lt=(now or timezone.now()) - KEPT_FOR).delete()
    return deleted
