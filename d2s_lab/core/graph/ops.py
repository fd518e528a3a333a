"""What d2s_lab knows about Paddle's ops, in one place: categories, the ops that
are constants or plumbing, attributes worth showing, operand names, and the
labels of control-flow sub-blocks.

Names are matched without their dialect (``pd_op.conv2d`` and legacy ``conv2d``
alike), so live PIR programs, saved ``.json`` and legacy ``.pdmodel`` files share
one vocabulary.  Plain data: no Paddle imports.
"""
from __future__ import annotations

from typing import Dict, List

# Op categories, in the order legends list them.
CATEGORIES = (
    "conv",
    "matmul",
    "elementwise",
    "activation",
    "normalization",
    "pooling",
    "reshape",
    "reduction",
    "control",
    "data",
    "parameter",
    "constant",
    "other",
)

_BY_NAME = {}
for _cat, _names in {
    "conv": "conv1d conv2d conv3d depthwise_conv2d conv2d_transpose conv3d_transpose "
    "depthwise_conv2d_transpose conv2d_fusion fused_conv2d_add_act deformable_conv",
    "matmul": "matmul mm bmm fc linear einsum addmm matmul_with_flatten mul "
    "fused_gemm_epilogue multihead_matmul",
    "elementwise": "add subtract multiply divide pow elementwise_pow maximum minimum scale "
    "floor_divide remainder exp log log2 log10 log1p sqrt rsqrt abs sin cos tan square "
    "reciprocal sign floor ceil round clip cast neg erf greater_than greater_equal "
    "less_than less_equal equal not_equal logical_and logical_or logical_not logical_xor "
    "bitwise_and bitwise_or bitwise_not where add_n isnan isinf isfinite increment "
    "add_ multiply_ subtract_ divide_ scale_ exp_ where_ cast_ fmax fmin",
    "activation": "relu relu6 relu_ gelu sigmoid tanh softmax log_softmax silu swish "
    "leaky_relu elu selu celu hardswish hard_swish hardsigmoid hard_sigmoid mish "
    "softplus softsign prelu tanh_shrink hardtanh thresholded_relu logsigmoid softmax_ "
    "sigmoid_ tanh_ gelu_ silu_ leaky_relu_",
    "normalization": "batch_norm batch_norm_ sync_batch_norm_ layer_norm group_norm "
    "instance_norm rms_norm fused_bias_residual_layernorm local_response_norm lrn "
    "data_norm fused_batch_norm_act",
    "pooling": "pool2d pool3d max_pool2d_with_index max_pool3d_with_index lp_pool2d "
    "unpool fractional_max_pool2d",
    "reshape": "reshape reshape_ squeeze squeeze_ unsqueeze unsqueeze_ transpose flatten "
    "flatten_ concat split split_with_num slice strided_slice gather gather_nd stack "
    "unstack shape shape64 expand expand_as tile flip roll pad pad3d assign "
    "index_select take_along_axis put_along_axis scatter scatter_nd_add chunk "
    "unbind broadcast_tensors view_shape view_dtype as_strided set_value "
    "set_value_ set_value_with_tensor set_value_with_tensor_ builtin.combine "
    "builtin.split builtin.slice meshgrid tril triu one_hot embedding lookup_table_v2 "
    "index_put index_sample repeat_interleave",
    "reduction": "sum mean max min prod p_norm norm argmax argmin logsumexp cumsum "
    "cumprod all any reduce_sum reduce_mean reduce_max reduce_min amax amin topk "
    "argsort sort frobenius_norm squared_l2_norm std var nonzero",
    "control": "if while cf.yield cf.tuple_push cf.tuple_pop cf.stack_create "
    "cf.has_elements select_input select_output pylayer assert conditional_block "
    "while_loop",
    "data": "data feed fetch builtin.shadow_output",
    "parameter": "builtin.parameter parameter",
    "constant": "full full_int_array full_like full_ builtin.constant assign_value "
    "assign_value_ arange linspace zeros ones fill_constant full_with_tensor "
    "uniform gaussian randint",
}.items():
    for _n in _names.split():
        _BY_NAME[_n] = _cat


def short_name(op_name: str) -> str:
    """``pd_op.conv2d`` -> ``conv2d``; ``builtin.parameter`` keeps its dialect."""
    dialect, _, rest = op_name.partition(".")
    if not rest:
        return op_name
    if dialect in ("builtin", "cf"):
        return op_name
    return rest


def categorize(op_name: str) -> str:
    """Map an op name (PIR ``pd_op.relu`` or legacy ``relu``) to a category."""
    name = short_name(op_name)
    if name in _BY_NAME:
        return _BY_NAME[name]
    base = name.rstrip("_")
    if base in _BY_NAME:
        return _BY_NAME[base]
    if name.endswith("_grad"):
        return "other"
    for prefix, cat in (
        ("conv", "conv"),
        ("fused_conv", "conv"),
        ("matmul", "matmul"),
        ("reduce_", "reduction"),
        ("elementwise_", "elementwise"),
        ("pool", "pooling"),
        ("cf.", "control"),
        ("fill_", "constant"),
    ):
        if name.startswith(prefix):
            return cat
    return "other"



