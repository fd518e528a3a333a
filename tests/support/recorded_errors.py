"""Error texts recorded from real PaddlePaddle 3.3.1 (CPU), for the hint classifier's table
tests (tests/test_hints.py); at the end, the texts Paddle 2.6.2 gives for the same code where
its wording differs (names ending in ``_26``).

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

# SOT: `n = len(x.sum())`; the innermost InnerError, with no __cause__ (Paddle 3.3.1 and
# 2.6.2 alike).
SOT_LEN_0D = "len() of a 0-D tensor is wrong"

# SOT: `return undefined_name + x`: Python's NameError, said by SOT as an InnerError of its
# own (Paddle 3.3.1 and 2.6.2 alike).
SOT_UNDEFINED = "undefined_name not in globals and builtins"

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

# --- issue #14: failure classes that had no hint (all AST, x: [None, 4], unless said) ----
# `a = argmax(x).astype("int32"); return paddle.maximum(a, paddle.argmax(x, axis=1))`
TYPE_PROMOTION = """\
    TypeError: (InvalidType) Type promotion only support calculations between floating-point numbers and between complex and real numbers. But got different data type x: int32, y: int64. (at /paddle/paddle/phi/common/type_promotion.h:220)
"""
# `for i in range(3): idx = paddle.concat([idx, paddle.full([1], i, dtype="int64")])`, idx int32
SAME_DATA_TYPE = """\
    TypeError: All the Tensors in the input must have the same data type.
"""
# `return x.astype("int65")` (and `paddle.zeros([2, 4], dtype="float33")`)
DTYPE_NOT_UNDERSTOOD = """\
    TypeError: data type 'int65' not understood
"""
# `lab = argmax(x).astype("float32"); return F.one_hot(lab, 4)`
ONE_HOT_DTYPE = """\
    TypeError: (InvalidType) Check data type error for op: one_hot, input: x, x.dtype: float32, and expected_dtype: int32, int64,  (at /paddle/paddle/fluid/pir/dialect/operator/utils/utils.cc:324)
"""
# `idx = argmax(x).astype("float32"); return paddle.gather(x, idx)`: run stage
GATHER_INDEX_DTYPE = """\
    InvalidArgumentError: The data type of Input(Index) of gather must be int32 or int64 on CPU. (at /paddle/paddle/phi/kernels/cpu/gather_kernel.cc:60)
      [operator < pd_kernel.phi_kernel > error]  [operator < run_program > error]
"""
# `d = {"a": x * 2}; return d["b"]`: Paddle's Dy2StKeyError
KEY_ERROR = """\
    KeyError: 'b'
"""
# `d = {}; if x.mean() > 0: d["a"] = x` then `return d["a"]`: Dygraph2StaticException
DICT_IN_ONE_BRANCH = """\
    paddle.jit.dy2static.utils.Dygraph2StaticException: Your if/else have different number of return value. TODO: add link to modify. Incompatible return values of `d` in true_fn and false_fn in cond: The two structures don't have the same number of elements.

First structure (1 elements): {'a': Value(define_op_name=pd_op.data, index=0, dtype=tensor<-1x4xf32>, stop_gradient=False)}

Second structure (0 elements): {}
"""
# `for row in zip(x, x):` with x: [None, 4]; RuntimeError from convert_zip
ZIP_DYNAMIC = """\
    RuntimeError: Not support zip(tensor, ...) when tensor.shape[0] == -1, but found args[0].shape[0] == -1 in 'zip'
"""
# `y = None; return x + y`
ADD_NONE = """\
    TypeError: (InvalidType) full(): argument (position 2) must be double, but got NoneType (at /paddle/paddle/fluid/pybind/op_function_common.cc:428)
"""
# `if x.mean() > 0: y = x * 2` then `return x + y`
ADD_UNDEFINED = """\
    TypeError: (InvalidType) full(): argument (position 2) must be double, but got UndefinedVar (at /paddle/paddle/fluid/pybind/op_function_common.cc:428)
