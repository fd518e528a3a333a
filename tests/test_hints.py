"""The hint classifier: a table of Paddle 3.3.1's own error texts (recorded from real failing
conversions, see tests/recorded_errors.py) -> hint id, covering every hint; then real failing
conversions through d2s_lab.convert, checked for hint id and the user's line."""
import numpy as np
import paddle
import pytest

import recorded_errors as rec
from d2s_lab.core.diagnose import HINTS, classify

DYN = [[None, 4]]  # the spec the texts were recorded with: x: [None, 4] float32
STATIC = [[2, 4]]

# (row id, exc_type, Paddle's text, failing source line, spec shapes, expected hint id)
ROWS = [
    # AST: `vals = x.tolist()`
    ("tolist", "AssertionError", rec.TOLIST, "    vals = x.tolist()", DYN, "tolist"),
    # AST: `z = np.max(y)` and `z = np.allclose(y, y)`
    ("numpy-max", "TypeError", rec.NUMPY_MAX, "    z = np.max(y)", DYN, "numpy-api"),
    ("numpy-allclose", "TypeError", rec.NUMPY_ALLCLOSE, "    z = np.allclose(y, y)", DYN,
     "numpy-api"),
    # AST: `s = math.sqrt(float(x.abs().sum()))`
    ("float-of-tensor", "TypeError", rec.FLOAT_OF_TENSOR,
     "    s = math.sqrt(float(x.abs().sum()))", DYN, "python-value"),
    # AST: `return x * gains[k]` after `k = int(x.argmax().item()) % 3`: known by the text alone
    ("list-index-by-value", "TypeError", rec.LIST_INDEX_BY_VALUE, "    return x * gains[k]", DYN,
     "python-value"),
    # AST: `return x.reshape([-1, 3, 2])` with x: [None, 4]: fails on the first run
    ("reshape-dynamic", "InvalidArgumentError", rec.RESHAPE_AT_RUN,
     "    return x.reshape([-1, 3, 2])", DYN, "reshape-dynamic-dim"),
    # order: the same run-time reshape text, specs nested, one of them dynamic
    ("reshape-dynamic-nested", "InvalidArgumentError", rec.RESHAPE_AT_RUN,
     "    return x.reshape([-1, 3, 2])", [[2, 4], {"y": [None, 8]}], "reshape-dynamic-dim"),
    # order: the same run-time reshape text without a dynamic dim (or without specs)
    ("reshape-run-static-spec", "InvalidArgumentError", rec.RESHAPE_AT_RUN,
     "    return x.reshape([-1, 3, 2])", STATIC, "shape-mismatch"),
    ("reshape-run-no-spec", "InvalidArgumentError", rec.RESHAPE_AT_RUN,
     "    return x.reshape([-1, 3, 2])", None, "shape-mismatch"),
    # AST: the same reshape with x: [2, 4]: Paddle rejects it while converting
    ("reshape-static", "ValueError", rec.RESHAPE_AT_CONVERT, "    return x.reshape([-1, 3, 2])",
     STATIC, "shape-mismatch"),
    # AST: `return paddle.matmul(x, paddle.ones([5, 3]))`
    ("matmul", "ValueError", rec.MATMUL_MISMATCH,
     "    return paddle.matmul(x, paddle.ones([5, 3]))", DYN, "shape-mismatch"),
    # AST: `return x + paddle.ones([5])`
    ("broadcast", "ValueError", rec.BROADCAST_MISMATCH, "    return x + paddle.ones([5])", DYN,
     "shape-mismatch"),
    # NOT RAISED by Paddle 3.3.1 (a logged warning there): text from the wheel's
    # paddle/jit/dy2static/partial_program.py, for `return x * 2, 3`
    ("non-tensor-output", "", rec.NON_TENSOR_OUTPUT, "    return x * 2, 3", DYN,
     "non-tensor-output"),
    # AST: `if x.sum() > i: return x` inside `for i in range(3)`, then `return x * 2`
    ("return-type", "Dygraph2StaticException", rec.RETURN_TYPE_IN_LOOP,
     "        if x.sum() > i:", DYN, "return-in-branch"),
    # AST: `if x.sum() > 0: return x, x` then `return x`
    ("return-count", "Dygraph2StaticException", rec.RETURN_COUNT, "    if x.sum() > 0:", DYN,
     "return-in-branch"),
    # order: the same exception type, but the text says the loop itself is the problem:
    # AST: `i = 0; while i < 3: i = i + x.sum()`
    ("while-pred", "Dygraph2StaticException", rec.WHILE_PRED_CHANGES, "    while i < 3:", DYN,
     "unsupported-syntax"),
    # AST: `async def f(x): return x * 2`; Paddle fails with a bare IndexError
    ("async-def", "IndexError", rec.INDEX_OUT_OF_RANGE, "async def f_async(x):", DYN,
     "unsupported-syntax"),
    # order: the very same IndexError on `double = lambda x: x * 2` at module level
    ("lambda", "IndexError", rec.INDEX_OUT_OF_RANGE, "double = lambda x: x * 2", DYN,
     "source-unavailable"),
    # AST: a function made by exec(); the report has no source line
    ("exec-function", "OSError", rec.NO_SOURCE, "", DYN, "source-unavailable"),
    # SOT: `return x * max([])`: SOT's own InnerError, nothing inside it
    ("sot-inner", "InnerError", rec.SOT_EMPTY_MAX, "    return x * max([])", DYN,
     "sot-internal"),
    # order: the same failing line in AST mode is a plain ValueError: the user's own bug
    ("ast-empty-max", "ValueError", rec.AST_EMPTY_MAX, "    return x * max([])", DYN, ""),
    # no hint: the same IndexError with no source line to tell why
    ("bare-index-error", "IndexError", rec.INDEX_OUT_OF_RANGE, "", DYN, ""),
    # no hint: errors of the user's own code, unrelated to conversion (all AST)
    ("zero-division", "ZeroDivisionError", rec.ZERO_DIVISION, "    k = 1 / 0", DYN, ""),
    ("no-module", "ModuleNotFoundError", rec.NO_MODULE, "    import no_such_module_xyz", DYN, ""),
    ("no-attribute", "AttributeError", rec.NO_ATTRIBUTE, "    return x.no_such_method()", DYN,
     ""),
    ("unbound-local", "UnboundLocalError", rec.UNBOUND, "    return x", DYN, ""),
]


