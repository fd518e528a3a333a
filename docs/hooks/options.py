"""MkDocs hook: option tables generated from ``d2s_lab.core.options.OPTIONS``.

A page writes ``<!-- options: GROUP [GROUP ...] -->`` on a line of its own; the build
replaces it with one table of the options of those groups, in declaration order, with
their flags, values, defaults and help texts, exactly as the magics and the CLI declare
them (the help in the page's language: the catalogue's ``help.opt.*`` texts). An unknown group, or a group of OPTIONS that no page shows, fails the build, so
the pages cannot fall behind the declarations.

Only ``d2s_lab.core.options`` is imported (plain Python: no Paddle, no IPython).
"""
from __future__ import annotations

import os
import re
import sys

from mkdocs.exceptions import PluginError

try:
    from d2s_lab.core.options import OPTIONS, help_of
except ImportError:  # building from a checkout where d2s_lab is not installed
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    from d2s_lab.core.options import OPTIONS, help_of

PLACEHOLDER = re.compile(r"^<!--\s*options:\s*([\w\s]+?)\s*-->\s*$", re.M)

_shown: set = set()


def _cell(text: str) -> str:
    """Markdown table cell text: no pipes or newlines breaking the row."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _code(text: str) -> str:
    return f"`{text}`"


def _flags(flags, kwargs) -> str:
    value = kwargs.get("metavar")
    if kwargs.get("action") in ("store_true", "store_false"):
        value = None
    elif value is None and kwargs.get("choices"):
        value = "|".join(str(c) for c in kwargs["choices"])
    elif value is None:
        value = flags[0].lstrip("-").replace("-", "_").upper()
    shown = [f"{f} {value}" if value and f == flags[0] else f for f in flags]
    return ", ".join(_code(f) for f in shown)


def _default(kwargs) -> str:
    if kwargs.get("action") == "store_true":
        return "off"
    default = kwargs.get("default")
    if default is None:
        return "—"
    return _code(default)


def _help(kwargs, lang: str) -> str:
    # the declaration holds the catalogue's key (help.opt.*); the page's language picks the text
    return _cell(help_of(kwargs["help"], lang))


HEADS = {"en": "| option | default | meaning |", "zh": "| 选项 | 默认值 | 含义 |"}


def options_table(groups, lang: str = "en") -> str:
    rows = [HEADS[lang], "| --- | --- | --- |"]
    for group in groups:
        if group not in OPTIONS:
            raise PluginError(f"options hook: no option group {group!r} in d2s_lab.core.options.OPTIONS "
                              f"(groups: {', '.join(OPTIONS)})")
        for flags, kwargs in OPTIONS[group].values():
            rows.append(f"| {_flags(flags, kwargs)} | {_default(kwargs)} | {_help(kwargs, lang)} |")
    return "\n".join(rows)


def on_pre_build(config, **kwargs):
    _shown.clear()


def on_page_markdown(markdown, page, config, files, **kwargs):
    lang = "zh" if page.file.src_uri.endswith(".zh.md") else "en"

    def replace(match):
        groups = match.group(1).split()
        _shown.update(groups)
        return options_table(groups, lang)

    return PLACEHOLDER.sub(replace, markdown)


def on_post_build(config, **kwargs):
    missing = [g for g in OPTIONS if g not in _shown]
    if missing:
        raise PluginError("options hook: no page shows the option group(s) "
                          f"{', '.join(missing)}; add <!-- options: {' '.join(missing)} --> to one")
