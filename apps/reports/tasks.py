from celery import shared_task

from apps.reports import exports


@shared_task(name="apps.reports.tasks.run_export")
def run_export(job_id: int) -> str:
    """Makes a download-centre job's file (apps.reports.exports.export_run)."""
    return str(exports.export_run(job_id=job_id))


@shared_task(name="apps.reports.tasks.expire_exports")
def expire_exports() -> int:
    """Hourly (beat): files kept past settings.EXPORT_KEEP_HOURS are deleted, their jobs expired."""
    return exports.expire_exports()
