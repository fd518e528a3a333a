"""Paddle's AST transformer pipeline, found and hooked in one place.

Everything here depends on dy2static internals that move between Paddle
versions: where ``DygraphToStaticAst`` lives, its per-transformer ``_apply``
hook, how Paddle reads and parses a function's source, its unique-name
generator, and its cache of converted functions.  Each is feature-detected;
a build without them gets :class:`TransformersUnavailable` with a clear message.

Paddle 3.x: ``paddle.jit.dy2static.transformers.transform.DygraphToStaticAst``.
Paddle 2.6: ``paddle.jit.dy2static.ast_transformer.DygraphToStaticAst``.
"""
from __future__ import annotations

import contextlib
import importlib
import inspect
import pkgutil
import re
from typing import Callable, Iterator, List, Optional, Tuple

from d2s_lab.errors import D2SError
from d2s_lab.text import t
from d2s_lab.core.paddle_compat import require_paddle

_CLASS_HOMES = (
    "paddle.jit.dy2static.transformers.transform",  # Paddle >= 2.6 / 3.x
    "paddle.jit.dy2static.transformers",
    "paddle.jit.dy2static.ast_transformer",  # Paddle 2.4 - 2.6
    "paddle.fluid.dygraph.dygraph_to_static.ast_transformer",  # Paddle 2.x before 2.5
)


class TransformersUnavailable(D2SError):
    """This Paddle build does not expose the AST transformer pipeline d2s_lab hooks."""


def _paddle_version() -> str:
    try:
        return require_paddle().__version__
    except D2SError:
        return "?"


def _unavailable(what: str) -> TransformersUnavailable:
    return TransformersUnavailable(
        f"Step-by-step capture is not available on Paddle {_paddle_version()}: {what}.",
        "It needs Paddle's AST transformers (paddle.jit.dy2static, Paddle 2.6 to 3.3 are known "
        "to work). The side-by-side view of the final transformed code still works.",
    )


def find_ast_class():
    """Return Paddle's ``DygraphToStaticAst`` class (feature-detected)."""
    require_paddle()
    for mod_name in _CLASS_HOMES:
        try:
            mod = importlib.import_module(mod_name)
        except Exception:
            continue
        cls = getattr(mod, "DygraphToStaticAst", None)
        if cls is not None and hasattr(cls, "_apply") and hasattr(cls, "get_static_ast"):
            return cls
    raise _unavailable("no DygraphToStaticAst class with an _apply hook was found")


def _helpers():
    """Paddle's own source reader, parser, unparser and origin-info tagger."""
    require_paddle()
    found = {}
    for name, homes in {
        "func_to_source_code": ("paddle.jit.dy2static.utils",),
        "ast_to_source_code": ("paddle.jit.dy2static.ast_utils", "paddle.jit.dy2static.utils"),
        "attach_origin_info": ("paddle.jit.dy2static.origin_info",),
        "gast": ("paddle.utils", "gast"),
    }.items():
        for home in homes:
            try:
                mod = importlib.import_module(home)
            except Exception:
                continue
            obj = mod if name == home else getattr(mod, name, None)
            if obj is not None:
                found[name] = obj
                break
        else:
            raise _unavailable(f"{name} was not found")
    return found


@contextlib.contextmanager
def _fresh_unique_names():
    """Number generated names (``true_fn_0``) from zero, and leave the global
    counters as they were, so the user's own later conversions are unaffected."""
    try:
        from paddle.base import unique_name
    except Exception:  # pragma: no cover - older layout
        from paddle.fluid import unique_name  # type: ignore
    with unique_name.guard():
        yield