# Ops that make a constant from attributes alone (folded into their consumers' labels).
CONST_OPS = frozenset({"full", "full_int_array", "assign_value", "assign_value_", "builtin.constant"})
# Plumbing that packs or unpacks values; edges pass through them.
TRANSPARENT_OPS = frozenset({"builtin.combine", "builtin.split", "builtin.slice"})
# Ops that read a tensor's shape, and the ops that compute with shapes (a slice of one, a
# stack of sizes): where their results are small integer vectors, they are shape
# arithmetic, folded into the op that uses them (a reshape's "shape x.shape").
SHAPE_READ_OPS = frozenset({"shape", "shape64"})
SHAPE_MATH_OPS = frozenset({"slice", "stack", "concat", "cast", "scale", "squeeze", "unsqueeze", "add",
                            "subtract", "multiply", "divide", "floor_divide", "full_int_array",
                            "squeeze2", "unsqueeze2", "elementwise_add", "elementwise_sub",
                            "elementwise_mul", "elementwise_div", "elementwise_floordiv"})
# Ops that only view a parameter (reshape(bias) and the like; legacy names too).
PARAM_VIEW_OPS = frozenset({"reshape", "unsqueeze", "squeeze", "transpose", "cast", "flatten",
                            "reshape2", "unsqueeze2", "squeeze2", "transpose2"})
# Legacy input slots in the order PIR gives operands (x before y, input before filter).
SLOT_ORDER = ("X", "Input", "x", "input", "Y", "Filter", "Scale", "Bias", "Mean", "Variance",
              "W", "Ids", "Index", "Label")


def slot_rank(slot: str):
    """Sort key putting a legacy op's input slots in PIR's operand order."""
    return (SLOT_ORDER.index(slot) if slot in SLOT_ORDER else len(SLOT_ORDER), slot)
# Operand names of common ops, for naming folded constant operands.
OPERANDS: Dict[str, List[str]] = {
    "pool2d": ["x", "k"], "reshape": ["x", "shape"], "squeeze": ["x", "axis"],
    "unsqueeze": ["x", "axis"], "sum": ["x", "axis"], "mean": ["x", "axis"],
    "max": ["x", "axis"], "min": ["x", "axis"], "prod": ["x", "axis"], "scale": ["x", "scale"],
    "full_like": ["x", "value"], "slice": ["x", "starts", "ends"], "split": ["x", "sections", "axis"],
    "split_with_num": ["x", "axis"], "concat": ["x", "axis"], "expand": ["x", "shape"],
    "tile": ["x", "repeat"], "gather": ["x", "index", "axis"], "clip": ["x", "min", "max"],
    "arange": ["start", "end", "step"], "stack": ["x"], "logsumexp": ["x", "axis"],
    "cumsum": ["x", "axis"], "argmax": ["x", "axis"], "argmin": ["x", "axis"],
}
# Attributes shown in an op's label when present.
KEY_ATTRS = ("axis", "axes", "perm", "keepdim", "porder", "begin_norm_axis", "start_axis",
             "stop_axis", "approximate", "negative_slope", "mode", "p", "num", "bias")
# Bookkeeping attributes Paddle puts on every op: never shown as the op's attributes.
SKIP_ATTRS = frozenset({"op_callstack", "struct_name", "stop_gradient", "persistable", "op_role",
                        "op_namescope", "with_quant_attr", "op_device"})


def sub_block_labels(op_name: str) -> List[str]:
    """Labels of a PIR control-flow op's sub-blocks, in order (``pd_op.if``: true, false)."""
    if op_name.endswith(".if"):
        return ["true", "false"]
    if op_name.endswith(".while"):
        return ["body"]
    if op_name.endswith("pylayer"):
        return ["forward"]
    return []


# Ops that hand a Program's results out (PIR shadow_output, legacy fetch).
OUTPUT_OPS = frozenset({"builtin.shadow_output", "fetch", "pd_op.fetch", "fetch_v2"})


def is_output_op(op_name: str) -> bool:
    return op_name in OUTPUT_OPS


def is_const_op(op_name: str) -> bool:
    return short_name(op_name) in CONST_OPS


def is_transparent(op_name: str) -> bool:
    return op_name in TRANSPARENT_OPS


# Paddle 2.6's legacy op names for the kinds PIR (Paddle 3) calls otherwise.
LEGACY_NAMES: Dict[str, tuple] = {
    "if": ("conditional_block",),
    "add": ("elementwise_add",),
    "subtract": ("elementwise_sub",),
    "multiply": ("elementwise_mul",),
    "divide": ("elementwise_div",),
    "remainder": ("elementwise_mod",),
    "matmul": ("matmul_v2",),
    "mean": ("reduce_mean",),
    "sum": ("reduce_sum",),
    "max": ("reduce_max",),
    "min": ("reduce_min",),
    "reshape": ("reshape2",),
    "transpose": ("transpose2",),
    "squeeze": ("squeeze2",),
    "unsqueeze": ("unsqueeze2",),
    "flatten": ("flatten_contiguous_range",),
    "full": ("fill_constant",),
    "full_like": ("fill_any_like",),
    "embedding": ("lookup_table_v2",),
    "fetch": ("fetch", "fetch_v2"),
}


def op_kinds(kind: str) -> frozenset:
    """The op names (dialect dropped, in-place ``_`` too) that count as ``kind``:
    ``op_kinds("if")`` is ``{"if", "conditional_block"}``."""
    base = short_name(str(kind).strip()).rstrip("_")
    return frozenset((base,) + LEGACY_NAMES.get(base, ()))
