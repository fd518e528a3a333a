"""The hint classifier: a table of Paddle's own error texts (3.3.1's, and 2.6.2's where they
differ; recorded from real failing conversions, see tests/support/recorded_errors.py) -> hint id,
covering every hint; then real failing conversions through d2s_lab.convert, checked for hint
id and the user's line, and for the error and stage plain paddle.jit.to_static gives."""
import os

import numpy as np
import paddle
import pytest

import recorded_errors as rec
from d2s_lab.core.diagnosis import HINTS, classify, hint_text
from models import line_in
import paths
from d2s_lab.text.lookup import CATALOGUE
from versions import MIXED_INT_ADD_REFUSED, ONE_PATH_VALUE_REFUSED, PADDLE3, assert_same_outputs, plain_failure

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
     "    return x.reshape([-1, 3, 2])", STATIC, "reshape-size"),
    ("reshape-run-no-spec", "InvalidArgumentError", rec.RESHAPE_AT_RUN,
     "    return x.reshape([-1, 3, 2])", None, "reshape-size"),
    # AST: the same reshape with x: [2, 4]: Paddle rejects it while converting
    ("reshape-static", "ValueError", rec.RESHAPE_AT_CONVERT, "    return x.reshape([-1, 3, 2])",
     STATIC, "reshape-size"),
    # AST: `return paddle.matmul(x, paddle.ones([5, 3]))`
    ("matmul", "ValueError", rec.MATMUL_MISMATCH,
     "    return paddle.matmul(x, paddle.ones([5, 3]))", DYN, "shape-mismatch"),
    # AST: `return x + paddle.ones([5])`
    ("broadcast", "ValueError", rec.BROADCAST_MISMATCH, "    return x + paddle.ones([5])", DYN,
     "broadcast"),
    # NOT RAISED by Paddle 3.3.1 (a logged warning there): text from the wheel's
    # paddle/jit/dy2static/partial_program.py, for `return x * 2, 3`
    ("non-tensor-output", "", rec.NON_TENSOR_OUTPUT, "    return x * 2, 3", DYN,
     "non-tensor-output"),
    # AST: `if x.sum() > i: return x` inside `for i in range(3)`, then `return x * 2`
    ("return-type", "Dygraph2StaticException", rec.RETURN_TYPE_IN_LOOP,
     "        if x.sum() > i:", DYN, "return-in-branch"),
    # AST: `if x.sum() > 0: return x, x` then `return x`
    ("return-count", "Dygraph2StaticException", rec.RETURN_COUNT, "    if x.sum() > 0:", DYN,
     "return-mismatch"),
    # order: the same exception type, but the text says the loop itself is the problem:
    # AST: `i = 0; while i < 3: i = i + x.sum()`
    ("while-pred", "Dygraph2StaticException", rec.WHILE_PRED_CHANGES, "    while i < 3:", DYN,
     "loop-pred-tensor"),
    # AST: `async def f(x): return x * 2`; Paddle fails with a bare IndexError
    ("async-def", "IndexError", rec.INDEX_OUT_OF_RANGE, "async def f_async(x):", DYN,
     "unsupported-syntax"),
    # order: the very same IndexError on `double = lambda x: x * 2` at module level
    ("lambda", "IndexError", rec.INDEX_OUT_OF_RANGE, "double = lambda x: x * 2", DYN,
     "source-unavailable"),
    # AST: a function made by exec(); the report has no source line
    ("exec-function", "OSError", rec.NO_SOURCE, "", DYN, "source-unavailable"),
    # SOT: a tensor of several elements as one Python value (if/while, int, float)
    ("bool-several", "AssertionError", rec.SOT_BOOL_SEVERAL, "    if bool(x > 0):", DYN, "several-elements"),
    ("int-several", "AssertionError", rec.SOT_INT_SEVERAL, "    return x * int(x)", DYN, "several-elements"),
    ("cond-numel-26", "ValueError", rec.AST_COND_NUMEL, "    if bool(x > 0):", DYN, "several-elements"),
    ("float-several-26", "AttributeError", rec.SOT26_FLOAT_SEVERAL, "    return x * float(x)", DYN,
     "several-elements"),
    # the same text when the line reduced the tensor first: one value, still no Python number there
    ("float-reduced-26", "AttributeError", rec.SOT26_FLOAT_SEVERAL, "    if float(y.mean()) > 0:", DYN,
     "python-value"),
    # SOT under NumPy 2: range() of a shape-[1] tensor
    ("range-shape-one", "TypeError", rec.NUMPY2_SHAPE_ONE, "    for i in range(n):", DYN, "shape-one-scalar"),
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
    # --- issue #14 -------------------------------------------------------------------------
    ("dtype-promotion", "TypeError", rec.TYPE_PROMOTION,
     "    return paddle.maximum(a, paddle.argmax(x, axis=1))", DYN, "dtype-mix"),
    ("dtype-loop-counter", "TypeError", rec.SAME_DATA_TYPE,
     '        idx = paddle.concat([idx, paddle.full([1], i, dtype="int64")])', DYN, "dtype-mix"),
    ("dtype-not-understood", "TypeError", rec.DTYPE_NOT_UNDERSTOOD, '    return x.astype("int65")',
     DYN, "dtype-arg"),
    ("dtype-one-hot", "TypeError", rec.ONE_HOT_DTYPE, "    return F.one_hot(lab, 4)", DYN,
     "dtype-arg"),
    ("dtype-gather-index", "InvalidArgumentError", rec.GATHER_INDEX_DTYPE,
     "    return paddle.gather(x, idx)", DYN, "dtype-arg"),
    ("key-error", "Dy2StKeyError", rec.KEY_ERROR, '    return d["b"]', DYN, "dict-key"),
    ("dict-in-one-branch", "Dygraph2StaticException", rec.DICT_IN_ONE_BRANCH,
     "    if x.mean() > 0:", DYN, "dict-key"),
    ("zip-dynamic", "RuntimeError", rec.ZIP_DYNAMIC, "    for row in zip(x, x):", DYN,
     "dynamic-dim-iter"),
    ("add-none", "TypeError", rec.ADD_NONE, "    return x + y", DYN, "none-value"),
    ("add-undefined", "TypeError", rec.ADD_UNDEFINED, "    return x + y", DYN, "none-value"),
    ("reparse-indent", "IndentationError", rec.REPARSE_INDENT, "", DYN, "reparse-syntax"),
    ("while-true-return", "Dygraph2StaticException", rec.WHILE_TRUE_RETURN, "", DYN,
     "return-in-loop"),
    # known gaps fixed: concat's wording, np.array fed to to_tensor, SOT's ufunc refusal
    ("concat", "ValueError", rec.CONCAT_MISMATCH,
     "    return paddle.concat([x, paddle.ones([3, 5])], axis=0)", DYN, "shape-mismatch"),
    ("to-tensor-np-array", "TypeError", rec.TO_TENSOR_OBJECT,
     "    return paddle.to_tensor(np.array(y))", DYN, "numpy-api"),
    ("to-tensor-np-asarray", "TypeError", rec.TO_TENSOR_OBJECT,
     "    return paddle.to_tensor(np.asarray(y))", DYN, "numpy-api"),
    ("sot-ufunc", "TypeError", rec.SOT_UFUNC, "    return paddle.to_tensor(np.abs(x))", DYN,
     "numpy-api"),
    # the quoted neighbouring lines (a function named f_reshape, a .reshape() call) never count
    ("neighbour-lines-ignored", "KeyError", rec.KEY_ERROR_WITH_NEIGHBOURS, '    return d["b"]', DYN,
     "dict-key"),
    # SOT: `n = len(x.sum())`: SOT's own InnerError (Paddle 3.3.1 and 2.6.2)
    ("sot-len-0d", "InnerError", rec.SOT_LEN_0D, "    n = len(x.sum())", DYN, "sot-internal"),
    # SOT: a name not defined, in SOT's words (Paddle 3.3.1 and 2.6.2)
    ("sot-undefined-name", "InnerError", rec.SOT_UNDEFINED, "    return undefined_name + x", DYN,
     "undefined-name"),
    # --- Paddle 2.6.2's texts for the same code ----------------------------------------------
    ("tolist-26", "AttributeError", rec.TOLIST_26, "    vals = x.tolist()", DYN, "tolist"),
    ("float-of-tensor-26", "TypeError", rec.FLOAT_OF_TENSOR_26,
     "    s = math.sqrt(float(x.abs().sum()))", DYN, "python-value"),
    ("list-index-by-value-26", "TypeError", rec.LIST_INDEX_BY_VALUE_26, "    return x * gains[k]", DYN,
     "python-value"),
    ("reshape-dynamic-26", "ValueError", rec.RESHAPE_AT_RUN_26, "    return x.reshape([-1, 3, 2])", DYN,
     "reshape-dynamic-dim"),
    ("reshape-run-static-spec-26", "ValueError", rec.RESHAPE_AT_RUN_26, "    return x.reshape([-1, 3, 2])",
     STATIC, "reshape-size"),
    ("matmul-26", "ValueError", rec.MATMUL_MISMATCH_26, "    return paddle.matmul(x, paddle.ones([5, 3]))",
     DYN, "shape-mismatch"),
    ("return-count-26", "Dygraph2StaticException", rec.RETURN_COUNT_26, "    if x.sum() > 0:", DYN,
     "return-mismatch"),
    ("dtype-promotion-26", "ValueError", rec.TYPE_PROMOTION_26,
     "    return paddle.maximum(a, paddle.argmax(x, axis=1))", DYN, "dtype-mix"),
    ("dtype-not-in-list-26", "TypeError", rec.DTYPE_NOT_IN_LIST_26,
     '    return paddle.zeros([2, 4], dtype="float33")', DYN, "dtype-arg"),
    ("dtype-one-hot-26", "TypeError", rec.ONE_HOT_DTYPE_26, "    return F.one_hot(lab, 4)", DYN, "dtype-arg"),
    ("dtype-gather-index-26", "TypeError", rec.GATHER_INDEX_DTYPE_26, "    return paddle.gather(x, idx)",
     DYN, "dtype-arg"),
    ("dict-in-one-branch-26", "Dygraph2StaticException", rec.DICT_IN_ONE_BRANCH_26,
     "    if x.mean() > 0:", DYN, "dict-key"),
    ("add-none-26", "TypeError", rec.ADD_NONE_26, "    return x + y", DYN, "none-value"),
    # SOT: `return x * max([])`: Paddle 2.6's SOT raises Python's own ValueError (InnerError's
    # __cause__, unwrapped): the user's bug, as in AST mode
    ("sot-empty-max-26", "ValueError", rec.SOT_EMPTY_MAX, "    return x * max([])", DYN, ""),
    # --- near causes told apart: each hint, and the near case that must not get it ----------
    # broadcasting (a reduction without keepdim), at run time with a dynamic batch ...
    ("broadcast-keepdim-run", "InvalidArgumentError", rec.BROADCAST_AT_RUN,
     "    return scores - scores.max(axis=1)", DYN, "broadcast"),
    # ... and a dynamic dim that meets a fixed size on the first run (Paddle 3 checked every
    # fixed dim while converting) ...
    ("matmul-dynamic-run", "InvalidArgumentError", rec.MATMUL_AT_RUN,
     "    return paddle.matmul(x, paddle.ones([7, 3]))", [[None, None]], "shape-dynamic-dim"),
    # ... but not without a dynamic dim in the InputSpec, nor for fixed shapes refused while
    # converting (rows "matmul", "concat" above: shape-mismatch)
    ("matmul-run-static-spec", "InvalidArgumentError", rec.MATMUL_AT_RUN,
     "    return paddle.matmul(x, paddle.ones([7, 3]))", STATIC, "shape-mismatch"),
    # both branches return, a str and a Tensor (one branch without a return: "return-type" above)
    ("return-types", "Dygraph2StaticException", rec.RETURN_TYPES, "    if x.mean() > 0:", DYN,
     "return-mismatch"),
    ("return-types-26", "Dygraph2StaticException", rec.RETURN_TYPES_26, "    if x.mean() > 0:", DYN,
     "return-mismatch"),
    # a Layer method Paddle forbids inside forward: Paddle's message names it
    ("set-state-dict", "ValueError", rec.SET_STATE_DICT,
     "        self.fc.set_state_dict(self.fc.state_dict())", DYN, "forbidden-call"),
    ("set-state-dict-26", "ValueError", rec.SET_STATE_DICT_26,
     "        self.fc.set_state_dict(self.fc.state_dict())", DYN, "forbidden-call"),
    ("set-state-dict-bad-key", "ValueError", rec.SET_STATE_DICT_BAD_KEY,
     "        self.fc.set_state_dict(sd)", DYN, ""),
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
    texts = [CATALOGUE[k] for h in HINTS.values() for k in (h.title_key, h.text_key)]
    assert all(set(v) == {"en", "zh"} and all(t.strip() for t in v.values()) for v in texts)


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
    assert classify("InvalidArgumentError", rec.RESHAPE_AT_RUN) == "reshape-size"
    assert classify("ZeroDivisionError", rec.ZERO_DIVISION) == ""


