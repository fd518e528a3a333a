"""Paddle's runtimes beyond dygraph, whose APIs change between versions.

The Paddle Inference predictor (oneDNN switch renamed from ``mkldnn``), the
CPU thread count (``paddle.set_num_threads`` or ``paddle.base.core``), and ONNX
Runtime through paddle2onnx.  Each feature is looked up when used; a missing
one raises :class:`RuntimeUnavailable` saying what is missing.  Runners take
and return lists of NumPy arrays.
"""
from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import sys
from collections.abc import Sequence
from typing import Callable

from d2s_lab.core.capture import quiet_c_streams
from d2s_lab.errors import D2SError
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.text import t

Runner = Callable[[Sequence], list]


class RuntimeUnavailable(D2SError):
    """This installation cannot provide a runtime or one of its settings."""


def set_num_threads(n: int) -> int | None:
    """Set the CPU threads of Paddle's math library; return the previous setting
    (``None`` when Paddle does not report it)."""
    paddle = require_paddle()
    setter = getattr(paddle, "set_num_threads", None)
    if setter is None:  # Paddle 3.x keeps it in the C++ core only
        core = getattr(getattr(paddle, "base", None), "core", None)
        setter = getattr(core, "set_num_threads", None)
    if setter is None:
        raise RuntimeUnavailable(t("bench.no_set_threads", version=paddle.__version__))
    try:
        prev = int(paddle.get_flags(["FLAGS_paddle_num_threads"])["FLAGS_paddle_num_threads"])
    except Exception:  # noqa: BLE001 - the flag is not exported by every build
        prev = None
    setter(int(n))
    return prev


def default_onednn() -> bool | None:
    """Whether Paddle Inference's default ``Config`` runs a CPU model on oneDNN.

    Read from a fresh ``Config`` (``onednn_enabled``, in 2.x ``mkldnn_enabled``): on
    Paddle 3.3 and on 2.6 builds with oneDNN it is on. ``None`` when this Paddle has
    no Paddle Inference or its Config cannot say.
    """
    try:
        from paddle import inference

        cfg = inference.Config()
        cfg.disable_gpu()
    except Exception:  # noqa: BLE001 - no Paddle Inference in this build
        return None
    enabled = getattr(cfg, "onednn_enabled", None) or getattr(cfg, "mkldnn_enabled", None)
    return None if enabled is None else bool(enabled())


def predictor_config(prog: str, params: str | None, device: str = "cpu", device_id: int = 0,
                     threads: int = 1, onednn: bool | None = False):
    """A Paddle Inference ``Config`` (IR optimisation on) for a saved program.

    ``prog`` is the ``.json``/``.pdmodel`` file, ``params`` the ``.pdiparams`` file
    or ``None`` for a model without parameters; ``device`` is ``"cpu"`` or ``"gpu"``.
    On CPU, ``onednn`` switches the oneDNN backend on (else off where possible);
    ``None`` leaves it as Paddle's default Config has it (see :func:`default_onednn`).
    """
    paddle = require_paddle()
    try:
        from paddle import inference
    except ImportError as exc:
        raise RuntimeUnavailable(t("bench.no_inference", error=exc)) from None
    if params:
        cfg = inference.Config(prog, params)
    else:  # a model without parameters saves no .pdiparams
        cfg = inference.Config()
        cfg.set_prog_file(prog)
    cfg.switch_ir_optim(True)
    if hasattr(cfg, "disable_glog_info"):
        cfg.disable_glog_info()
    if device == "gpu":
        cfg.enable_use_gpu(256, int(device_id))
    else:
        cfg.disable_gpu()
        cfg.set_cpu_math_library_num_threads(int(threads))
        if onednn is None:
            pass  # Paddle's default configuration, as a user's predictor gets it
        elif onednn:
            on = getattr(cfg, "enable_onednn", None) or getattr(cfg, "enable_mkldnn", None)
            if on is None:
                raise RuntimeUnavailable(t("bench.no_onednn", version=paddle.__version__))
            on()
        else:
            off = getattr(cfg, "disable_onednn", None) or getattr(cfg, "disable_mkldnn", None)
            if off is not None:  # older builds have oneDNN off unless asked
                off()
    return cfg


def predictor_runner(prog: str, params: str | None, device: str = "cpu", device_id: int = 0,
                     threads: int = 1, onednn: bool | None = False, optim_dir: str | None = None) -> Runner:
    """A Paddle Inference predictor (see :func:`predictor_config`) for a saved program.
    With ``optim_dir``, the predictor also writes the program its IR passes produced
    there (``_optimized.json`` / ``.pdmodel``)."""
    from paddle import inference

    cfg = predictor_config(prog, params, device, device_id, threads, onednn)
    if optim_dir and hasattr(cfg, "enable_save_optim_model"):
        os.makedirs(optim_dir, exist_ok=True)
        cfg.enable_save_optim_model(True)
        cfg.set_optim_cache_dir(optim_dir)
    with quiet_c_streams():  # the IR passes print from C++
        pred = inference.create_predictor(cfg)
    ins = [pred.get_input_handle(n) for n in pred.get_input_names()]
    outs = [pred.get_output_handle(n) for n in pred.get_output_names()]

    def run(arrays):
        for h, a in zip(ins, arrays):
            h.reshape(list(a.shape))
            h.copy_from_cpu(a)
        pred.run()
        return [h.copy_to_cpu() for h in outs]

    return run


