"""What the user passed -> the dygraph function Paddle converts, its Layer, and the
InputSpecs it already carries.

Paddle wraps converted functions in ``StaticFunction`` (``paddle.jit.dy2static
.program_translator``), keeps the plain function on ``dygraph_function`` and the
specs given to ``to_static`` on the private ``_input_spec``; a global
``ProgramTranslator`` switch turns conversion off.  Those internals live here only.
"""
from __future__ import annotations

import contextlib
import inspect
import sys
from dataclasses import dataclass
from typing import Any, Callable, Optional

from d2s_lab.errors import D2SError
from d2s_lab.text import t
from d2s_lab.core.paddle_compat import require_paddle


@dataclass
class Target:
    """A model to convert: the dygraph ``function``, its ``layer`` (None for a plain
    function), the InputSpecs a ``to_static`` decoration already gave (``specs``), a
    display ``name``, and the ``StaticFunction`` the user passed, if any."""

    function: Callable
    layer: Any = None
    specs: Optional[list] = None
    name: str = "function"
    static_function: Any = None


def _static_function_class():
    try:
        from paddle.jit.dy2static.program_translator import StaticFunction
    except Exception:  # pragma: no cover - depends on the Paddle build
        return None
    return StaticFunction


def is_static_function(obj) -> bool:
    """True for what ``paddle.jit.to_static`` returns (never imports Paddle itself)."""
    if "paddle" not in sys.modules:
        return False
    cls = _static_function_class()
    return cls is not None and isinstance(obj, cls)


def is_layer(obj) -> bool:
    """True for a ``paddle.nn.Layer`` instance (never imports Paddle itself)."""
    paddle = sys.modules.get("paddle")
    try:
        return paddle is not None and isinstance(obj, paddle.nn.Layer)
    except Exception:
        return False


def is_layer_class(obj) -> bool:
    """True for a ``paddle.nn.Layer`` subclass (imports Paddle only if it is installed)."""
    if not inspect.isclass(obj):
        return False
    try:
        paddle = require_paddle()
    except D2SError:
        return False
    return issubclass(obj, paddle.nn.Layer)


def is_convertible(obj) -> bool:
    """A Layer instance, a function or a converted function: what ``%%to_static`` picks."""
    if obj is None:
        return False
    if inspect.isfunction(obj) and not obj.__name__.startswith("_"):
        return True
    return is_static_function(obj) or is_layer(obj)


def _specs_of(static_function) -> Optional[list]:
    specs = getattr(static_function, "_input_spec", None)
    return list(specs) if specs is not None else None


def resolve(obj) -> Target:
    """The :class:`Target` behind a Layer, a bound Layer method, a function or a
    ``StaticFunction``; a D2SError saying what to give instead for anything else."""
    paddle = require_paddle()
    if is_static_function(obj):
        fn = obj.dygraph_function
        return Target(fn, getattr(fn, "__self__", None), _specs_of(obj),
                      getattr(fn, "__qualname__", "function"), obj)
    if isinstance(obj, paddle.nn.Layer):
        fwd = obj.forward
        if is_static_function(fwd):  # a Layer already passed through to_static
            return Target(fwd.dygraph_function, obj, _specs_of(fwd), type(obj).__name__, fwd)
        return Target(fwd, obj, None, type(obj).__name__)
    if inspect.ismethod(obj) and isinstance(obj.__self__, paddle.nn.Layer):
        return Target(obj, obj.__self__, None, obj.__qualname__)
    if inspect.isfunction(obj):
        return Target(obj, None, None, obj.__qualname__)
    if inspect.isclass(obj) and issubclass(obj, paddle.nn.Layer):
        raise D2SError(t("report.layer_class", name=obj.__name__), t("report.layer_class_hint", name=obj.__name__))
    raise D2SError(t("report.cannot_convert", type=type(obj).__name__), t("report.cannot_convert_hint"))