# --- real failing conversions, end to end ------------------------------------------------
# Hints whose real failure tests/core/test_errors.py does not already run: numpy-api,
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


def len_of_scalar(x):
    n = len(x.sum())  # LEN_0D
    return x * n


def tuple_in_one_branch(x):
    if x.sum() > 0:  # RETURN_COUNT
        return x, x
    return x


def broadcast_mismatch(x):
    y = x * 2
    return y + paddle.ones([5])  # BROADCAST


def str_or_tensor(x):
    if x.mean() > 0:  # RETURN_TYPES
        return "positive"
    else:
        return x


class SetStateInForward(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)

    def forward(self, x):
        self.fc.set_state_dict(self.fc.state_dict())  # SET_STATE
        return self.fc(x)


def break_in_tensor_if(x):
    for _i in range(3):
        x = x + 1
        if x.mean() > 0:  # TENSOR_IF
            break
        x = x * 2
    return x


def centered_scores(x):
    scores = x * 2
    return scores - scores.max(axis=1)  # KEEPDIM


def fixed_matmul(x):
    a = paddle.ones([3, 4])
    return paddle.matmul(a, paddle.ones([5, 2])) + x.sum()  # FIXED_MM


def dtype_promotion(x):
    a = paddle.argmax(x, axis=1).astype("int32")
    return paddle.maximum(a, paddle.argmax(x, axis=1))  # DTYPE_MIX


