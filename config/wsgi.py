import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Everything loaded so far (Django, the apps, the URLconf, the rules' tables) lives as long as
# the worker: frozen, the collector's full passes no longer walk it. Without this, a page that
# makes thousands of objects (the roster of a large campaign) now and then paid for a full pass
# over the whole process: 140 ms instead of 75 at the 95th percentile (docs/performance.md).
gc.collect()
gc.freeze()
