"""Settings for the store back-office, driven by environment variables.

PostgreSQL is the only database: DATABASE_URL is required. Embedded default: `make run` / `make test`
start an embedded PostgreSQL (erp/embedded_postgres.py) when DATABASE_URL is unset, and no other
service. Production: DATABASE_URL, REDIS_URL (cache and Celery broker), SECRET_KEY and ALLOWED_HOSTS.
See docs/operations.md.
"""

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import environ
from celery.schedules import crontab
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

DEBUG = env.bool("DEBUG", default=False)

SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY is required when DEBUG is off (or set DEBUG=1 for development).")
    SECRET_KEY = "development-only-key-never-used-with-debug-off-0123456789abcdef"

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework_simplejwt.token_blacklist",
    "guardian",
    "axes",
    "django_vite",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "apps.core",
    "apps.org",
    "apps.accounts",
    "apps.messaging",
    "apps.approvals",
    "apps.masterdata",
    "apps.catalog",
    "apps.members",
    "apps.staff",
    "apps.payments",
    "apps.inventory",
    "apps.booking",
    "apps.cards",
    "apps.billing",
    "apps.groupbuy",
    "apps.evaluations",
    "apps.commission",
    "apps.settlement",
    "apps.reports",
    "apps.pages",
    "apps.demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files without a web server in front (docs/decisions/0006-whitenoise.md).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "apps.core.middleware.ApiNoStoreMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A request that may write reads on the primary (apps.reports.routers).
    "apps.reports.routers.PrimaryPinMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a lockout raised during authentication into a response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "erp.urls"
WSGI_APPLICATION = "erp.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# The product's rules live in PostgreSQL (exclusion constraints, triggers, advisory locks, row
# locks): another database would be another product, so none is accepted.
if not env.str("DATABASE_URL", default=""):
    raise ImproperlyConfigured(
        "DATABASE_URL is not set: run through `make run` / `make test` (they start the embedded "
        "PostgreSQL) or point DATABASE_URL at a PostgreSQL server"
    )
DATABASES = {"default": env.db("DATABASE_URL")}
if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
    raise ImproperlyConfigured(
        f"DATABASE_URL names {DATABASES['default']['ENGINE'] or 'an unknown engine'}: "
        "the product runs on PostgreSQL only (postgres://...)"
    )
# The same backend, with a health check that polls the kept connection's socket instead of sending
# `SELECT 1` before every request (apps.core.postgresql.base).
DATABASES["default"]["ENGINE"] = "apps.core.postgresql"
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DB_CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# psycopg's server-side binding (parameters sent apart, statements prepared after a few runs):
# measured on the checkout and off by default, as it gained nothing there (docs/performance.md, "The
# till at the database's speed", which also gives Django's connection pool's figure).
if env.bool("DB_SERVER_SIDE_BINDING", default=False):
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = True
# A read replica for the reports (apps.reports.routers; docs/decisions/0044): absent, every read
# stays on the primary. Its test database mirrors the primary's.
REPLICA_DATABASE_URL = env.str("REPLICA_DATABASE_URL", default="")
if REPLICA_DATABASE_URL:
    DATABASES["replica"] = {
        **env.db_url_config(REPLICA_DATABASE_URL),
        "ENGINE": DATABASES["default"]["ENGINE"],
        "ATOMIC_REQUESTS": False,
        "CONN_MAX_AGE": DATABASES["default"]["CONN_MAX_AGE"],
        "CONN_HEALTH_CHECKS": True,
        "TEST": {"MIRROR": "default"},
    }