def int_add(x):
    a = paddle.argmax(x, axis=1).astype("int32")
    return a + paddle.argmax(x, axis=1)  # INT_ADD


def loop_counter_dtype(x):
    idx = paddle.argmax(x, axis=1).astype("int32")
    for i in range(3):
        idx = paddle.concat([idx, paddle.full([1], i, dtype="int64")])  # LOOP_COUNTER
    return idx


def bad_dtype_name(x):
    return paddle.zeros([2, 4], dtype="float33")  # BAD_DTYPE


def float_index_gather(x):
    idx = paddle.argmax(x, axis=1).astype("float32")
    return paddle.gather(x, idx)  # GATHER_DTYPE


class UnderIndentedString(paddle.nn.Layer):
    def forward(self, x):
        note = """scale
by two"""  # REPARSE
        return x * len(note)


def missing_key(x):
    d = {"a": x * 2}
    return d["b"]  # KEY


def zip_over_batch(x):
    rows = []
    for a, b in zip(x, x):  # ZIP
        rows.append(a + b)
    return paddle.stack(rows)


def add_none(x):
    y = None
    return x + y  # ADD_NONE


def set_in_one_branch(x):
    if x.mean() > 0:
        y = x * 2
    return x + y  # ONE_BRANCH


def loop_that_returns(x):
    while True:  # WHILE_TRUE
        return x * 2


