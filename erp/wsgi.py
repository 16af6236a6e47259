import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "erp.settings")

application = get_wsgi_application()

# Everything loaded so far (modules, settings, URL patterns) lives as long as the process. Freezing it
# keeps the collector's full passes from walking it again after every request that builds many
# objects (a board of 400 reservations), and a higher first threshold makes those passes rarer.
# Measured in docs/performance.md ("Reservations").
gc.freeze()
gc.set_threshold(50_000, 20, 100)
