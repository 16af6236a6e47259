"""Commands that move money, sessions, points or stock run once per `Idempotency-Key` (contract §8).

The command runs in one transaction whose last statement inserts the key's row with the answer (and
the writes the command held for it: apps.core.held_writes). A second request with the same key sent
while the first runs does its work too, but its insert waits on the unique index until the first
commits, then finds the key taken: its transaction rolls back and it answers the first answer again
(status and body). A request whose first run failed finds no row (the failure rolled it back) and
runs. So ten copies of one request sent at once make one order. A copy sent after the first committed
fails the command's own checks (an order already paid) or meets the key at its end; either way it
rolls back and answers the kept answer. The same key with another request (method, path, or body)
answers 409 SYS-40901. Only answers that did something are kept: a refused command changed nothing,
and its retry is judged afresh.

Why at the end and not first: a claim made first costs a statement of its own on every command, and
a checkout is two commands (issue 31). What the late claim costs instead: a copy runs its checks and
writes before it learns it is a copy, and those are rolled back. Nothing a command does outside the
database happens before its transaction commits (a provider's call is the second step, below; a task
is queued after commit), so a copy leaves nothing behind.

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

from apps.core.envelope import EnvelopeResponse, LocalTimeJSONEncoder
from apps.core.errors import IdempotencyKeyReused, InvalidInput
from apps.core.held_writes import HeldWrites, held_writes_with, writes_held
from apps.core.models import IdempotentAnswer
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


def _kept_answer(user_id: int, key: str) -> IdempotentAnswer | None:
    return IdempotentAnswer.objects.filter(user_id=user_id, key=key).first()


def _answer_kept(user_id: int, key: str, fingerprint: str, response: Any, held: HeldWrites) -> bool:
    """Inserts the key's row with the command's answer and the writes it held, in one statement;
    False when the key is taken (another request with it committed first: this one's work must roll
    back). A row another request inserted and has not committed yet makes this wait for it. The
    answer is what the renderer would write, kept as JSON text: PostgreSQL's jsonb would put an
    object's keys in its own order, and the replay must read byte for byte like the first answer."""
    table = connection.ops.quote_name(IdempotentAnswer._meta.db_table)
    held_with, parameters = held_writes_with(held)
    sql = (
        f'{held_with}INSERT INTO {table} ("user_id", "key", "fingerprint", "status", "message", "data", "created_at") '
        'VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT ("user_id", "key") DO NOTHING RETURNING "id"'
    )
    parameters += [
        user_id,
        key,
        fingerprint,
        response.status_code,
        str(getattr(response, "message", ""))[:200],
        json.dumps(json.dumps(response.data, cls=LocalTimeJSONEncoder)),
        timezone.now(),
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, parameters)
        return cursor.fetchone() is not None


View = Callable[..., Any]


class AfterCommit(EnvelopeResponse):
    """A command's first answer, and the step to run once the key's transaction committed."""

    def __init__(self, data: Any, message: str, *, after_commit: Callable[[], Any], **kwargs: Any) -> None:
        super().__init__(data, message, **kwargs)
        self.after_commit = after_commit


def _then(response: Any) -> Any:
    return response.after_commit() if isinstance(response, AfterCommit) else response


class _Copy(Exception):
    """The key was taken by another request that committed first: this run is rolled back."""


def idempotent(method: View) -> View:
    """Wraps a command view's method (post/put) in the key's transaction (see the module's doc)."""

    @functools.wraps(method)
    def run_once(view: Any, request: Request, *args: Any, **kwargs: Any) -> Any:
        key = _key(request)
        user_id: int | None = request.user.pk
        if key is None or user_id is None:  # keys are per user: a caller without one runs as asked
            return _then(method(view, request, *args, **kwargs))
        fingerprint = _fingerprint(request)
        try:
            with command_atomic(), writes_held() as held:
                response = method(view, request, *args, **kwargs)
                if not 200 <= response.status_code < 300:
                    transaction.set_rollback(True)  # an answer that is not a success did nothing to keep
                elif not _answer_kept(user_id, key, fingerprint, response, held):
                    raise _Copy()
        except _Copy:
            return _replay(IdempotentAnswer.objects.get(user_id=user_id, key=key), fingerprint)
        except Exception:
            # A copy sent after the first committed is refused by the command's own checks (the order
            # is paid now): the first answer is its answer.
            kept = _kept_answer(user_id, key)
            if kept is None:
                raise
            return _replay(kept, fingerprint)
        if not 200 <= response.status_code < 300:
            kept = _kept_answer(user_id, key)
            return response if kept is None else _replay(kept, fingerprint)
        return _then(response)

    run_once.idempotent = True  # type: ignore[attr-defined]  # read by the endpoint declarations test
    return run_once


def forget_idempotent_answers(now: Any = None) -> int:
    deleted, _ = IdempotentAnswer.objects.filter(created_at__lt=(now or timezone.now()) - KEPT_FOR).delete()
    return deleted
