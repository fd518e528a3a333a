"""Which Paddle the tests run on, and how its programs name things.

The suite runs on Paddle 3.x (PIR programs, ``pd_op.*`` ops, ``.json`` saves) and on
Paddle 2.6 (legacy Programs, ``elementwise_add``-style ops, ``.pdmodel`` saves).  Tests
state their expectations in Paddle 3's vocabulary and translate them with :func:`op`;
tests of a PIR-only feature are skipped elsewhere with :func:`pir_only` and a reason.
Where the two Paddles answer differently, the flags below say so, and
:func:`plain_failure` / :func:`assert_same_outputs` take the answer from plain
``paddle.jit.to_static``: d2s_lab must accept what it accepts and fail as it fails.
"""
import paddle
import pytest

from d2s_lab.core.graph.ops import LEGACY_NAMES

PADDLE_VERSION = paddle.__version__
_MAJOR = PADDLE_VERSION.split(".")[0]
# develop builds report 0.0.0 and are Paddle 3 code
PADDLE3 = _MAJOR == "0" or (_MAJOR.isdigit() and int(_MAJOR) >= 3)
# paddle.jit.to_static builds PIR programs (Paddle 3 unless FLAGS_enable_pir_api=0)
PIR = bool(getattr(paddle.framework, "use_pir_api", lambda: False)())

# The files paddle.jit.save writes for one program (besides .pdiparams[.info]).
PROGRAM_SUFFIX = ".json" if PIR else ".pdmodel"


def op(name: str) -> str:
    """The short name of the op this Paddle builds for PIR's ``name`` (``add`` on
    Paddle 3, ``elementwise_add`` on Paddle 2.6)."""
    return name if PIR else LEGACY_NAMES.get(name, (name,))[0]


def full_op(name: str) -> str:
    """The full name an op carries in the graph model (``pd_op.add`` / ``elementwise_add``)."""
    return f"pd_op.{name}" if PIR else op(name)


def pir_only(what: str):
    """Skip a test of something only PIR programs have, saying what."""
    return pytest.mark.skipif(not PIR, reason=f"Paddle 3 (PIR) only: {what}; "
                                              f"Paddle {PADDLE_VERSION} builds legacy Programs")


def frontend_only(what: str):
    """Skip on Paddle 2.6 a test of the front end alone (layout, widgets, reloads, other
    Jupyter servers): the pages and widgets are the same whichever Paddle made them, so the
    Paddle 3 run checks them; 2.6's own pages are opened in a browser by test_browser.py,
    test_report_browser.py, test_steps_browser.py and test_untrusted_browser.py."""
    return pytest.mark.skipif(not PADDLE3, reason=f"front end only ({what}): the same pages whichever Paddle "
                                                  "made them; the Paddle 3 run checks it")


def step_names():
    """The transformer steps d2s_lab shows for this Paddle, in order (``TypeHint``...):
    Paddle 3.3.1 and 2.6.2 both run 16 transformers, not the same ones nor in one order."""
    from d2s_lab.core.paddle_compat.transformers import transformer_names

    return [n[: -len("Transformer")] if n.endswith("Transformer") else n for n in transformer_names()]


# Code Paddle 2.6 converts where Paddle 3 refuses it. There the tests check that d2s_lab
# converts it as plain paddle.jit.to_static does (same outputs), and test the hint on a
# variant both refuse.
# A value on one path only of an `if` on a Tensor (a variable set in one branch, a `return`
# inside a loop): Paddle 2.6 fills the other path with a placeholder value.
ONE_PATH_VALUE_REFUSED = PADDLE3
# int32 + int64: Paddle 2.6 casts the right operand to the left one's dtype (dygraph too).
MIXED_INT_ADD_REFUSED = PADDLE3


def plain_to_static(fn, input_spec, mode="ast"):
    """``fn`` (a function or a Layer) through plain ``paddle.jit.to_static``, as d2s_lab
    converts it: ``full_graph=True`` with the specs in AST mode, SOT's default otherwise."""
    if mode == "ast":
        return paddle.jit.to_static(fn, input_spec=input_spec, full_graph=True)
    return paddle.jit.to_static(fn)


def plain_failure(fn, input_spec, inputs, mode="ast"):
    """How plain ``to_static`` fails on ``fn``: ``(stage, error)``, stage "convert" when
    building the Program fails (AST mode), "run" when the first call does, SOT's
    ``InnerError`` wrappers taken off down to their cause; None when it converts and runs."""
    static = plain_to_static(fn, input_spec, mode)
    if mode == "ast":
        sf = static.forward if isinstance(static, paddle.nn.Layer) else static
        try:
            sf.get_concrete_program(*inputs)
        except Exception as exc:
            return "convert", exc
    try:
        static(*inputs)
    except Exception as exc:
        while type(exc).__name__ == "InnerError" and exc.__cause__ is not None:
            exc = exc.__cause__
        return "run", exc
    return None


def assert_same_outputs(static_function, fn, input_spec, inputs_list, mode="ast"):
    """``static_function`` (d2s_lab's) gives what plain ``to_static`` of ``fn`` gives, on each
    of ``inputs_list``."""
    import numpy as np

    plain = plain_to_static(fn, input_spec, mode)
    for inputs in inputs_list:
        ours, theirs = static_function(*inputs), plain(*inputs)
        ours = ours if isinstance(ours, (list, tuple)) else [ours]
        theirs = theirs if isinstance(theirs, (list, tuple)) else [theirs]
        assert len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            np.testing.assert_array_equal(a.numpy(), b.numpy())


def cpu_runs_bfloat16() -> bool:
    """Whether this CPU runs bfloat16 kernels: oneDNN needs AVX-512 BF16 or AMX for them,
    and on other CPUs a bfloat16 Program (``auto_cast(dtype="bfloat16")``) aborts the process
    on its first run. Tests whose subject depends on it assert the outcome for each kind."""
    try:
        with open("/proc/cpuinfo") as fh:
            flags = set(fh.read().split())
    except OSError:
        return False
    return bool({"avx512_bf16", "amx_bf16"} & flags)


CPU_RUNS_BFLOAT16 = cpu_runs_bfloat16()