def _specs(shapes):
    """InputSpecs of the given shapes, nested as given (lists and dicts)."""
    if shapes is None:
        return None
    if isinstance(shapes, dict):
        return {k: _specs(v) for k, v in shapes.items()}
    if shapes and isinstance(shapes[0], (list, dict)):
        return [_specs(s) for s in shapes]
    return paddle.static.InputSpec(shapes, "float32")


def test_table_covers_every_hint():
    expected = {row[-1] for row in ROWS}
    assert expected - {""} == set(HINTS), "every hint needs a row, every row a known hint"
    assert "" in expected
    assert len({row[0] for row in ROWS}) == len(ROWS)
    assert all(isinstance(v, str) and v.strip() for v in HINTS.values())


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_classify(row):
    _, exc_type, text, code, shapes, want = row
    got = classify(exc_type, text, code, _specs(shapes))
    assert got == want
    assert got == "" or got in HINTS


def test_classify_defaults():
    # code and specs are optional: the text alone decides when it can
    assert classify("AssertionError", rec.TOLIST) == "tolist"
    assert classify("TypeError", rec.NUMPY_MAX) == "numpy-api"
    assert classify("InvalidArgumentError", rec.RESHAPE_AT_RUN) == "shape-mismatch"
    assert classify("ZeroDivisionError", rec.ZERO_DIVISION) == ""


