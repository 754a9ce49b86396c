"""The address django-axes counts a login attempt against (settings.AXES_CLIENT_IP_CALLABLE).

The connection's own address, unless settings.PROXY_COUNT proxies (LUDUS_PROXY_COUNT) stand
before the app: then the address the nearest of them was reached from, read from the right of
X-Forwarded-For, where the client cannot write it (what it writes comes first, on the left).
"""

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str | None:
    count = settings.PROXY_COUNT
    if count:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        hops = [hop for hop in hops if hop]
        if len(hops) >= count:
            return hops[-count]
    return request.META.get("REMOTE_ADDR")
