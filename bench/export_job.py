"""A download-centre export end to end (issue 29 §5, §6: "a 100,000-row export ≤ 15 s and ≤ 300 MB
peak memory"): `--generate` loads the rows (system log entries of one store, COPY-fast through
bulk_create) into its own database; the run queues an export of a 12-column report over them and
runs the task in this process (apps.reports.exports.export_run: the server-side cursor, the
streamed workbook, the progress updates, the file on the storage), then prints one JSON line:
wall and CPU seconds, peak resident memory, rows and file size. The run measures in a process of
its own, so the peak is the export's, not the generation's."""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from typing import Any

STORE_ID = 900_001
BATCH = 10_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--generate", action="store_true", help="(re)load the rows first")
    parser.add_argument("--measure", action="store_true", help="run the export in this process (used by the run)")


def _generate(count: int) -> None:
    from django.core.management import call_command
    from django.db import connection

    from apps.core.models import SystemLog

    call_command("migrate", verbosity=0)
    with connection.cursor() as cursor:
        # The log is append-only (a trigger refuses DELETE): the bench's rows go with TRUNCATE.
        cursor.execute(f'TRUNCATE "{SystemLog._meta.db_table}"')
    for first in range(0, count, BATCH):
        SystemLog.objects.bulk_create(
            SystemLog(
                login_name=f"SY{n % 900:05d}",
                role_name="店长" if n % 3 else "=formula-looking role",
                store_id=STORE_ID,
                store_name="Bench store",
                action="member.updated",
                object_type="members.member",
                object_id=str(n),
                object_repr=f"HY{n:08d} 王*",
                detail={"n": n},
                ip_address="10.0.0.1",
            )
            for n in range(first, min(first + BATCH, count))
        )


def _report() -> type[Any]:
    from django.db.models import DecimalField, ExpressionWrapper, F, Value
    from django.db.models.functions import Length

    from apps.core.models import SystemLog
    from apps.reports.framework import Column, Report, ReportFilters, register_report, reports

    class BenchExport(Report):
        key = "BenchExport"
        route = "/salesDetail"
        title = "Bench export"

        def columns(self, f: ReportFilters) -> list[Column]:
            return [
                Column("entryId", "Entry", kind="count"),
                Column("createdAt", "Time", kind="datetime"),
                Column("loginName", "Account"),
                Column("roleName", "Role"),
                Column("storeName", "Store"),
                Column("action", "Action"),
                Column("objectType", "Object type"),
                Column("objectId", "Object id"),
                Column("objectName", "Object"),
                Column("ipAddress", "IP address"),
                Column("amount", "Amount", kind="money", total=True),
                Column("day", "Day", kind="date"),
            ]

        def rows(self, f: ReportFilters) -> Any:
            return (
                SystemLog.objects.filter(store_id__in=f.stores)
                .annotate(
                    entryId=F("pk"),
                    createdAt=F("created_at"),
                    loginName=F("login_name"),
                    roleName=F("role_name"),
                    storeName=F("store_name"),
                    objectType=F("object_type"),
                    objectId=F("object_id"),
                    objectName=F("object_repr"),
                    ipAddress=F("ip_address"),
                    amount=ExpressionWrapper(
                        Length("object_repr") * Value(1.25), output_field=DecimalField(max_digits=12, decimal_places=2)
                    ),
                    day=F("created_at__date"),
                )
                .values(*(column.key for column in self.columns(f)))
                .order_by("pk")
            )

    reports.unregister(BenchExport.key)
    return register_report(BenchExport)


def _measure(count: int) -> dict[str, Any]:
    import psycopg
    from django.conf import settings
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from apps.accounts.models import User
    from apps.org.models import OrgUnit
    from apps.reports.exports import export_run, filters_to_json
    from apps.reports.framework import ReportFilters
    from apps.reports.models import ExportJob
    from bench.raw_replay import ROLLED_BACK, replay_ms

    settings.MEDIA_ROOT = tempfile.mkdtemp(prefix="bench-exports-")
    report = _report()
    user = User.objects.filter(login_name="SYBENCH").first() or User.objects.create_user("SYBENCH", "Bench@12345")
    level = OrgUnit.objects.filter(parent=None).first() or OrgUnit.objects.create(
        kind="head_office", name="Bench", code="BENCH-HQ"
    )
    today = timezone.localdate()
    filters = ReportFilters(
        stores=(STORE_ID,),
        date_from=today - timedelta(days=30),
        date_to=today,
        staff_id=None,
        category_id=None,
        segment=None,
        extra={},
        own_employee_id=None,
        regroup_today=False,
        user_id=user.pk,
        store_id=None,
    )
    job = ExportJob.objects.create(
        requester=user, hier=level, report_key=report.key, filters=filters_to_json(filters, None), language="zh-hans"
    )
    # The export's statements are recorded as it runs (a few: the job's row and one cursor over the
    # rows; recording costs microseconds against seconds), then replayed over plain psycopg.
    with CaptureQueriesContext(connection) as captured:
        started, cpu_started = time.perf_counter(), time.process_time()
        status = export_run(job_id=job.pk)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    job.refresh_from_db()
    statements = [q["sql"] for q in captured.captured_queries]
    try:
        [sql_s] = replay_ms([statements], write=True)
        baseline: dict[str, Any] = {
            "sql_seconds": round(sql_s, 3), "ratio": round(seconds / max(sql_s, 1e-6), 1), "replay": ROLLED_BACK,
        }  # fmt: skip
    except psycopg.Error as failed:
        baseline = {"sql_seconds": "n/a", "ratio": "n/a", "replay": f"n/a: {str(failed).splitlines()[0]}"}
    return {
        "rows": job.rows,
        "asked": count,
        "status": str(status),
        "seconds": round(seconds, 2),
        "cpuSeconds": round(cpu, 2),
        "peakMB": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "fileMB": round(job.file.size / 2**20, 1) if job.file else 0,
        "statements": len(statements),
        **baseline,
    }


def run(args: argparse.Namespace) -> None:
    if args.measure:
        print(json.dumps(_measure(args.rows)))
        return
    if args.generate:
        _generate(args.rows)
    from bench.live_server import database_url

    done = subprocess.run(
        [sys.executable, "-m", "bench", "export-job", "--rows", str(args.rows), "--measure"],
        capture_output=True,
        text=True,
        # This process's database (under the suite, its test database), not the bench's default.
        env={**os.environ, "DATABASE_URL": database_url()},
    )
    print(done.stdout.strip() or json.dumps({"error": done.stderr.strip().splitlines()[-3:]}))