DATABASE_ROUTERS = ["apps.reports.routers.ReportsReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
# Under pytest-xdist each worker (gw0, gw1, ...) takes the Redis database after the previous one's,
# as it takes a test database of its own: the tests empty the cache (FLUSHDB) around each test, and
# throttles, revoked tokens and Celery's queues must not be emptied under another worker's test.
_xdist_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if REDIS_URL and _xdist_worker:
    _redis = urlsplit(REDIS_URL)
    _redis_db = (int(_redis.path.strip("/") or 0) + int(_xdist_worker.removeprefix("gw"))) % 16
    REDIS_URL = urlunsplit(_redis._replace(path=f"/{_redis_db}"))
if REDIS_URL:
    # Tolerant of Redis being down (erp/cache.py); a down Redis is found out fast.
    CACHES = {
        "default": {
            "BACKEND": "erp.cache.TolerantRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "erp"}}

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    # First, so that a locked-out account is refused before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "guardian.backends.ObjectPermissionBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 6}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "/xxbLogin"

LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", _("Simplified Chinese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# With DEBUG off, collectstatic writes compressed copies with hashed names (erp/staticfiles.py); in
# development and tests the files are served as they are, with no collectstatic needed.
# Uploaded files (signatures, examination photos, move-in attachments) go through Django's storage
# API: local files under MEDIA_ROOT by default; an S3-type store by naming its backend and options,
# e.g. FILE_STORAGE_BACKEND=storages.backends.s3.S3Storage with django-storages installed
# (docs/operations.md).
STORAGES = {
    "default": {
        "BACKEND": env.str("FILE_STORAGE_BACKEND", default="django.core.files.storage.FileSystemStorage"),
        "OPTIONS": env.json("FILE_STORAGE_OPTIONS", default={}),
    },
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG else "erp.staticfiles.StaticStorage"
    },
}
WHITENOISE_AUTOREFRESH = DEBUG
# Cached for ever: a name with a content hash, Vite's (dist/assets/) or Django's (`.<12 hex>.`).
WHITENOISE_IMMUTABLE_FILE_TEST = r"^/static/dist/assets/|\.[0-9a-f]{12}\.[A-Za-z0-9]+$"

DJANGO_VITE = {
    "default": {
        "dev_mode": env.bool("VITE_DEV_MODE", default=False),
        "manifest_path": BASE_DIR / "static" / "dist" / "manifest.json",
        "static_url_prefix": "dist",
    }
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "apps.accounts.authentication.ErpTokenAuthentication",
        "apps.accounts.authentication.ErpSessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["apps.core.permissions.HasRoleCode"],
    "DEFAULT_RENDERER_CLASSES": ["apps.core.envelope.EnvelopeRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "apps.core.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "apps.core.envelope.envelope_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DATETIME_FORMAT": "iso-8601",
    "COERCE_DECIMAL_TO_STRING": True,
    # How many reverse proxies in front of us append to X-Forwarded-For (docs/operations.md). 0 (the
    # default): the client is REMOTE_ADDR and X-Forwarded-For is ignored, since a client writes it.
    # apps.core.audit.client_ip applies the same rule to the lockouts, system log and login records.
    "NUM_PROXIES": env.int("TRUSTED_PROXY_COUNT", default=0),
}

# A body above this answers 413 `SYS-41300` (apps.core.envelope): far more than any call needs.
# Uploaded files are not counted (they stream to disk above FILE_UPLOAD_MAX_MEMORY_SIZE).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

# A page that left while its token refresh was answered asks again with the spent token: the same
# browser session gets the same pair within this many seconds (apps.accounts.tokens, docs/security.md).
REFRESH_REPLAY_SECONDS = env.int("REFRESH_REPLAY_SECONDS", default=30)

SIMPLE_JWT = {
    # The contract caps access tokens at 30 minutes; refresh tokens rotate and are blacklisted.
    "ACCESS_TOKEN_LIFETIME": timedelta(minutes=env.int("ACCESS_TOKEN_MINUTES", default=30)),
    "REFRESH_TOKEN_LIFETIME": timedelta(days=env.int("REFRESH_TOKEN_DAYS", default=1)),
    "ROTATE_REFRESH_TOKENS": True,
    "BLACKLIST_AFTER_ROTATION": True,
    "UPDATE_LAST_LOGIN": False,
    "SIGNING_KEY": env.str("JWT_SIGNING_KEY", default=SECRET_KEY),
    "USER_ID_FIELD": "id",
    "USER_ID_CLAIM": "user_id",
}
if SIMPLE_JWT["ACCESS_TOKEN_LIFETIME"] > timedelta(minutes=30):
    raise ImproperlyConfigured("ACCESS_TOKEN_MINUTES may not exceed 30.")

# A session with no input (keys, pointer) for this long ends: the browser signs out and keeps the
# open forms' drafts for after the sign-in; the server refuses a refresh token unused for this plus
# one access-token lifetime (docs/security.md, "Sessions that stay and sessions that end").
SESSION_IDLE_MINUTES = env.int("SESSION_IDLE_MINUTES", default=60)
if timedelta(minutes=SESSION_IDLE_MINUTES) < SIMPLE_JWT["ACCESS_TOKEN_LIFETIME"]:
    raise ImproperlyConfigured("SESSION_IDLE_MINUTES may not be shorter than ACCESS_TOKEN_MINUTES.")

SPECTACULAR_SETTINGS = {
    "TITLE": "Store back-office API",
    "DESCRIPTION": "Every /rest/ answer is wrapped in the envelope {errcode, errmsg, data}; see docs/api.md.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SCHEMA_PATH_PREFIX": "/rest/",
    "POSTPROCESSING_HOOKS": ["apps.core.schema.wrap_responses_in_envelope"],
    # The path converters of apps.core.converters: ids within PostgreSQL's integer, short codes.
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "minimum": 0, "maximum": 2147483647},
        "signed_id": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647},
        "code": {"type": "string", "pattern": "^[0-9A-Za-z_-]{1,32}$", "maxLength": 32},
        "token": {"type": "string", "pattern": "^[0-9A-Za-z_:-]{1,200}$", "maxLength": 200},
        "flag": {"type": "integer", "enum": [0, 1]},
    },
}