def concat_mismatch(x):
    return paddle.concat([x, paddle.ones([3, 5])], axis=0)  # CONCAT


def np_array_to_tensor(x):
    y = x * 2
    return paddle.to_tensor(np.array(y))  # NP_ARRAY


def sot_np_abs(x):
    return paddle.to_tensor(np.abs(x))  # NP_ABS


def line_of(marker: str) -> int:
    return line_in(__file__, marker)


# (function, mode, marker, hint id). The stage and the exception type are what plain
# paddle.jit.to_static does with the same code (Paddle 2.6 and 3.x differ: 2.6 builds
# paddle.maximum of int32 and int64 and fails when it runs, and checks gather's index dtype
# while building).
E2E = {
    "numpy-api": (numpy_max, "ast", "NUMPY_MAX", "numpy-api"),
    "while-pred": (while_pred_changes, "ast", "WHILE_PRED", "loop-pred-tensor"),
    "async-def": (coroutine_forward, "ast", "ASYNC_DEF", "unsupported-syntax"),
    "sot-internal": (len_of_scalar, "sot", "LEN_0D", "sot-internal"),
    "return-count": (tuple_in_one_branch, "ast", "RETURN_COUNT", "return-mismatch"),
    "broadcast": (broadcast_mismatch, "ast", "BROADCAST", "broadcast"),
    "return-types": (str_or_tensor, "ast", "RETURN_TYPES", "return-mismatch"),
    "set-state-dict": (SetStateInForward, "ast", "SET_STATE", "forbidden-call"),
    # Paddle names the loop's last line: the report names the tensor `if` that made the loop's
    # condition a tensor, and so does the error's message
    "break-in-tensor-if": (break_in_tensor_if, "ast", "TENSOR_IF", "loop-pred-tensor"),
    "keepdim": (centered_scores, "ast", "KEEPDIM", "broadcast"),
    "fixed-matmul": (fixed_matmul, "ast", "FIXED_MM", "shape-mismatch"),
    "dtype-promotion": (dtype_promotion, "ast", "DTYPE_MIX", "dtype-mix"),
    "int-add": (int_add, "ast", "INT_ADD", "dtype-mix"),
    "loop-counter": (loop_counter_dtype, "ast", "LOOP_COUNTER", "dtype-mix"),
    "bad-dtype": (bad_dtype_name, "ast", "BAD_DTYPE", "dtype-arg"),
    "gather-dtype": (float_index_gather, "ast", "GATHER_DTYPE", "dtype-arg"),
    "reparse": (UnderIndentedString, "ast", "REPARSE", "reparse-syntax"),
    "key": (missing_key, "ast", "KEY", "dict-key"),
    "zip": (zip_over_batch, "ast", "ZIP", "dynamic-dim-iter"),
    "add-none": (add_none, "ast", "ADD_NONE", "none-value"),
    "one-branch": (set_in_one_branch, "ast", "ONE_BRANCH", "none-value"),
    "while-true": (loop_that_returns, "ast", "WHILE_TRUE", "return-in-loop"),
    "concat": (concat_mismatch, "ast", "CONCAT", "shape-mismatch"),
    "np-array": (np_array_to_tensor, "ast", "NP_ARRAY", "numpy-api"),
    "sot-np-abs": (sot_np_abs, "sot", "NP_ABS", "numpy-api"),
}
# Code this Paddle converts (tests/support/versions.py): d2s_lab must convert it the same way.
CONVERTED = {"one-branch": not ONE_PATH_VALUE_REFUSED, "int-add": not MIXED_INT_ADD_REFUSED}


