"""Error texts recorded from real PaddlePaddle 3.3.1 (CPU), for the hint classifier's table
tests (tests/test_hints.py).

Each text was produced by running the code named in its comment through
``d2s_lab.convert(f, ["x: [None, 4] float32"])`` (AST mode: ``to_static(full_graph=True)``;
SOT mode where said) and taking ``str(exc.original)`` (for SOT, the innermost error inside
``InnerError``).  Texts are trimmed to the lines that matter and otherwise kept verbatim
(leading blanks included).  Two texts come from Paddle's own source in the installed wheel,
because Paddle 3.3.1 does not raise them; their comments say so.
"""

# AST: `vals = x.tolist()`; AssertionError, convert stage.
TOLIST = """\
    AssertionError: 'tolist' only can be called by `paddle.Tensor` in dynamic graph mode. Suggestions:
  1. If you are in static graph mode, you can switch to dynamic graph mode by turning off `paddle.enable_static()` or calling `paddle.disable_static()`.
  2. If you are using `@paddle.jit.to_static`, you can call `paddle.jit.enable_to_static(False)`. If you have to translate dynamic graph to static graph, please use other API to replace 'tolist'.
"""

# AST: `y = x * 2; z = np.max(y)`; TypeError rewritten by dy2static's numpy_api_check.
NUMPY_MAX = """\
    TypeError: Code 'z = np.max(y)' called numpy API np.max, please use Paddle API to replace it.
               values will be changed to variables by dy2static, numpy api can not handle variables
"""

# AST: `y = x * 2; z = np.allclose(y, y)`; TypeError.
NUMPY_ALLCLOSE = """\
    TypeError: Code 'z = np.allclose(y, y)' called numpy API np.allclose, please use Paddle API to replace it.
               values will be changed to variables by dy2static, numpy api can not handle variables
"""

# AST: `s = math.sqrt(float(x.abs().sum()))`; TypeError from pir/math_op_patch.py _float_.
FLOAT_OF_TENSOR = """\
    TypeError: float(Tensor) is not supported in static graph mode. Because it's value is not available during the static mode.
It's usually triggered by the logging implicitly, for example:
    >>> logging.info("The value of x is: {float(x)}")
                                                ^ `x` is Tensor, `float(x)` triggers float(Tensor)
"""

# AST: `k = int(x.argmax().item()) % 3` then `return x * gains[k]` (gains a Python list);
# the error is on the second line, whose code has no `.item()`.
LIST_INDEX_BY_VALUE = """\
    TypeError: list indices must be integers or slices, not paddle.base.libpaddle.pir.Value
"""

# AST, x: [None, 4]: `return x.reshape([-1, 3, 2])`; passes conversion, fails on the first
# run (random input of shape [2, 4]); InvalidArgumentError (a ValueError), run stage.
RESHAPE_AT_RUN = """\
    InvalidArgumentError: The 'shape' attribute in ReshapeOp is invalid. The input tensor X'size must be divisible by known capacity of 'shape'. But received X's shape = [2, 4], X's size = 8, 'shape' is [-1, 3, 2], known capacity of 'shape' is 6.
      [Hint: Expected output_shape[unk_dim_idx] * capacity == in_size, but received output_shape[unk_dim_idx] * capacity:6 != in_size:8.] (at /paddle/paddle/phi/infermeta/unary.cc:2517)
      [operator < pd_kernel.phi_kernel > error]  [operator < run_program > error]
"""

# AST, x: [2, 4] (no dynamic dim): the same `return x.reshape([-1, 3, 2])`; now Paddle checks
# it while converting; ValueError, convert stage.
RESHAPE_AT_CONVERT = """\
    ValueError: (InvalidArgument) The 'shape' attribute in ReshapeOp is invalid. The input tensor X'size must be divisible by known capacity of 'shape'. But received X's shape = [2, 4], X's size = 8, 'shape' is [-1, 3, 2], known capacity of 'shape' is 6.
  [Hint: Expected output_shape[unk_dim_idx] * capacity == in_size, but received output_shape[unk_dim_idx] * capacity:6 != in_size:8.] (at /paddle/paddle/phi/infermeta/unary.cc:2517)
"""

