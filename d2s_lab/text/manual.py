"""Where the manual is published, and the address of one of its sections in a language.

Every link from d2s_lab's output into the manual (a graph break's ``SOT-B001``, the
catalogue of :func:`d2s_lab.breaks`) is built by :func:`manual_url`, absolute, so that it
opens from a notebook, a saved handout or a terminal alike; a relative link would resolve
against the notebook server and lead nowhere.

To point the links at another copy of the manual (one a course hosts, or ``make docs``'s
``build/docs/`` served over HTTP), set the environment variable ``D2S_MANUAL_URL`` to its
root (read at each link, so it may be set after d2s_lab loads); to move the published
manual, change :data:`MANUAL_URL` here and ``site_url`` in ``mkdocs.yml`` (a test keeps
the two equal). The Chinese manual is built under ``zh/`` of the same root.
"""
from __future__ import annotations

import os
from typing import Optional

from d2s_lab.text.lang import get_lang

# The published manual's root (``make docs`` builds it; ``site_url`` in mkdocs.yml).
MANUAL_URL = "https://d2s-lab.readthedocs.io/en/latest/"

# The root of each language's manual, under MANUAL_URL.
_LANG_ROOT = {"en": "", "zh": "zh/"}


def manual_root() -> str:
    """The manual's root in force: ``D2S_MANUAL_URL`` where set, else :data:`MANUAL_URL`;
    always ending in ``/``."""
    root = (os.environ.get("D2S_MANUAL_URL") or "").strip() or MANUAL_URL
    return root if root.endswith("/") else root + "/"


def manual_url(page: str, anchor: str = "", lang: Optional[str] = None) -> str:
    """The absolute address of ``page`` (a page of the manual's nav, ``"breaks"`` for
    ``docs/breaks.md``; "" for the home page) in ``lang`` (default: the language in force),
    at ``anchor`` if given: ``https://…/breaks/#sot-b001``, ``https://…/zh/breaks/#sot-b001``."""
    lang = get_lang(lang)
    path = f"{page.strip('/')}/" if page.strip("/") else ""
    return f"{manual_root()}{_LANG_ROOT.get(lang, '')}{path}" + (f"#{anchor}" if anchor else "")