@pytest.mark.parametrize("name", sorted(E2E))
def test_real_failure_hint_and_line(name):
    import d2s_lab
    from d2s_lab.errors import ConversionError

    fn, mode, marker, hint_id = E2E[name]
    make = fn if isinstance(fn, type) else (lambda: fn)
    spec = [paddle.static.InputSpec([None, 4], "float32", "x")]
    x = paddle.to_tensor(np.linspace(-1, 2, 8, dtype="float32").reshape([2, 4]))
    failure = plain_failure(make(), spec, [x], mode)
    assert (failure is None) == CONVERTED.get(name, False), failure
    if failure is None:  # Paddle converts it: d2s_lab does too, with Paddle's outputs
        conv = d2s_lab.convert(make(), spec, mode=mode)
        assert conv.error is None
        assert_same_outputs(conv.static_function, make(), spec, [[x], [-x]], mode)
        return
    stage, plain_error = failure
    with pytest.raises(ConversionError) as ei:
        d2s_lab.convert(make(), ["x: [None, 4] float32"], mode=mode)
    err = ei.value
    rep = err.report
    assert rep is not None and err.original is not None
    assert rep.hint_id == hint_id, (rep.hint_id, rep.original_text[-800:])
    assert rep.hint == rep.hint_for() and rep.hint.endswith(hint_text(hint_id))
    assert rep.line == line_of(marker), (rep.line, rep.original_text[-800:])
    assert rep.file == __file__ and rep.where == f"test_hints.py line {rep.line}"
    assert rep.code.rstrip().endswith("# " + marker)
    # the error plain to_static raises, at the same stage
    assert rep.exc_type == type(plain_error).__name__, plain_error
    assert err.stage == rep.stage == stage and rep.mode == mode
    # the message names the same line as the box, and never Paddle's temporary file
    assert err.message.endswith(f"(at {rep.where})"), err.message
    assert str(err).count("(at ") == 1 and "<unknown>" not in err.message
    # the hint in both languages
    assert rep.hint_for("en") and rep.hint_for("zh") and rep.hint_for("en") != rep.hint_for("zh")
    assert "to_static_tmp" not in err.message + rep.original_text + rep.message
    # the context is numbered as the file is, and marks the failing line
    assert [c.number for c in rep.context if c.is_error] == [rep.line]