"""
# a Layer method holding a multi-line string whose second line starts at column 0:
# Paddle's dedent fails and its re-parse raises (no traceback line in the user's code)
REPARSE_INDENT = "unexpected indent (<unknown>, line 1)"
# `while True: return x`: no location in the text
WHILE_TRUE_RETURN = ("Found return statement in While or For body and loop is meaningless, "
                     "please check you code and remove return in while/for.")
# `return paddle.concat([x, paddle.ones([3, 5])], axis=0)`
CONCAT_MISMATCH = """\
    ValueError: (InvalidArgument) The 1-th dimension of input[0] and input[1] is expected to be equal.But received input[0]'s shape = [-1, 4], input[1]'s shape = [3, 5].
  [Hint: Expected inputs_dims[0][j] == inputs_dims[i][j], but received inputs_dims[0][j]:4 != inputs_dims[i][j]:5.] (at /paddle/paddle/phi/kernels/funcs/concat_funcs.h:72)
"""
# `return paddle.to_tensor(np.array(y))` (and np.asarray): the traceback passes through
# creation.py's _to_tensor_static, so "static" is in the text
TO_TENSOR_OBJECT = """\
In transformed code:

    File "/tmp/m.py", line 73, in np_array_to_tensor
        def np_array_to_tensor(x):
            y = x * 2
            return paddle.to_tensor(np.array(y))
            ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ <--- HERE

    File "/venv/lib/python3.11/site-packages/paddle/tensor/creation.py", line 1069, in tensor
	tensor = _to_tensor_static(data, dtype, stop_gradient)

    TypeError: The type of received input == `object`, it is not supported to convert to tensor, such as [[Var], [Var], [3], [4]]
"""
# SOT: `return paddle.to_tensor(np.abs(x))`
SOT_UFUNC = "operand 'Tensor' does not support ufuncs (__array_ufunc__=None)"
# AST: KEY_ERROR's text as Paddle prints it, with a neighbouring function `f_reshape` and a
# `.reshape(` quoted among the lines around the failing one: they must not decide the hint
KEY_ERROR_WITH_NEIGHBOURS = """\
In transformed code:

    File "/tmp/m.py", line 12, in f_reshape
        y = x.reshape([-1, 4])  # shape mismatch here? no
        d = {"a": y}
        return d["b"]
        ~~~~~~~~~~~~~ <--- HERE

    KeyError: 'b'
"""

# --- Paddle 2.6.2 (CPU, numpy 1.26): the same code, where its text differs ---------------
# (legacy static mode: values are `Variable`s; many checks are Python-side; some shape and
# dtype errors only show when the Program runs)

# `vals = x.tolist()`: AttributeError, convert stage.
TOLIST_26 = """\
    AttributeError: 'Variable' object has no attribute 'tolist'
"""
# `s = math.sqrt(float(x.abs().sum()))`: TypeError, convert stage.
FLOAT_OF_TENSOR_26 = """\
    TypeError: must be real number, not Variable
"""
# `k = int(x.argmax().item()) % 3` then `return x * gains[k]`: TypeError.
LIST_INDEX_BY_VALUE_26 = """\
    TypeError: list indices must be integers or slices, not Variable
"""
# `return x.reshape([-1, 3, 2])`, x: [None, 4]: a ValueError on the first run.
RESHAPE_AT_RUN_26 = """\
    InvalidArgumentError: The 'shape' attribute in ReshapeOp is invalid. The input tensor X'size must be divisible by known capacity of 'shape'. But received X's shape = [2, 4], X's size = 8, 'shape' is [-1, 3, 2], known capacity of 'shape' is -6.
      [Hint: Expected output_shape[unk_dim_idx] * capacity == -in_size, but received output_shape[unk_dim_idx] * capacity:-6 != -in_size:-8.] (at /paddle/paddle/fluid/operators/reshape_op.cc:216)
      [operator < reshape2 > error]  [operator < run_program > error]