def original_forward(layer) -> Callable:
    """``layer.forward`` as its class writes it. Converting a model, Paddle 2.6 puts the
    converted code in its sublayers' ``forward`` (on the instance; ``_original_funcs``
    keeps what was there before, converted code too after a second conversion)."""
    cls_forward = getattr(type(layer), "forward", None)
    if "forward" in vars(layer) and "forward" in (getattr(layer, "_original_funcs", None) or {}) \
            and hasattr(cls_forward, "__get__"):
        return resolve(cls_forward.__get__(layer, type(layer))).function
    return resolve(layer).function


@contextlib.contextmanager
def unconverted(layer):
    """Inside the block the Layer and its sublayers run their own ``forward`` again: a
    failed AST conversion on Paddle 2.6 leaves converted code in their ``forward`` (on
    the instance; ``_original_funcs`` may hold converted code too), which a second
    conversion would run instead of the model's. What
    Paddle left there is put back after, so the user's object is as plain Paddle left it."""
    if not is_layer(layer):
        yield layer
        return
    swapped = []
    for sub in layer.sublayers(include_self=True):
        own = vars(sub).get("forward")
        if own is None or "forward" not in (getattr(sub, "_original_funcs", None) or {}) \
                or not hasattr(getattr(type(sub), "forward", None), "__get__"):
            continue
        swapped.append((sub, own))
        del sub.forward  # the class's forward, as original_forward reads it
    try:
        yield layer
    finally:
        for sub, own in swapped:
            sub.forward = own


def converted_methods(layer) -> dict:
    """``{name: bound StaticFunction}`` for the Layer's methods other than ``forward`` that
    are decorated with ``paddle.jit.to_static`` (``paddle.jit.save`` saves each as
    ``PREFIX.<name>.json``)."""
    if not is_layer(layer):
        return {}
    found = {}
    for klass in type(layer).__mro__:
        for name, attr in vars(klass).items():
            if name != "forward" and name not in found and is_static_function(attr):
                found[name] = getattr(layer, name)
    return found


@contextlib.contextmanager
def forward_converted(layer, specs, full_graph: bool = True):
    """Inside the block ``layer.forward`` is converted with ``specs`` (as
    ``paddle.jit.to_static(layer, input_spec)`` would do), so ``paddle.jit.save(layer,
    prefix)`` can save it beside the Layer's other converted methods; the Layer's own
    ``forward`` is restored after."""
    paddle = require_paddle()
    had_own = "forward" in vars(layer)
    own = vars(layer).get("forward")
    fn = resolve(layer).function
    layer.forward = paddle.jit.to_static(fn, input_spec=specs, full_graph=full_graph)
    try:
        yield layer
    finally:
        if had_own:
            layer.forward = own
        else:
            del layer.forward


def concrete_program(static_function, inputs=None):
    """The ConcreteProgram a ``StaticFunction`` builds; with ``inputs``, the one a call on
    them uses (Paddle caches it by the inputs and the train/eval mode, so the call that
    follows reuses it instead of tracing forward again)."""
    if inputs is None:
        return static_function.concrete_program
    mode = getattr(static_function, "_is_train_mode", None)
    kwargs = {"is_train": mode()} if callable(mode) else {}
    return static_function.get_concrete_program(*inputs, **kwargs)[0]


def code_of(obj):
    """The code object of the function behind ``obj`` (None when there is none);
    never raises and never imports Paddle."""
    fn = getattr(obj, "forward", obj)
    fn = getattr(fn, "dygraph_function", fn)
    fn = getattr(fn, "__func__", fn)
    return getattr(fn, "__code__", None)


@contextlib.contextmanager
def to_static_disabled():
    """Run functions decorated with ``to_static`` as plain dygraph inside the block,
    then restore the switch as it was."""
    paddle = require_paddle()
    try:
        from paddle.jit.api import ProgramTranslator

        previous = ProgramTranslator().enable_to_static
    except Exception:
        previous = True
    paddle.jit.enable_to_static(False)
    try:
        yield
    finally:
        paddle.jit.enable_to_static(previous)
