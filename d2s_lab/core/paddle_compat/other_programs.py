"""The programs Paddle runs besides the forward Program: training, AMP, Paddle Inference.

Where each lives (checked on Paddle 3.3.1 and 2.6.2):

* **training**: the partial-program layer ``StaticFunction.get_concrete_program``
  returns builds the whole training program (forward, then ``*_grad`` ops) when the
  function is first trained. Paddle 3.x: ``PartialProgramLayer.train_program`` (a
  ``RunnableProgram``: ``.program``, ``.forward_range``/``.backward_range``); Paddle 2.6:
  ``PartialProgramLayer._train_program`` (a legacy Program) with
  ``get_forward_end_op_idx``. The optimizer's ops are not in it: ``opt.step()`` runs
  eagerly after ``run_program``'s backward.
* **AMP**: ``paddle.amp.auto_cast`` entered *inside* the traced function inserts its
  ``cast`` ops while Paddle traces, also on a CPU (in dygraph, auto_cast on a CPU is a
  no-op). On a CPU only bfloat16 builds (float16 kernels are GPU-only).
* **inference**: ``paddle.inference.Config.enable_save_optim_model(True)`` with
  ``set_optim_cache_dir(DIR)`` makes the predictor write the program its IR passes
  produced as ``DIR/_optimized.json`` (PIR) or ``_optimized.pdmodel`` (legacy).

Every lookup is feature-detected; a missing piece raises :class:`ProgramUnavailable`
saying what this Paddle lacks.
"""
from __future__ import annotations

import glob
import inspect
import os
from typing import Any, Callable, Optional, Sequence, Tuple

from d2s_lab.errors import D2SError
from d2s_lab.text import t
from d2s_lab.core.paddle_compat import require_paddle
from d2s_lab.core.paddle_compat.walk.legacy import is_legacy_program
from d2s_lab.core.paddle_compat.runtimes import RuntimeUnavailable, predictor_runner


class ProgramUnavailable(D2SError):
    """This Paddle (or this conversion) cannot give the program asked for."""


def training_program(static_function, inputs) -> Tuple[Any, int]:
    """``(program, forward_end)``: the whole training program Paddle builds for
    ``static_function`` called on ``inputs`` (forward ops, then backward ops from index
    ``forward_end``). Traced in the Layer's current train/eval mode."""
    require_paddle()
    try:
        _, partial = static_function.get_concrete_program(*inputs, is_train=True)
    except TypeError:  # no is_train keyword
        _, partial = static_function.get_concrete_program(*inputs)
    runnable = _attr(partial, "train_program")
    if runnable is not None and hasattr(runnable, "program"):  # Paddle 3.x (PIR)
        program = runnable.program
        fwd = getattr(runnable, "forward_range", None)
        end = int(fwd[1]) if fwd else len(program.global_block().ops)
        return program, end
    whole = _attr(partial, "_train_program")  # Paddle 2.6 (legacy)
    if whole is not None and hasattr(whole, "global_block"):
        end_of = getattr(partial, "get_forward_end_op_idx", None)
        try:
            end = int(end_of(whole)) if callable(end_of) else len(whole.global_block().ops)
        except Exception:  # the index is recorded when the program is built; not found: all forward
            end = len(whole.global_block().ops)
        return whole, end
    raise ProgramUnavailable(t("programs.train_not_found", version=require_paddle().__version__,
                               type=type(partial).__name__))


def _attr(obj, name):
    try:
        return getattr(obj, name, None)
    except Exception:  # a lazy property that fails to build
        return None


# (call, level, dtype) of the AMP trace under way, read by _amp_forward as globals:
# Paddle 2.6's AST conversion drops a function's closure.
_AMP_TRACE: list = []


def _auto_cast(level: str, dtype: str):
    return require_paddle().amp.auto_cast(enable=True, level=level, dtype=dtype)


def _amp_forward(*args):
    call, level, dtype = _AMP_TRACE[-1]
    with _auto_cast(level, dtype):
        return call(*args)