def apply_transformers(func) -> Tuple[str, List[Tuple[str, str]]]:
    """Run Paddle's transformer pipeline on ``func`` and record the code after each.

    Returns ``(original, [(transformer_class_name, source_after), ...])``; the
    original is Paddle's own re-printing of the parsed source (comments and
    formatting normalised, so diffs show only what transformers changed).

    A private ``DygraphToStaticAst`` instance is used and its ``_apply`` is hooked
    on that instance only: Paddle's conversion cache is neither read nor written,
    so every capture gives the same steps and later conversions are untouched.
    The transformers read only the parsed source (their generated names numbered from
    zero), so the steps of a source seen before are kept (:data:`STEPS_KEPT` sources):
    a cell run again, or a model class built again, is not transformed again.
    """
    cls = find_ast_class()
    h = _helpers()
    func = inspect.unwrap(func)
    try:
        source = h["func_to_source_code"](func)
    except (OSError, TypeError) as exc:
        raise D2SError(t("steps.no_source", name=repr(getattr(func, "__qualname__", func)), error=exc),
                       t("steps.no_source_hint")) from None
    key = (cls, source)
    kept = _KEPT.pop(key, None)
    if kept is None:
        kept = _transform(cls, h, func, source)
    _KEPT[key] = kept  # the newest last
    while len(_KEPT) > STEPS_KEPT:
        del _KEPT[next(iter(_KEPT))]
    return kept[0], list(kept[1])


# Sources whose steps are kept (the code after each transformer: a few KB to a few hundred
# KB for a long forward), the least recently captured dropped first.
STEPS_KEPT = 32
_KEPT: "dict[tuple, Tuple[str, Tuple[Tuple[str, str], ...]]]" = {}


def _transform(cls, h, func, source: str) -> Tuple[str, Tuple[Tuple[str, str], ...]]:
    """:func:`apply_transformers`' work: ``(original, ((class name, code after), ...))``."""
    gast = h["gast"]
    unparse = h["ast_to_source_code"]
    root = gast.parse(source)
    try:
        root = h["attach_origin_info"](root, func)
    except Exception:  # origin info only improves Paddle's error messages
        pass
    converter = cls()
    original = unparse(root)
    steps: List[Tuple[str, str]] = []
    bound_apply = converter._apply

    def recording_apply(transformer, node, *args, **kwargs):
        result = bound_apply(transformer, node, *args, **kwargs)
        steps.append((transformer.__name__, unparse(getattr(converter, "root", node))))
        return result

    converter._apply = recording_apply
    with _fresh_unique_names():
        try:
            converter.get_static_ast(root)
        except Exception as exc:
            raise D2SError(t("steps.transformers_failed", name=getattr(func, "__qualname__", "") or t("err.the_function"),
                             n=len(steps), error=f"{type(exc).__name__}: {exc}"),
                           t("steps.transformers_failed_hint")) from exc
    if not steps:
        raise _unavailable("DygraphToStaticAst ran without calling _apply")
    return original, tuple(steps)


_NAMES_CACHE: List[str] = []


def transformer_names() -> List[str]:
    """The transformer class names this Paddle applies, in order (read by running them)."""
    if not _NAMES_CACHE:
        _NAMES_CACHE.extend(name for name, _ in apply_transformers(_probe)[1])
    return list(_NAMES_CACHE)


def _probe(x):
    return x


def generated_name_prefixes() -> List[str]:
    """Prefixes of the names transformers generate (``true_fn``, ``__return``...),
    read from the ``*_PREFIX`` constants of Paddle's transformer modules."""
    require_paddle()
    prefixes = set()
    for home in ("paddle.jit.dy2static.transformers", "paddle.jit.dy2static"):
        try:
            pkg = importlib.import_module(home)
        except Exception:
            continue
        for info in pkgutil.iter_modules(getattr(pkg, "__path__", [])):
            try:
                mod = importlib.import_module(f"{home}.{info.name}")
            except Exception:
                continue
            for key, val in vars(mod).items():
                if key.endswith("_PREFIX") and isinstance(val, str) and re.fullmatch(r"[A-Za-z_]\w*", val):
                    prefixes.add(val)
    # Helper names generated from templates without a *_PREFIX constant.
    prefixes.update({"get_args", "set_args", "true_fn", "false_fn"})
    return sorted(prefixes, key=len, reverse=True)


def _function_cache():
    try:
        from paddle.jit.dy2static import program_translator as pt
    except Exception:
        return None
    cache = getattr(pt, "_FUNCTION_CACHE", None)
    return cache if cache is not None and hasattr(cache, "convert_with_cache") else None