# --- real failing conversions, end to end ------------------------------------------------
# Hints whose real failure tests/test_errors.py does not already run: numpy-api,
# unsupported-syntax (two ways), sot-internal; and for return-in-branch and shape-mismatch,
# Paddle messages that test_errors.py does not produce (a different number of return
# values; a broadcast mismatch caught by AST mode while converting).
# Line numbers matter: the tests find them by the marker comments.


def numpy_max(x):
    y = x * 2
    m = np.max(y)  # NUMPY_MAX
    return y / m


def while_pred_changes(x):
    i = 0
    while i < 3:  # WHILE_PRED
        i = i + x.sum()
    return x * i


async def coroutine_forward(x):  # ASYNC_DEF
    return x * 2


def empty_max(x):
    return x * max([])  # EMPTY_MAX


def tuple_in_one_branch(x):
    if x.sum() > 0:  # RETURN_COUNT
        return x, x
    return x


def broadcast_mismatch(x):
    y = x * 2
    return y + paddle.ones([5])  # BROADCAST


def line_of(marker: str) -> int:
    with open(__file__, encoding="utf-8") as fh:
        for i, line in enumerate(fh, 1):
            if line.rstrip().endswith("# " + marker):
                return i
    raise KeyError(marker)


# (function, mode, marker, hint id, stage, exception type)
E2E = {
    "numpy-api": (numpy_max, "ast", "NUMPY_MAX", "numpy-api", "convert", "TypeError"),
    "while-pred": (while_pred_changes, "ast", "WHILE_PRED", "unsupported-syntax", "convert",
                   "Dygraph2StaticException"),
    "async-def": (coroutine_forward, "ast", "ASYNC_DEF", "unsupported-syntax", "convert",
                  "IndexError"),
    "sot-internal": (empty_max, "sot", "EMPTY_MAX", "sot-internal", "run", "InnerError"),
    "return-count": (tuple_in_one_branch, "ast", "RETURN_COUNT", "return-in-branch", "convert",
                     "Dygraph2StaticException"),
    "broadcast": (broadcast_mismatch, "ast", "BROADCAST", "shape-mismatch", "convert",
                  "ValueError"),
}


@pytest.mark.parametrize("name", sorted(E2E))
def test_real_failure_hint_and_line(name):
    import d2s_lab
    from d2s_lab.core.errors import ConversionError

    fn, mode, marker, hint_id, stage, exc_type = E2E[name]
    with pytest.raises(ConversionError) as ei:
        d2s_lab.convert(fn, ["x: [None, 4] float32"], mode=mode)
    err = ei.value
    rep = err.report
    assert rep is not None and err.original is not None
    assert rep.hint_id == hint_id, (rep.hint_id, rep.original_text[-800:])
    assert rep.hint == HINTS[hint_id]
    assert rep.line == line_of(marker), (rep.line, rep.original_text[-800:])
    assert rep.file == __file__ and rep.where == f"test_hints.py line {rep.line}"
    assert rep.code.rstrip().endswith("# " + marker)
    assert rep.exc_type == exc_type
    assert err.stage == rep.stage == stage and rep.mode == mode
    # the context is numbered as the file is, and marks the failing line
    assert [c.number for c in rep.context if c.is_error] == [rep.line]


def test_sot_internal_error_has_no_cause_to_unwrap():
    """SOT's InnerError around an InnerError: the report names the inner one."""
    import d2s_lab
    from d2s_lab.core.errors import ConversionError

    with pytest.raises(ConversionError) as ei:
        d2s_lab.convert(empty_max, ["x: [None, 4] float32"], mode="sot")
    outer = ei.value.original
    assert type(outer).__name__ == "InnerError"
    inner = outer.__cause__
    assert type(inner).__name__ == "InnerError" and inner.__cause__ is None
    assert classify("InnerError", str(inner)) == "sot-internal"
    assert ei.value.report.message  # Paddle's own gist, whatever its wording