def amp_program(call: Callable, input_spec: Optional[Sequence], level: str, dtype: str,
                main_program=None):
    """``(program, inputs, outputs)``: the forward program as Paddle builds it under
    ``paddle.amp.auto_cast(level, dtype)``. PIR (Paddle 3): ``call(*inputs)`` traced from
    ``input_spec`` inside auto_cast, so Paddle inserts its casts while tracing (inputs
    and outputs are the feed and fetch values). Legacy Programs (Paddle 2.6, whose
    auto_cast refuses static mode): ``main_program`` rewritten by the pass 2.6's
    to_static applies under auto_cast, ``cast_model_to_fp16`` (inputs/outputs None)."""
    paddle = require_paddle()
    if level not in ("O1", "O2"):
        raise ProgramUnavailable(t("programs.amp_level", level=repr(level)), t("programs.amp_level_hint"))
    if dtype not in ("float16", "bfloat16"):
        raise ProgramUnavailable(t("programs.amp_dtype", dtype=repr(dtype)), t("programs.amp_dtype_hint"))
    if main_program is not None and is_legacy_program(main_program):
        return _legacy_amp_program(main_program, level, dtype), None, None
    # Paddle maps InputSpecs to the arguments it reads from the signature: call's own
    try:
        _amp_forward.__signature__ = inspect.signature(call)
    except (TypeError, ValueError):
        _amp_forward.__signature__ = None
    static = paddle.jit.to_static(_amp_forward, input_spec=list(input_spec) if input_spec else None,
                                  full_graph=True)
    _AMP_TRACE.append((call, level, dtype))
    try:
        cp = static.concrete_program
    finally:
        _AMP_TRACE.pop()
    return cp.main_program, cp.inputs, cp.outputs


def _legacy_amp_program(main_program, level: str, dtype: str):
    paddle = require_paddle()
    try:
        from paddle.static.amp.fp16_lists import AutoMixedPrecisionLists
        from paddle.static.amp.fp16_utils import cast_model_to_fp16
    except ImportError as exc:
        raise ProgramUnavailable(t("programs.no_amp_pass", version=paddle.__version__, error=exc)) from None
    core = getattr(paddle, "base", None) or paddle.fluid
    var_type = core.core.VarDesc.VarType
    dest = var_type.BF16 if dtype == "bfloat16" else var_type.FP16
    dynamic = paddle.in_dynamic_mode()
    paddle.enable_static()  # clone and pass in static mode, as Paddle's to_static runs them
    try:
        program = main_program.clone()
        with paddle.static.program_guard(program):
            cast_model_to_fp16(program, AutoMixedPrecisionLists(dtype=dtype), use_fp16_guard=False,
                               dest_type=dest, level=level)
    finally:
        if dynamic:
            paddle.disable_static()
    return program


def default_amp_dtype() -> str:
    """float16 where Paddle has a GPU to run it, else bfloat16 (float16 kernels are GPU-only)."""
    paddle = require_paddle()
    try:
        return "float16" if paddle.device.get_device().startswith("gpu") else "bfloat16"
    except Exception:
        return "bfloat16"


def _optimized_file(out_dir: str) -> Optional[str]:
    """The program file a predictor given ``optim_dir=out_dir`` wrote (None if none)."""
    found = sorted(p for p in glob.glob(os.path.join(glob.escape(out_dir), "_optimized.*"))
                   if p.endswith((".json", ".pdmodel")))
    return found[0] if found else None


def optimized_program(prog: str, params: Optional[str], out_dir: str, onednn: bool = True,
                      device: str = "cpu") -> str:
    """Create a Paddle Inference predictor for a saved program with IR optimisation on, and
    have it write the program its passes produced into ``out_dir``; return that file."""
    try:
        predictor_runner(prog, params, device=device, onednn=onednn, optim_dir=out_dir)
    except RuntimeUnavailable:
        raise
    except Exception as exc:
        if "variables to be saved is 0" in str(exc):  # Paddle 3's C++ text for a model without parameters
            raise ProgramUnavailable(t("programs.no_params"), t("programs.no_params_hint")) from None
        raise ProgramUnavailable(t("programs.inference_load_failed",
                                   error=f"{type(exc).__name__}: {str(exc)[:300]}")) from None
    found = _optimized_file(out_dir)
    if found is None:
        raise ProgramUnavailable(t("programs.no_optimized", version=require_paddle().__version__, folder=out_dir))
    return found


__all__ = ["ProgramUnavailable", "amp_program", "default_amp_dtype", "optimized_program",
           "training_program"]