def _made_here(root, func) -> bool:
    """Whether Paddle's transformed AST ``root`` was made from ``func``'s own file and
    lines (its origin info says where its first statement came from)."""
    utils = importlib.import_module("paddle.jit.dy2static.utils")
    attr = getattr(utils, "ORIGIN_INFO", None) or getattr(utils, "ORIGI_INFO", None)
    node = next((n for n in getattr(root, "body", ())[:1] if getattr(n, "lineno", None) is not None), None)
    info = getattr(node, attr, None) if attr and node is not None else None
    loc = getattr(info, "location", None)
    if loc is None:
        return False
    _, begin = inspect.getsourcelines(func)
    return loc.filepath == inspect.getsourcefile(func) and loc.lineno - node.lineno == begin - 1


@contextlib.contextmanager
def recording_converted_functions() -> Iterator[List[Tuple[Callable, Callable]]]:
    """Record ``(dygraph_function, static_function)`` for every function Paddle
    converts (or takes from its cache) while the block runs, including the ones
    converted recursively through ``_jst.Call``.  Yields an empty list on builds
    without that cache."""
    seen: List[Tuple[Callable, Callable]] = []
    cache = _function_cache()
    if cache is None:
        yield seen
        return
    original = cache.convert_with_cache
    had_own = "convert_with_cache" in cache.__dict__

    def recording(func):
        # Paddle reuses the transformed AST of any earlier function with the same source
        # text, origin info (file, lines) included: a re-run notebook cell would report
        # the old cell's lines. Such an entry is transformed afresh, to keep each function's
        # own lines; one made from this very place (a library's forward, a class converted
        # again) is kept, as plain to_static keeps it: transforming it again costs as much
        # as the rest of the trace.
        try:
            asts = cache._code_to_ast_caches
            plain = inspect.unwrap(func)
            key = _helpers()["func_to_source_code"](plain)
            if key in asts and not _made_here(asts[key], plain):
                asts.pop(key, None)
        except Exception:  # a build without that cache: nothing to refresh
            pass
        static = original(func)
        seen.append((func, static))
        return static

    cache.convert_with_cache = recording
    try:
        yield seen
    finally:
        if had_own:
            cache.convert_with_cache = original
        else:  # drop the instance attribute: the class's method is used again
            cache.__dict__.pop("convert_with_cache", None)


def static_source(static_function) -> Optional[str]:
    """Transformed source of a function Paddle generated (as ``StaticFunction.code`` reads it)."""
    try:
        return _helpers()["func_to_source_code"](static_function)
    except Exception:
        return None


# What the AST transformers put in every line of converted code (``_jst.Ld(x)``,
# ``_jst.Call(f)``); the code looks them up on ``paddle.jit.dy2static`` at each call.
_CONVERTED_CODE_CALLS = ("Ld", "Call")


def stop_converted_code(thread_ident: int) -> Callable[[], None]:
    """Make the converted code that thread ``thread_ident`` runs raise KeyboardInterrupt
    at its next ``_jst.Ld``/``_jst.Call``: a Python call made by Python code, so the stop
    lands in the user's (converted) line and not inside a callback Paddle's C++ makes
    while it records an op (an exception there comes out as Paddle's RuntimeError or
    SystemError, or not at all). Other threads are not affected. Returns the function
    that puts Paddle's own back."""
    import threading

    try:
        jst = importlib.import_module("paddle.jit.dy2static")
    except Exception:  # no Paddle: nothing to stop
        return lambda: None
    saved = {name: getattr(jst, name) for name in _CONVERTED_CODE_CALLS if callable(getattr(jst, name, None))}

    def stopper(original):
        def call(*args, **kwargs):
            if threading.get_ident() == thread_ident:
                raise KeyboardInterrupt
            return original(*args, **kwargs)
        return call

    for name, original in saved.items():
        setattr(jst, name, stopper(original))

    def restore() -> None:
        for name, original in saved.items():
            setattr(jst, name, original)
    return restore