# AST: `return paddle.matmul(x, paddle.ones([5, 3]))`; ValueError, convert stage.
MATMUL_MISMATCH = """\
    ValueError: (InvalidArgument) In operator matmul, the [1] dimension of Input(X) must be equal to the [0] dimension of Input(Y). But receiving the [1]dimension of Input(X) is [4], and the [0] dimension of Input(Y) is [5].
  [Hint: Expected K_lhs == K_rhs, but received K_lhs:4 != K_rhs:5.] (at /paddle/paddle/phi/infermeta/binary.cc:3087)
"""

# AST: `return x + paddle.ones([5])`; ValueError, convert stage.
BROADCAST_MISMATCH = """\
    ValueError: (InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast together with the shape of X = [-1, 4] and the shape of Y = [5]. Received [4] in X is not equal to [5] in Y at i:1.
"""

# AST: `for i in range(3): if x.sum() > i: return x` then `return x * 2`;
# Dygraph2StaticException, convert stage.
RETURN_TYPE_IN_LOOP = """\
    paddle.jit.dy2static.utils.Dygraph2StaticException: Your if/else have different return type. TODO: add link to modify. Unsupported return type of true_fn and false_fn in cond: false_var returned `__return_value_15` by false_fn is `Value(define_op_name=pd_op.data, index=0, dtype=tensor<-1x4xf32>, stop_gradient=False)` and true_var of true_fn is `None`
"""

# AST: `if x.sum() > 0: return x, x` then `return x`; Dygraph2StaticException.
RETURN_COUNT = """\
    paddle.jit.dy2static.utils.Dygraph2StaticException: Your if/else have different number of return value. TODO: add link to modify. Incompatible return values of `__return_value_16` in true_fn and false_fn in cond: The two structures don't have the same number of elements.
"""

# AST: `i = 0; while i < 3: i = i + x.sum()`; Dygraph2StaticException from _run_py_while.
WHILE_PRED_CHANGES = """\
    paddle.jit.dy2static.utils.Dygraph2StaticException: python while pred change from bool to variable.
"""

# AST: an `async def` function, and (the same text) a module-level
# `double = lambda x: x * 2`: Paddle's source lookup fails with a bare IndexError.
INDEX_OUT_OF_RANGE = "list index out of range"

# AST: a function defined with exec("def made(x): ...") (also: a Layer class made by exec,
# and eval(compile("lambda x: x * 3", "<string>", "eval"))); OSError from inspect.
NO_SOURCE = "could not get source code"

# SOT (mode="sot"): `return x * max([])`; the innermost InnerError, with no __cause__,
# under SOT's "In simulate execution" wrapper.
SOT_EMPTY_MAX = "max() arg is an empty sequence"

# AST: the same `return x * max([])`: a plain ValueError.
AST_EMPTY_MAX = """\
    ValueError: max() arg is an empty sequence
"""

# NOT RAISED by Paddle 3.3.1: from the installed wheel's source,
# paddle/jit/dy2static/partial_program.py, _check_non_variable() (a logged warning there,
# never an exception), with `{list(warning_types)}` filled in for `return x * 2, 3`.
NON_TENSOR_OUTPUT = (
    "Output of traced function contains non-tensor type values: [<class 'int'>]. "
    "Currently, We don't support to update them while training and will return "
    "what we first saw. Please try to return them as tensor."
)

# Errors of the user's own code, not of the conversion (AST):
# `k = 1 / 0`
ZERO_DIVISION = """\
    ZeroDivisionError: division by zero
"""
# `import no_such_module_xyz` inside the function
NO_MODULE = """\
    ModuleNotFoundError: No module named 'no_such_module_xyz'
"""
# `return x.no_such_method()`
NO_ATTRIBUTE = """\
    AttributeError: 'paddle.base.libpaddle.pir.Value' object has no attribute 'no_such_method'
"""
# `del x` then `return x`
UNBOUND = """\
    UnboundLocalError: cannot access local variable 'x' where it is not associated with a value
"""