"""
# `return paddle.matmul(x, paddle.ones([5, 3]))`: a ValueError on the first run (Paddle 3:
# while converting).
MATMUL_MISMATCH_26 = """\
    InvalidArgumentError: Input(Y) has error dim. Y'dims[0] must be equal to 4, but received Y'dims[0] is 5.
      [Hint: Expected y_dims[y_ndim - 2] == K, but received y_dims[y_ndim - 2]:5 != K:4.] (at /paddle/paddle/phi/kernels/impl/matmul_kernel_impl.h:329)
      [operator < matmul_v2 > error]  [operator < run_program > error]
"""
# `if x.sum() > 0: return x, x` then `return x`: Dygraph2StaticException.
RETURN_COUNT_26 = """\
    paddle.jit.dy2static.utils.Dygraph2StaticException: Your if/else have different number of return value. TODO: add link to modifty. Incompatible return values of `__return_value_2` in true_fn and false_fn in cond: The two structures don't have the same number of elements.

First structure (2 elements): (var _generated_var_0 : LOD_TENSOR.shape(-1, 4).dtype(float32).stop_gradient(True), var _generated_var_1 : LOD_TENSOR.shape(-1, 4).dtype(float32).stop_gradient(True))

Second structure (1 elements): var _generated_var_4 : LOD_TENSOR.shape(-1, 4).dtype(float32).stop_gradient(True)
"""
# `a = argmax(x).astype("int32"); return paddle.maximum(a, paddle.argmax(x, axis=1))`:
# Paddle 2.6 builds the op and fails when it runs: a ValueError, run stage (Paddle 3:
# TypeError while converting).
TYPE_PROMOTION_26 = """\
    InvalidArgumentError: The type of data we are trying to retrieve (int32) does not match the type of data (int64) currently contained in the container.
      [Hint: Expected dtype() == phi::CppTypeToDataType<T>::Type(), but received dtype():9 != phi::CppTypeToDataType<T>::Type():7.] (at /paddle/paddle/phi/core/dense_tensor.cc:171)
      [operator < elementwise_max > error]  [operator < run_program > error]
"""
# `return paddle.zeros([2, 4], dtype="float33")`: TypeError.
DTYPE_NOT_IN_LIST_26 = """\
    TypeError: dtype must be any of [bool, float16, uint16, float32, float64, int8, int16, int32, int64, uint8, complex64, complex128, bfloat16], but received float33
"""
# `lab = argmax(x).astype("float32"); return F.one_hot(lab, 4)`: TypeError.
ONE_HOT_DTYPE_26 = """\
    TypeError: The data type of 'input' in one_hot_v2 must be ['int32', 'int64'], but received float32.
"""
# `idx = argmax(x).astype("float32"); return paddle.gather(x, idx)`: checked while
# converting, a TypeError (Paddle 3: an InvalidArgumentError on the first run).
GATHER_INDEX_DTYPE_26 = """\
    TypeError: The data type of 'index' in gather must be ['int32', 'int64'], but received float32.
"""
# `d = {}; if x.mean() > 0: d["a"] = x` then `return d["a"]`: Dygraph2StaticException.
DICT_IN_ONE_BRANCH_26 = """\
    paddle.jit.dy2static.utils.Dygraph2StaticException: Your if/else have different number of return value. TODO: add link to modifty. Incompatible return values of `d` in true_fn and false_fn in cond: The two structures don't have the same number of elements.

First structure (1 elements): {'a': var _generated_var_0 : LOD_TENSOR.shape(-1, 4).dtype(float32).stop_gradient(True)}

Second structure (0 elements): {}
"""
# `y = None; return x + y`: TypeError.
ADD_NONE_26 = """\
    TypeError: float() argument must be a string or a real number, not 'NoneType'
"""

# --- hints that tell near causes apart ---------------------------------------------------
# AST, x: [None, 4]: `return scores - scores.max(axis=1)` (no keepdim): converts (-1 matches
# anything), fails on the first run; Paddle 3.3.1.
BROADCAST_AT_RUN = """\
    InvalidArgumentError: Broadcast dimension mismatch. Operands could not be broadcast together with the shape of X = [2, 4] and the shape of Y = [2]. Received [4] in X is not equal to [2] in Y at i:1.
      [Hint: Expected x_dims_array[i] == y_dims_array[i] || (x_dims_array[i] <= 1 && x_dims_array[i] != 0) || (y_dims_array[i] <= 1 && y_dims_array[i] != 0) == true, but received x_dims_array[i] == y_dims_array[i] || (x_dims_array[i] <= 1 && x_dims_array[i] != 0) || (y_dims_array[i] <= 1 && y_dims_array[i] != 0):0 != true:1.] (at /paddle/paddle/phi/kernels/funcs/common_shape.h:72)
      [operator < pd_kernel.phi_kernel > error]  [operator < run_program > error]