def _offline_export_options() -> dict:
    """Keyword arguments that keep ``paddle2onnx.export`` from installing anything.

    paddle2onnx 2.x optimises with Polygraphy by default, and for that sets
    ``POLYGRAPHY_AUTOINSTALL_DEPS=1``: Polygraphy then pip-installs onnx_graphsurgeon
    and sympy into the user's environment. Here onnxoptimizer (a dependency of
    paddle2onnx 2.x) optimises when it is importable, else nothing does."""
    return {"optimize_tool": "onnxoptimizer" if importlib.util.find_spec("onnxoptimizer") else "None"}


def _export_offline(export, *args) -> None:
    """``export(*args)`` with :func:`_offline_export_options`; paddle2onnx 1.x has no
    ``optimize_tool`` (and installs nothing), so it is called without it. Asking the call
    rather than the signature also works when ``export`` is wrapped."""
    try:
        export(*args, **_offline_export_options())
    except TypeError as exc:
        if "optimize_tool" not in str(exc):
            raise
        export(*args)


@contextlib.contextmanager
def _no_autoinstall():
    """``POLYGRAPHY_AUTOINSTALL_DEPS`` as it was before (unset if it was), whatever the
    exporter sets meanwhile; and Polygraphy's own switch off when it is loaded."""
    before = os.environ.get("POLYGRAPHY_AUTOINSTALL_DEPS")
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("POLYGRAPHY_AUTOINSTALL_DEPS", None)
        else:
            os.environ["POLYGRAPHY_AUTOINSTALL_DEPS"] = before
        config = sys.modules.get("polygraphy.config")
        if config is not None and before in (None, "0"):
            config.AUTOINSTALL_DEPS = False


# The export runs in a fresh interpreter: paddle2onnx calls abort() on an operator it does
# not support ("Due to the unsupported operators, the conversion is aborted"), which in
# the kernel would end the kernel. A large model exports in tens of seconds.
EXPORT_TIMEOUT_S = 600
_EXPORT_CHILD = """
import sys
from d2s_lab.core.paddle_compat.runtimes import export_here
export_here(*sys.argv[1:4])
"""
_UNSUPPORTED = re.compile(r"not supported yet, including\s*([^\n]+)")


def export_here(prog: str, params: str, onnx_file: str) -> None:
    """Export with paddle2onnx in this process (what the child of :func:`_export_in_child` runs)."""
    import paddle2onnx

    with _no_autoinstall():
        _export_offline(paddle2onnx.export, prog, params, onnx_file)


def _export_in_child(prog: str, params: str, onnx_file: str, timeout: float = EXPORT_TIMEOUT_S) -> None:
    """:func:`export_here` in a child interpreter; an abort, a failure or a missing model is
    a :class:`RuntimeUnavailable` naming the operators paddle2onnx could not convert."""
    import subprocess

    package_parent = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    env = dict(os.environ, POLYGRAPHY_AUTOINSTALL_DEPS="0", GLOG_minloglevel=os.environ.get("GLOG_minloglevel", "2"))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH", "")) if p)
    try:
        proc = subprocess.run([sys.executable, "-c", _EXPORT_CHILD, prog, params, onnx_file], env=env,
                              capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise RuntimeUnavailable(t("bench.onnx_export_timeout", s=f"{timeout:.0f}")) from None
    said = (proc.stdout or "") + (proc.stderr or "")
    found = _UNSUPPORTED.search(said)
    if found:
        ops = [op for op in re.split(r"[,\s]+", found.group(1)) if op]
        raise RuntimeUnavailable(t("bench.onnx_unsupported", ops=", ".join(ops[:12])))
    if proc.returncode < 0:  # a signal: abort() (SIGABRT), a crash
        raise RuntimeUnavailable(t("bench.onnx_export_died", sig=_signal_name(-proc.returncode)))
    if proc.returncode != 0:
        last = next((ln.strip() for ln in reversed(said.splitlines()) if ln.strip()), "")
        raise RuntimeUnavailable(t("bench.onnx_export_failed", error=last[:300]))
    if not os.path.isfile(onnx_file):
        raise RuntimeUnavailable(t("bench.onnx_no_model"))


def _signal_name(number: int) -> str:
    import signal

    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


def onnx_runner(prog: str, params: str | None, workdir: str, device: str = "cpu",
                threads: int = 1) -> Runner:
    """Export a saved program to ONNX with paddle2onnx (into ``workdir``) and run it in
    an ONNX Runtime session (CUDA provider for ``device="gpu"``)."""
    try:
        import onnxruntime as ort
        import paddle2onnx
    except ImportError:
        raise RuntimeUnavailable(t("install.onnx_missing")) from None
    export = getattr(paddle2onnx, "export", None)
    if export is None:
        raise RuntimeUnavailable(t("install.onnx_too_old", version=getattr(paddle2onnx, "__version__", "?")))
    onnx_file = os.path.join(workdir, "model.onnx")
    _export_in_child(prog, params or "", onnx_file)
    so = ort.SessionOptions()
    so.intra_op_num_threads = int(threads)
    so.inter_op_num_threads = 1
    so.log_severity_level = 3
    providers = ["CPUExecutionProvider"]
    if device == "gpu":
        if "CUDAExecutionProvider" not in ort.get_available_providers():
            raise RuntimeUnavailable(t("bench.onnx_no_cuda"))
        providers = ["CUDAExecutionProvider"]
    sess = ort.InferenceSession(onnx_file, so, providers=providers)
    names = [i.name for i in sess.get_inputs()]

    def run(arrays):
        return sess.run(None, dict(zip(names, arrays)))

    return run