def test_sot_internal_error_has_no_cause_to_unwrap():
    """SOT's InnerError around an InnerError: the report names the inner one."""
    import d2s_lab
    from d2s_lab.errors import ConversionError

    with pytest.raises(ConversionError) as ei:
        d2s_lab.convert(len_of_scalar, ["x: [None, 4] float32"], mode="sot")
    outer = ei.value.original
    assert type(outer).__name__ == "InnerError"
    inner = outer.__cause__
    assert type(inner).__name__ == "InnerError" and inner.__cause__ is None
    assert classify("InnerError", str(inner)) == "sot-internal"
    assert ei.value.report.message  # Paddle's own gist, whatever its wording



class DecoratedInner(paddle.nn.Layer):
    """A Layer whose forward is already converted (``full_graph=True``)."""

    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)

    @paddle.jit.to_static(full_graph=True)
    def forward(self, x):
        return self.fc(x)


DECORATED = {}


def calls_a_converted_layer(x):
    return DECORATED["inner"](x) * 2


def test_sot_losing_self_in_a_converted_forward_is_paddles_failure_not_a_dict():
    """SOT simulating a call of a forward decorated with to_static(full_graph=True) fails
    with KeyError: 'self' inside its own machinery: the hint says so and points at --mode
    ast, which converts the same function; never the hint about a dict's missing key."""
    import d2s_lab
    from d2s_lab.errors import ConversionError

    DECORATED["inner"] = DecoratedInner()
    with pytest.raises(ConversionError) as ei:
        d2s_lab.convert(calls_a_converted_layer, ["x: [None, 4] float32"], mode="sot")
    rep = ei.value.report
    assert rep.exc_type == "KeyError" and rep.hint_id == "sot-internal", (rep.exc_type, rep.hint_id)
    assert "--mode ast" in rep.hint_for("en") and "--mode ast" in rep.hint_for("zh")
    conv = d2s_lab.convert(calls_a_converted_layer, ["x: [None, 4] float32"], mode="ast")
    assert conv.error is None and conv.drawn_graph.num_listed_ops() > 2
    assert classify("KeyError", "d = {}\nKeyError: 'self'") == "dict-key"  # a user's own dict


# --- the shape hint names the layer ------------------------------------------------------