"""
# AST, x: [None, None]: `return paddle.matmul(x, paddle.ones([7, 3]))`: converts (x's last dim
# is -1), fails on the first run with x of shape [2, 2]; Paddle 3.3.1.
MATMUL_AT_RUN = """\
    InvalidArgumentError: In operator matmul, the [1] dimension of Input(X) must be equal to the [0] dimension of Input(Y). But receiving the [1]dimension of Input(X) is [2], and the [0] dimension of Input(Y) is [7].
      [Hint: Expected K_lhs == K_rhs, but received K_lhs:2 != K_rhs:7.] (at /paddle/paddle/phi/infermeta/binary.cc:3087)
      [operator < pd_kernel.phi_kernel > error]  [operator < run_program > error]
"""
# AST: `if x.mean() > 0: return "positive"` / `else: return x`: both branches return, a str
# and a Tensor; Paddle 3.3.1 and 2.6.2.
RETURN_TYPES = """\
    paddle.jit.dy2static.utils.Dygraph2StaticException: Your if/else have different return type. TODO: add link to modify. Unsupported return type of true_fn and false_fn in cond: false_var returned `__return_value_5` by false_fn is `positive` and true_var of true_fn is `Value(define_op_name=pd_op.data, index=0, dtype=tensor<-1x4xf32>, stop_gradient=True)`
"""
RETURN_TYPES_26 = """\
    paddle.jit.dy2static.utils.Dygraph2StaticException: Your if/else have different return type. TODO: add link to modifty. Unsupported return type of true_fn and false_fn in cond: false_var returned by false_fn is '<class 'paddle.base.framework.Variable'>' and true_var of true_fn is '<class 'str'>'
"""
# AST: `self.fc.set_state_dict(self.fc.state_dict())` inside forward; ValueError (2.6 spells
# it "dynamicly").
SET_STATE_DICT = """\
    ValueError: This error might happens in dy2static, while calling 'set_state_dict' dynamically in 'forward', which is not supported. If you only need call 'set_state_dict' once, move it to '__init__'.
"""
SET_STATE_DICT_26 = """\
    ValueError: This error might happens in dy2static, while calling 'set_state_dict' dynamicly in 'forward', which is not supported. If you only need call 'set_state_dict' once, move it to '__init__'.
"""
# Written for a near case (not recorded): an error that names set_state_dict without Paddle's
# refusal of the call inside forward.
SET_STATE_DICT_BAD_KEY = """\
    ValueError: set_state_dict: the state dict has no key 'fc.weight' for parameter 'fc.w_0'.
"""

# SOT: `if bool(x > 0):` with x: [None, 4] (Paddle 3.3.1 and 2.6.2 alike)
SOT_BOOL_SEVERAL = ("When Variable is used as the condition of if/while , Variable can only contain one "
                    "element.")
# SOT: `return x * int(x)` (Paddle 3.3.1 and 2.6.2; 3.3.1 says the same of float(x))
SOT_INT_SEVERAL = "only one element variable can be converted to int."
# AST, Paddle 2.6.2: `if bool(x > 0):` on a batch of 2
AST_COND_NUMEL = "condition input's data type should be bool, numel should be 1, actual numel is 8"
# SOT, Paddle 2.6.2: `return x * float(x)`
SOT26_FLOAT_SEVERAL = "'Variable' object has no attribute '__float__'"
# SOT, NumPy 2: `for i in range(n):` with n = x.sum().reshape([1]).astype('int64')
NUMPY2_SHAPE_ONE = "only 0-dimensional arrays can be converted to Python scalars"
