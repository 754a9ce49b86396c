"""Every page carries a Content-Security-Policy that refuses inline scripts, handlers and style
elements (settings.CONTENT_SECURITY_POLICY); no template needs one. The browser check that a
page runs under it without a violation is tests/browser/test_content_security_policy.py."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.config.test_settings import ROOT

TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
HANDLER = re.compile(r"\s(hx-)?on[a-z:-]*\s*=", re.IGNORECASE)  # hx-on needs eval
STYLE_ELEMENT = re.compile(r"<style\b", re.IGNORECASE)
SCRIPT_URL = re.compile(r"javascript:", re.IGNORECASE)


def _directives() -> dict[str, list[str]]:
    parts = (part.split() for part in settings.CONTENT_SECURITY_POLICY.split(";"))
    return {words[0]: words[1:] for words in parts if words}


def test_the_policy_allows_this_site_only_and_no_inline_script_or_style_element():
    policy = _directives()
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-eval'" not in settings.CONTENT_SECURITY_POLICY


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/login/", "/s/no-such-link/", "/static/css/ludus.css"])
def test_every_response_carries_the_policy(url):
    response = Client().get(url)
    assert response["Content-Security-Policy"] == settings.CONTENT_SECURITY_POLICY


@pytest.mark.django_db
def test_a_logged_in_page_carries_it(client, django_user_model):
    user = django_user_model.objects.create_user("gm", password="a long password")
    client.force_login(user)
    response = client.get(reverse("campaign_list"))
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == settings.CONTENT_SECURITY_POLICY


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_holds_what_the_policy_refuses(template):
    text = template.read_text(encoding="utf-8")
    text = re.sub(r"{#.*?#}", "", text)  # template comments are not sent
    assert not INLINE_SCRIPT.search(text), "an inline <script>: move it to static/js"
    assert not HANDLER.search(text), "an on* handler attribute: move it to static/js"
    assert not STYLE_ELEMENT.search(text), "a <style> element: move it to static/css"
    assert not SCRIPT_URL.search(text), "a javascript: URL"
