"""`make image-check`: build the image with podman and run it as production would, against a real
PostgreSQL and Redis (issue 26 §3).

1. The base images: local Debian bookworm stand-ins (docker/standins.sh, made once per machine), or
   the official images with `--official` where a registry is reachable.
2. `podman build --isolation chroot --format docker` (the Docker format keeps the HEALTHCHECK).
3. The web container on a database of its own (created afresh on DATABASE_URL's server): its
   entrypoint migrates, and the check waits for the image's HEALTHCHECK to pass.
4. Demo data, a sign-in through /rest/auth/login, and the sign-in page (/xxbLogin) with every
   hashed asset it names served with a long cache life.
5. A Celery worker from the same image takes a task sent through Redis and answers it.
6. Both containers run as the image's unprivileged user; the image's size is printed and held under
   400 MB.

It starts no Django of its own and needs nothing but podman, runc, the standard library and psycopg
(for the database). DATABASE_URL and REDIS_URL name the servers (TCP; the containers share the
host's network); the defaults are the local ones CI uses.
"""

from __future__ import annotations

import argparse
import html.parser
import json
import os
import secrets
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from base64 import urlsafe_b64encode
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parent.parent
IMAGE = "localhost/erp:check"
WEB = "erp-check-web"
WORKER = "erp-check-worker"
PORT = 18765
HOST = "erp.example.com"
SIZE_LIMIT_MB = 400
APP_UID = "10001"
DEMO_ACCOUNT, DEMO_PASSWORD = "SY00002", "Demo@12345"


def log(message: str) -> None:
    print(f"image-check: {message}", flush=True)


def podman(*args: str, check: bool = True, capture: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["podman", "--runtime", "runc", *args], check=check, text=True, capture_output=capture)


def base_images(official: bool) -> tuple[str, str]:
    if official:
        return "python:3.11-slim-bookworm", "node:20-bookworm-slim"
    made = subprocess.run(["bash", str(ROOT / "docker" / "standins.sh")], check=True, text=True, stdout=subprocess.PIPE)
    python_image, node_image = made.stdout.split()
    return python_image, node_image


def build(python_image: str, node_image: str) -> None:
    started = time.monotonic()
    subprocess.run(
        [
            "podman", "build", "--isolation", "chroot", "--format", "docker",
            "--build-arg", f"PYTHON_IMAGE={python_image}",
            "--build-arg", f"NODE_IMAGE={node_image}",
            "--tag", IMAGE, str(ROOT),
        ],
        check=True,
    )  # fmt: skip
    log(f"built {IMAGE} in {time.monotonic() - started:.0f} s")


def fresh_database(server_url: str, name: str) -> str:
    """A new, empty database on the server DATABASE_URL names; its URL."""
    parts = urllib.parse.urlsplit(server_url)
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return parts._replace(path=f"/{name}").geturl()


def drop_database(database_url: str) -> None:
    parts = urllib.parse.urlsplit(database_url)
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')


# This machine's kernel refuses a container the host's own process limit (runc: "error setting
# rlimits"), and podman asks for more open files than it allows: modest limits of its own instead. The
# HEALTHCHECK runs when this script asks (`podman healthcheck run`): there is no systemd for a timer.
RUN_OPTIONS = [
    "--network", "host", "--ulimit", "nofile=16384:16384", "--ulimit", "nproc=4096:4096",
    "--health-interval", "disable",
]  # fmt: skip


def container_env(database_url: str, redis_url: str) -> list[str]:
    values = {
        "DEBUG": "0",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "HANDOVER_KEY": urlsafe_b64encode(secrets.token_bytes(32)).decode(),
        "ALLOWED_HOSTS": HOST,
        "PORT": str(PORT),
        "WEB_CONCURRENCY": "2",
    }
    return [argument for key, value in values.items() for argument in ("--env", f"{key}={value}")]


def wait_healthy(timeout: float = 240) -> None:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        state = podman("inspect", "--format", "{{.State.Status}}", WEB).stdout.strip()
        if state != "running":
            raise SystemExit(f"the web container stopped ({state}):\n{podman('logs', WEB).stderr[-4000:]}")
        if podman("healthcheck", "run", WEB, check=False).returncode == 0:
            log(f"HEALTHCHECK passed after {time.monotonic() - started:.0f} s")
            return
        time.sleep(2)
    raise SystemExit(f"no healthy answer in {timeout:.0f} s:\n{podman('logs', WEB).stderr[-4000:]}")


def request(path: str, *, data: bytes | None = None, headers: dict[str, str] | None = None) -> Any:
    # As the proxy in front would send it: the allowed host, and HTTPS already ended there.
    sent = {"Host": HOST, "X-Forwarded-Proto": "https", "Accept-Language": "en", **(headers or {})}
    return urllib.request.urlopen(
        urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", data=data, headers=sent), timeout=30
    )