# Enterprise-chat (WeCom) sign-in: the OAuth code exchange goes to WECOM_API_BASE.
WECOM_API_BASE = env.str("WECOM_API_BASE", default="https://qyapi.weixin.qq.com")
WECOM_CORP_ID = env.str("WECOM_CORP_ID", default="")
WECOM_AGENT_ID = env.str("WECOM_AGENT_ID", default="")
WECOM_SECRET = env.str("WECOM_SECRET", default="")
WECOM_TIMEOUT_SECONDS = env.float("WECOM_TIMEOUT_SECONDS", default=5.0)
# Store-authority requests are also raised in WeCom's approval (OA) with this template (its id from the
# template's page in WeCom's admin) and its text control; empty: the owner decides in /approvalCenter only.
WECOM_AUTHORITY_TEMPLATE_ID = env.str("WECOM_AUTHORITY_TEMPLATE_ID", default="")
WECOM_AUTHORITY_CONTROL_ID = env.str("WECOM_AUTHORITY_CONTROL_ID", default="Textarea-authority")

# Manager hand-over links carry the account sealed with this key (Fernet); never in source.
# Without one, development gets a random key per process: links then work until a restart.
HANDOVER_KEY = env.str("HANDOVER_KEY", default="")
if not HANDOVER_KEY and not DEBUG:
    raise ImproperlyConfigured(
        "HANDOVER_KEY is required when DEBUG is off; make one with: "
        "python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'"
    )
HANDOVER_LINK_SECONDS = 60
QUICK_LOGIN_DAYS = env.int("QUICK_LOGIN_DAYS", default=7)

# Points (issue 13 §2; docs/operations.md): earned per whole yuan paid in money (cash, later the
# payment providers), and how many points pay one yuan when a member pays with points.
POINTS_EARNED_PER_YUAN = env.int("POINTS_EARNED_PER_YUAN", default=1)
POINTS_PER_YUAN_PAID = env.int("POINTS_PER_YUAN_PAID", default=100)

# Uploaded files (members' signatures on orders): not served by the app; read through the API.
MEDIA_ROOT = env.str("MEDIA_ROOT", default=str(BASE_DIR / "media"))

# How often the shell refreshes the message and task badges (spec §9: from shared config).
BADGE_REFRESH_SECONDS = env.int("BADGE_REFRESH_SECONDS", default=60)

# Searches by a fragment of a phone, per user across all of them (apps.core.api.phone_fragments).
PHONE_FRAGMENT_SEARCH_RATE = env.str("PHONE_FRAGMENT_SEARCH_RATE", default="60/minute")
# Whole phones (BTN-HYGL-PHONE-VIEW), per user: at most this many an hour, then 429; more than
# PHONE_VIEWS_ALERT_COUNT within PHONE_VIEWS_ALERT_MINUTES raises one task for the store's owner
# (apps.members.phone_watch).
PHONE_VIEWS_PER_HOUR = env.int("PHONE_VIEWS_PER_HOUR", default=60)
PHONE_VIEWS_ALERT_COUNT = env.int("PHONE_VIEWS_ALERT_COUNT", default=20)
PHONE_VIEWS_ALERT_MINUTES = env.int("PHONE_VIEWS_ALERT_MINUTES", default=10)

