"""d2s_lab: see, teach and debug PaddlePaddle's dynamic-to-static conversion.

In a notebook::

    %load_ext d2s_lab

    %%to_static --input "x: [None,3,32,32] float32"
    class Net(paddle.nn.Layer): ...
    net = Net()

In Python: ``d2s_lab.convert(net, ["x: [None,3,32,32] float32"])``.

Importing d2s_lab never imports Paddle; the functions below do, when called.
"""
from __future__ import annotations

from d2s_lab.version import __version__  # noqa: F401  (the package version, re-exported)

_LAZY = {
    "convert": ("d2s_lab.core.convert", "convert"),
    "Conversion": ("d2s_lab.core.convert", "Conversion"),
    "Graph": ("d2s_lab.core.graph.model", "Graph"),
    "Block": ("d2s_lab.core.graph.model", "Block"),
    "Op": ("d2s_lab.core.graph.model", "Op"),
    "Value": ("d2s_lab.core.graph.model", "Value"),
    "D2SError": ("d2s_lab.errors", "D2SError"),
    "parse_spec_text": ("d2s_lab.core.specs", "parse_spec_text"),
    "steps": ("d2s_lab.core.steps", "capture_steps"),
    "Step": ("d2s_lab.core.steps", "Step"),
    "set_lang": ("d2s_lab.text.lang", "set_lang"),
    "set_mode": ("d2s_lab.core.modes", "set_mode"),
    "load_saved": ("d2s_lab.core.saved.model", "load_saved"),
    "read_saved": ("d2s_lab.core.saved.model", "read_saved"),
    "SavedModel": ("d2s_lab.core.saved.model", "SavedModel"),
    "SavedModelError": ("d2s_lab.errors", "SavedModelError"),
    "bench": ("d2s_lab.core.bench.runner", "bench"),
    "BenchResult": ("d2s_lab.core.bench.result", "BenchResult"),
    "profile": ("d2s_lab.core.profile.runner", "profile"),
    "ProfileResult": ("d2s_lab.core.profile.result", "ProfileResult"),
    "check": ("d2s_lab.core.check", "check"),
    "NumericCheck": ("d2s_lab.core.check", "NumericCheck"),
    "diagnose": ("d2s_lab.core.diagnosis", "diagnose"),
    "ErrorReport": ("d2s_lab.core.diagnosis", "ErrorReport"),
    "hints": ("d2s_lab.core.diagnosis", "hints"),
    "sot_report": ("d2s_lab.core.convert", "sot_report"),
    "breaks": ("d2s_lab.core.sot.breaks", "breaks"),
    "BreakEntry": ("d2s_lab.core.sot.breaks", "BreakEntry"),
    "SotReport": ("d2s_lab.core.sot.model", "SotReport"),
    "diff": ("d2s_lab.core.diff", "diff"),
    "GraphDiff": ("d2s_lab.core.diff", "GraphDiff"),
    "unhook": ("d2s_lab.core.paddle_compat.hooks", "unhook"),
    "set_hooks": ("d2s_lab.core.paddle_compat.hooks", "set_hooks"),
    "watch": ("d2s_lab.core.watch", "watch"),
    "WatchReport": ("d2s_lab.core.watch", "WatchReport"),
}

__all__ = sorted(_LAZY) + ["load_ipython_extension", "unload_ipython_extension"]


def __getattr__(name):
    if name == "CheckResult":  # NumericCheck's old name: d2s_lab.core.check warns and gives it
        import importlib

        return importlib.import_module("d2s_lab.core.check").CheckResult
    if name in _LAZY:
        import importlib

        mod, attr = _LAZY[name]
        return getattr(importlib.import_module(mod), attr)
    raise AttributeError(f"module 'd2s_lab' has no attribute {name!r}")


def load_ipython_extension(ipython):
    """``%load_ext d2s_lab``: register the magics (works without Paddle installed)."""
    from d2s_lab.magics import load

    load(ipython)


def unload_ipython_extension(ipython):
    """``%unload_ext d2s_lab``: remove the magics and put back every patch d2s_lab made to
    Paddle's internals (:func:`d2s_lab.unhook`)."""
    from d2s_lab.core.paddle_compat.hooks import unhook
    from d2s_lab.magics import unload

    unload(ipython)
    unhook()
