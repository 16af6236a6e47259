from celery import shared_task

from apps.reports import exports
from apps.reports.summaries.drain import drain
from apps.reports.summaries.services import summaries_check


@shared_task(name="apps.reports.tasks.run_export")
def run_export(job_id: int) -> str:
    """Makes a download-centre job's file (apps.reports.exports.export_run)."""
    return str(exports.export_run(job_id=job_id))


@shared_task(name="apps.reports.tasks.expire_exports")
def expire_exports() -> int:
    """Hourly (beat): files kept past settings.EXPORT_KEEP_HOURS are deleted, their jobs expired."""
    return exports.expire_exports()


# A beat run drains at most this many batches, so a backlog never holds one worker for long: the
# next run, 30 s later, goes on.
DRAIN_BATCHES = 50


@shared_task(name="apps.reports.tasks.drain_summaries")
def drain_summaries() -> int:
    """Every 30 s (beat): recomputes the store-days the writers marked dirty. Answers how many."""
    return drain(max_batches=DRAIN_BATCHES)


@shared_task(name="apps.reports.tasks.check_summaries")
def check_summaries() -> int:
    """Nightly (beat): the last SUMMARY_CHECK_DAYS days rebuilt and compared; differences alerted and
    fixed. Answers how many store-day rows differed."""
    return len(summaries_check())