# Evaluations (issue 29 §4): the receipt's link to rate a visit works this many days after the visit
# was paid; its public calls are throttled per client address (a store's Wi-Fi is one address).
EVALUATION_LINK_DAYS = env.int("EVALUATION_LINK_DAYS", default=7)
EVALUATION_PUBLIC_RATE = env.str("EVALUATION_PUBLIC_RATE", default="60/hour")

# django-axes: lock an account from one address after repeated failures, on every way in.
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("LOGIN_LOCKOUT_MINUTES", default=15))
# Attempts during a lockout (the right password included) are not recorded, so they do not extend
# it: it ends AXES_COOLOFF_TIME after the failure that locked it, the time the message names.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Django reports failed sign-ins under "username"; axes must key on the same name (not login_name).
AXES_USERNAME_FORM_FIELD = "username"
AXES_LOCKOUT_CALLABLE = "apps.accounts.lockout.lockout_response"
# The client address as the throttles see it (REST_FRAMEWORK NUM_PROXIES, TRUSTED_PROXY_COUNT).
AXES_CLIENT_IP_CALLABLE = "apps.core.audit.client_ip"
AXES_VERBOSE = False

# guardian: no anonymous user row; every object permission belongs to a real account.
ANONYMOUS_USER_NAME = None
GUARDIAN_RAISE_403 = False

# Payment providers (issue 14 §1; docs/operations.md, "Payment providers"): per provider ("wechat",
# "alipay", "pos") a chain-wide merchant account and optional per-store overrides ("stores", keyed by
# store id or code). Given as JSON in PAYMENT_PROVIDERS or in the file PAYMENT_PROVIDERS_FILE; keys are
# named by `<field>_file` (a PEM file) or `<field>_env` (an environment variable), never written here.
PAYMENT_PROVIDERS = env.json("PAYMENT_PROVIDERS", default={})
_payment_providers_file = env.str("PAYMENT_PROVIDERS_FILE", default="")
if _payment_providers_file:
    import json as _json

    PAYMENT_PROVIDERS = _json.loads(Path(_payment_providers_file).read_text(encoding="utf-8"))
# Group-buy platforms (issue 16 §2; docs/api.md, "Group-buy platforms"): per platform family
# ("meituan" for Meituan and Dianping, "douyin", "channels") a chain-wide account and optional per-store
# overrides ("stores", keyed by store id or code). JSON in GROUPBUY_PLATFORMS or in the file
# GROUPBUY_PLATFORMS_FILE; secrets as `<field>_file` or `<field>_env`, never written here. The manual
# platform needs none.
GROUPBUY_PLATFORMS = env.json("GROUPBUY_PLATFORMS", default={})
_groupbuy_platforms_file = env.str("GROUPBUY_PLATFORMS_FILE", default="")
if _groupbuy_platforms_file:
    import json as _json

    GROUPBUY_PLATFORMS = _json.loads(Path(_groupbuy_platforms_file).read_text(encoding="utf-8"))
# Group-buy checks (apps.groupbuy.checks): a phone that wrote off this many codes in the period needs a
# principal's confirmation for the next; a deal below this share of the store's price is warned about.
GROUPBUY_PHONE_LIMIT = env.int("GROUPBUY_PHONE_LIMIT", default=3)
GROUPBUY_PHONE_PERIOD_DAYS = env.int("GROUPBUY_PHONE_PERIOD_DAYS", default=30)
GROUPBUY_PRICE_FLOOR_RATIO = env.float("GROUPBUY_PRICE_FLOOR_RATIO", default=0.3)
# A write-off whose consume the platform did not answer is asked again this often (poll_write_offs).
GROUPBUY_POLL_SECONDS = env.float("GROUPBUY_POLL_SECONDS", default=30.0)
# A scanned payment code's intent is closed after this long unpaid; a QR after this many minutes.
PAYMENT_CODE_EXPIRES_SECONDS = env.int("PAYMENT_CODE_EXPIRES_SECONDS", default=120)
PAYMENT_QR_EXPIRES_MINUTES = env.int("PAYMENT_QR_EXPIRES_MINUTES", default=15)
# The poller's backoff: the first query this long after the request, then doubling up to the cap.
PAYMENT_POLL_FIRST_SECONDS = env.int("PAYMENT_POLL_FIRST_SECONDS", default=5)
PAYMENT_POLL_MAX_SECONDS = env.int("PAYMENT_POLL_MAX_SECONDS", default=300)
PAYMENT_POLL_SECONDS = env.float("PAYMENT_POLL_SECONDS", default=10.0)
# Providers publish a day's bill the next morning (WeChat Pay after 10:00).
PAYMENT_RECONCILE_HOUR = env.int("PAYMENT_RECONCILE_HOUR", default=11)