class FlatNet(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(3, 8, 3)
        self.fc = paddle.nn.Linear(16, 10)  # FC_CTOR

    def forward(self, x):
        y = self.conv(x)
        y = paddle.flatten(y, 1)  # FLATTEN
        return self.fc(y)  # FC_CALL


def test_layer_shape_mismatch_names_layer_and_origin():
    import d2s_lab
    from d2s_lab.errors import ConversionError

    with pytest.raises(ConversionError) as ei:
        d2s_lab.convert(FlatNet(), ["x: [None, 3, 32, 32] float32"])
    rep = ei.value.report
    assert rep.hint_id == "shape-mismatch" and rep.line == line_of("FC_CALL")
    f = rep.facts
    assert (f["layer"], f["expected"], f["actual"]) == ("fc", 16, 7200)
    assert f["ctor"] == "paddle.nn.Linear(16, 10)" and f["ctor_line"] == line_of("FC_CTOR")
    assert f["factors"] == "8x30x30" and f["source_layer"] == "conv"
    assert f["via_name"] == "flatten" and f["via_line"] == line_of("FLATTEN")
    assert f["fix"] == "paddle.nn.Linear(7200, 10)"
    en, zh = rep.hint_for("en"), rep.hint_for("zh")
    assert f"line {line_of('FC_CTOR')}" in en and "7,200" in en and "8x30x30" in en
    assert f"第 {line_of('FC_CTOR')} 行" in zh and "7,200" in zh and "层 `fc`" in zh
    assert ei.value.conversion.target is not None  # the diagnosis had the Layer


# --- the catalogue ----------------------------------------------------------------------

def test_catalogue_lists_every_hint_in_both_languages():
    import d2s_lab

    en, zh = d2s_lab.hints("en"), d2s_lab.hints("zh")
    assert [h.id for h in en] == [h.id for h in zh] == list(HINTS)
    for a, b in zip(en, zh):
        assert a.text == hint_text(a.id, "en") and b.text == hint_text(a.id, "zh") and a.text != b.text
        assert a.title and b.title and a.example and a.mode in ("ast", "sot")
    page = open(os.path.join(paths.ROOT, "docs", "diagnosis.md"), encoding="utf-8").read()
    for h in en:
        assert f"| `{h.id}` |" in page, h.id


def test_every_hint_record_has_texts_in_both_languages_and_an_example():
    from d2s_lab.core.diagnosis import MATCH_ORDER

    assert sorted(MATCH_ORDER) == sorted(HINTS), "classify asks every hint once"
    for hint_id, h in HINTS.items():
        assert h.id == hint_id and callable(h.classifier)
        assert (h.title_key, h.text_key) == (f"hints.{hint_id}.title", f"hints.{hint_id}.text")
        for key in (h.title_key, h.text_key):
            assert set(CATALOGUE[key]) == {"en", "zh"} and all(v.strip() for v in CATALOGUE[key].values()), key
        source, spec, mode = h.example
        assert "def " in source or "lambda" in source
        assert spec.strip() and mode in ("ast", "sot")


# Examples Paddle 2.6 converts without an error (a path without a return gives None there).
CONVERTED_BY_26 = ("return-in-branch",)
# Examples NumPy 1 converts (it makes a Python number of any one-element array).
CONVERTED_BY_NUMPY1 = ("shape-one-scalar",)


@pytest.mark.parametrize("hint_id", sorted(HINTS))
def test_catalogue_example_fails_with_its_hint(hint_id, tmp_path):
    """Every catalogue example, written to a file and converted for real, gets its hint
    (and a line in that file, except where Paddle gives none)."""
    import importlib.util
    import sys

    import d2s_lab
    from d2s_lab.core.diagnosis import NOT_RAISED
    from d2s_lab.errors import ConversionError

    source, spec, mode = HINTS[hint_id].example
    path = tmp_path / f"example_{hint_id.replace('-', '_')}.py"
    path.write_text("import math\n\nimport numpy as np\nimport paddle\n\n" + source)
    name = path.stem
    mod_spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(mod_spec)
    sys.modules[name] = mod
    try:
        mod_spec.loader.exec_module(mod)
        target = mod.Net() if hasattr(mod, "Net") else mod.f
        numpy1 = int(np.__version__.split(".")[0]) < 2
        if (hint_id in NOT_RAISED or (not PADDLE3 and hint_id in CONVERTED_BY_26)
                or (numpy1 and hint_id in CONVERTED_BY_NUMPY1)):
            d2s_lab.convert(target, [spec], mode=mode)  # Paddle 3.3 only logs it; 2.6 converts it
            return
        with pytest.raises(ConversionError) as ei:
            d2s_lab.convert(target, [spec], mode=mode)
    finally:
        sys.modules.pop(name, None)
    rep = ei.value.report
    # Paddle 2.6 checks matmul's dims only when it runs, fixed and dynamic ones alike: its
    # text cannot tell them apart, and the fixed-shape hint stands
    want = hint_id if PADDLE3 else {"shape-dynamic-dim": "shape-mismatch"}.get(hint_id, hint_id)
    assert rep.hint_id == want, (rep.exc_type, rep.message)
    if hint_id not in ("sot-internal", "undefined-name"):
        assert rep.file == str(path) and rep.line is not None and rep.line > 5


# --- the hints' words fit their case --------------------------------------------------------

def test_fixed_shape_hint_says_nothing_of_input_specs_and_the_dynamic_one_does():
    for lang in ("en", "zh"):
        fixed, dynamic = hint_text("shape-mismatch", lang), hint_text("shape-dynamic-dim", lang)
        assert "InputSpec" not in fixed and "-1" not in fixed
        assert "InputSpec" in dynamic and "-1" in dynamic
        assert "keepdim=True" in hint_text("broadcast", lang)
        assert "__init__" in hint_text("forbidden-call", lang)
        assert "paddle.zeros([1]" in hint_text("loop-pred-tensor", lang)
    # the branch hints: one for a missing return, one for two returns that differ
    assert "only one branch" in hint_text("return-in-branch", "en")
    assert "Both branches" in hint_text("return-mismatch", "en")
    assert "两个分支都有 return" in hint_text("return-mismatch", "zh")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_error_box_quotes_paddle_as_paddle(lang):
    """Paddle's message (with its internal notes, "TODO: add link to modify") is shown as
    Paddle's words, the hint as ours."""
    import d2s_lab
    from d2s_lab.errors import ConversionError
    from d2s_lab.text.lang import using_lang
    from d2s_lab.viz.error_view import error_report_html
    from html_text import text as html_text

    with pytest.raises(ConversionError) as ei:
        d2s_lab.convert(str_or_tensor, ["x: [None, 4] float32"])
    rep = ei.value.report
    with using_lang(lang):
        shown = " ".join(html_text(error_report_html(rep)).split())
    said = "Paddle says:" if lang == "en" else "Paddle 的原话："
    assert f"{said} Your if/else have different return type" in shown, shown
    hint = " ".join(hint_text("return-mismatch", lang).replace("`", " ").split())
    assert hint in shown and shown.index(said) < shown.index(hint)


class _Masked(paddle.nn.Layer):
    """Inputs whose sizes must fit each other: a mask as long as the past plus the ids."""

    def __init__(self):
        super().__init__()
        self.emb = paddle.nn.Embedding(10, 8)

    def forward(self, ids, mask, past):
        full = paddle.concat([past, self.emb(ids)], axis=1)  # [B, P+L, 8]
        return full * mask.unsqueeze(-1).astype("float32")


def test_a_run_on_made_up_inputs_says_so_and_names_them():
    """The first run's random inputs (every dynamic dimension 2) may not fit each other: the
    hint says they were made up, lists them, and points at --example; real inputs convert."""
    import d2s_lab
    from d2s_lab.errors import ConversionError

    specs = ["ids: [None, None] int64", "mask: [None, 5] int64", "past: [None, None, 8] float32"]
    with pytest.raises(ConversionError) as info:
        d2s_lab.convert(_Masked(), specs, mode="ast")
    report = info.value.report
    assert report.stage == "run" and report.facts["random_inputs"] == [
        "ids [2,2] int64", "mask [2,5] int64", "past [2,2,8] float32"]
    text = report.hint_for("en")
    assert "random inputs made from the specs" in text and "--example" in text and "ids [2,2] int64" in text
    assert "随机生成的输入" in report.hint_for("zh")
    examples = (paddle.zeros([2, 3], "int64"), paddle.ones([2, 5], "int64"), paddle.zeros([2, 2, 8]))
    assert d2s_lab.convert(_Masked(), example_inputs=examples, mode="ast").error is None



def test_sizes_that_fit_from_dim(shell):
    """--dim sizes the made-up inputs: every input's axis, or one input's; the hint lists
    the sizes the run used, and sizes that fit convert."""
    import d2s_lab
    from d2s_lab.errors import ConversionError

    specs = ["ids: [None, None] int64", "mask: [None, 5] int64", "past: [None, None, 8] float32"]
    with pytest.raises(ConversionError) as info:
        d2s_lab.convert(_Masked(), specs, mode="ast", dims={1: 3})
    assert info.value.report.facts["random_inputs"] == ["ids [2,3] int64", "mask [2,5] int64", "past [2,3,8] float32"]
    assert "--dim past:1=3" in info.value.report.hint_for("en")
    conv = d2s_lab.convert(_Masked(), specs, mode="ast", dims={"ids:1": 3, "past:1": 2, 0: 4})
    assert conv.error is None and "first_run_s" in conv.timings
    shell.ns["Masked"] = _Masked
    spec = " ".join(f'-i "{s}"' for s in specs)
    res, htmls, _ = shell.run(f"%%to_static --model m --mode ast {spec} --dim ids:1=3 --dim past:1=2\nm = Masked()\n")
    assert res.success and shell.ns["_d2s"].error is None and shell.ns["_d2s"].input_dims == {"ids:1": 3, "past:1": 2}
    res, htmls, _ = shell.run(f"%%to_static --model m --mode ast {spec} --dim past=2\nm = Masked()\n")
    page = " ".join(htmls)
    assert res.success and "--dim past=2: give AXIS=SIZE or INPUT:AXIS=SIZE" in page and "Traceback" not in page


def test_a_sot_failure_in_library_code_says_so_in_sots_words():
    """PaddleFormers 1.2's LLaMA on Paddle 3.3: SOT fails inside the library's config
    code. The hint names the library's line and SOT (not AST) as what translated it."""
    from d2s_lab.core.diagnosis.report import library_text

    facts = {"kind": "library", "library": "paddleformers", "lib_file": "/site-packages/paddleformers/c.py",
             "lib_line": 828, "lib_code": "return super().__getattribute__(key)", "user_file": "",
             "user_line": None, "sot": None, "mode": "sot"}
    text = library_text(facts, "en")
    assert "SOT translates an installed library's code" in text and "c.py line 828" in text
    assert "AST mode converts" not in text and "--mode ast" in text
    assert "SOT 会把已安装库的代码" in library_text(facts, "zh")
    ast = library_text(dict(facts, mode="ast", sot=False), "en")
    assert "AST mode converts an installed library's code" in ast and "--mode sot" in ast