class AssetLinks(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        url = named.get("src") if tag == "script" else named.get("href") if tag == "link" else None
        if url and url.startswith("/static/"):
            self.assets.append(url)


def sign_in_and_load_a_page() -> None:
    body = urllib.parse.urlencode(
        {"username": f"ERP:{DEMO_ACCOUNT}", "password": DEMO_PASSWORD, "refresh": "true"}
    ).encode()
    with request(
        "/rest/auth/login", data=body, headers={"Content-Type": "application/x-www-form-urlencoded"}
    ) as response:
        answer = json.load(response)
    if answer.get("errcode") != "0" or not answer.get("data", {}).get("access"):
        raise SystemExit(f"sign-in through /rest/auth/login failed: {answer}")
    log(f"signed in as {DEMO_ACCOUNT}: {len(answer['data']['roles'])} role entries")

    with request("/xxbLogin") as response:
        page = response.read().decode()
    links = AssetLinks()
    links.feed(page)
    hashed = [url for url in links.assets if "/static/dist/assets/" in url]
    # The sign-in page's own bundle, by its entry name and a content hash (Vite: Name-<hash>.js).
    if not any("/AccountLoginPage-" in url for url in hashed):
        raise SystemExit(f"/xxbLogin does not load the sign-in page's bundle: {links.assets}")
    for url in hashed:
        with request(url) as response:
            size = len(response.read())
            cache = response.headers.get("Cache-Control", "")
        if size == 0 or ("max-age=315360000" not in cache and "immutable" not in cache):
            raise SystemExit(f"{url}: {size} bytes, Cache-Control {cache!r}")
    log(f"/xxbLogin and its {len(hashed)} hashed assets served, cached for good")


def worker_takes_a_task(database_url: str, redis_url: str) -> None:
    podman(
        "run", "--detach", "--name", WORKER, *RUN_OPTIONS, "--env", "MIGRATE=0",
        *container_env(database_url, redis_url),
        IMAGE, "celery", "--app", "erp", "worker", "--concurrency", "1", "--loglevel", "INFO",
    )  # fmt: skip
    # Sent from the web container, through Redis; the worker answers through the result backend.
    sent = podman(
        "exec", WEB, "python", "-c",
        "from erp.celery import app\n"
        "result = app.send_task('apps.core.tasks.forget_idempotent_answers')\n"
        "print(result.id, result.get(timeout=120))",
        check=False,
    )  # fmt: skip
    if sent.returncode != 0:
        raise SystemExit(f"no answer from the worker:\n{sent.stderr[-3000:]}\n{podman('logs', WORKER).stderr[-3000:]}")
    task_id = sent.stdout.split()[0]
    worker_log = podman("logs", WORKER).stderr
    if task_id not in worker_log or "succeeded" not in worker_log:
        raise SystemExit(f"the worker's log does not show task {task_id}:\n{worker_log[-3000:]}")
    log(f"the Celery worker took task {task_id} and answered")


def unprivileged() -> None:
    for container in (WEB, WORKER):
        uid = podman("exec", container, "id", "-u").stdout.strip()
        processes = podman("top", container, "user", "args").stdout.strip().splitlines()[1:]
        if uid != APP_UID or any(line.split()[0] not in (APP_UID, "app") for line in processes):
            raise SystemExit(f"{container} runs as {uid}: {processes}")
    log(f"both containers run as the unprivileged user {APP_UID}")


def image_size_mb() -> float:
    size = int(podman("image", "inspect", "--format", "{{.Size}}", IMAGE).stdout.strip())
    return size / 1_000_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--official", action="store_true", help="build on the official base images")
    options = parser.parse_args()

    started = time.monotonic()
    python_image, node_image = base_images(options.official)
    log(f"base images {python_image} and {node_image}")
    build(python_image, node_image)

    database_url = fresh_database(
        os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/erp"), "erp_image_check"
    )
    redis_url = os.environ.get("IMAGE_CHECK_REDIS_URL", "redis://127.0.0.1:6379/14")
    podman("rm", "--force", "--ignore", WEB, WORKER)
    try:
        podman(
            "run", "--detach", "--name", WEB, *RUN_OPTIONS,
            *container_env(database_url, redis_url), IMAGE,
        )  # fmt: skip
        wait_healthy()
        podman("exec", WEB, "python", "manage.py", "seed_demo")
        sign_in_and_load_a_page()
        worker_takes_a_task(database_url, redis_url)
        unprivileged()
    finally:
        podman("rm", "--force", "--ignore", WEB, WORKER, check=False)
        drop_database(database_url)

    # Build layers a day old and no longer named: each commit's sources make new ones, and a disk that
    # keeps every run's fills up. Newer ones stay, the build's cache for the next run.
    podman("image", "prune", "--force", "--filter", "until=24h", check=False)
    size = image_size_mb()
    log(f"image {IMAGE}: {size:.0f} MB (goal: under {SIZE_LIMIT_MB} MB)")
    log(f"done in {time.monotonic() - started:.0f} s")
    if size >= SIZE_LIMIT_MB:
        raise SystemExit(f"the image is {size:.0f} MB, over {SIZE_LIMIT_MB} MB")


if __name__ == "__main__":
    try:
        main()
    except (subprocess.CalledProcessError, urllib.error.URLError) as error:
        stderr = getattr(error, "stderr", "") or ""
        raise SystemExit(f"image-check failed: {error}\n{stderr[-3000:]}") from error