# The nightly check of the reports' summaries rebuilds this many past days, at this hour (after
# the stores' days are closed).
SUMMARY_CHECK_DAYS = env.int("SUMMARY_CHECK_DAYS", default=7)
SUMMARY_CHECK_HOUR = env.int("SUMMARY_CHECK_HOUR", default=3)
# The download centre keeps an export's file this long, then deletes it (apps.reports.exports).
EXPORT_KEEP_HOURS = env.int("EXPORT_KEEP_HOURS", default=72)

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
# Without Redis there is no broker: tasks run in the calling process so the product still works.
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE = {
    "flush-expired-tokens": {"task": "apps.accounts.tasks.flush_expired_tokens", "schedule": 3600.0},
    "publish-due-messages": {"task": "apps.messaging.tasks.publish_due_messages", "schedule": 60.0},
    "forget-idempotent-answers": {"task": "apps.core.tasks.forget_idempotent_answers", "schedule": 3600.0},
    "poll-pending-payments": {"task": "apps.payments.tasks.poll_pending_intents", "schedule": PAYMENT_POLL_SECONDS},
    "send-unsent-provider-refunds": {"task": "apps.billing.tasks.send_unsent_provider_refunds", "schedule": 60.0},
    "resolve-pending-write-offs": {"task": "apps.groupbuy.tasks.resolve_pending", "schedule": GROUPBUY_POLL_SECONDS},
    "expire-exports": {"task": "apps.reports.tasks.expire_exports", "schedule": 3600.0},
    "reconcile-payments": {
        "task": "apps.payments.tasks.reconcile_day",
        "schedule": crontab(hour=PAYMENT_RECONCILE_HOUR, minute=0),
    },
    # The reports' summaries (apps.reports.summaries): the dirty store-days drained every 30 s, so
    # figures are at most a minute behind; the last days rebuilt and compared every night.
    "drain-summaries": {"task": "apps.reports.tasks.drain_summaries", "schedule": 30.0},
    # The days that ended get their settlement statements between stores (apps.settlement.statements).
    "make-settlement-statements": {
        "task": "apps.settlement.tasks.make_statements",
        "schedule": crontab(hour=1, minute=15),
    },
    "check-summaries": {
        "task": "apps.reports.tasks.check_summaries",
        "schedule": crontab(hour=SUMMARY_CHECK_HOUR, minute=30),
    },
}

# Production hardening; each is on whenever DEBUG is off and can be tuned per deployment.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# Load balancers probe health over plain HTTP inside the private network.
SECURE_REDIRECT_EXEMPT = [r"^rest/health$"]
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = 60 * 60 * 12
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp; docs/decisions/0001): our own origin only, no inline script.
# MUI's emotion styles carry the request's nonce (templates/base.html, frontend/src/islands/emotion.ts);
# the WeCom sign-in QR code is an iframe of WeCom's. In Vite's dev mode its server's scripts, styles
# and socket are allowed too. Swagger UI relaxes style-src for itself (apps/core/api/urls.py).
_VITE_DEV = ["http://localhost:5173", "ws://localhost:5173"] if DJANGO_VITE["default"]["dev_mode"] else []
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        # The nonce only for the dev mode's react-refresh preamble: production pages have no inline script.
        "script-src": [SELF, *([NONCE, _VITE_DEV[0]] if _VITE_DEV else [])],
        "style-src": [SELF, NONCE, *_VITE_DEV[:1]],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF, *_VITE_DEV],
        "frame-src": [SELF, "https://login.work.weixin.qq.com"],
        "frame-ancestors": [NONE],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {"axes": {"level": "WARNING"}},
}
