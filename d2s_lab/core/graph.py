"""The graph model: the plain-data contract between ``d2s_lab.core`` and ``d2s_lab.viz``.

A live PIR Program and a saved model file both become a :class:`Graph`, so
everything that draws or tabulates a program works on either.  No Paddle
imports here: the model is plain dataclasses holding plain Python values.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional

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

CATEGORY_LABELS = {
    "conv": "conv",
    "matmul": "matmul / linear",
    "elementwise": "elementwise",
    "activation": "activation",
    "normalization": "normalization",
    "pooling": "pooling",
    "reshape": "reshape / shape",
    "reduction": "reduction",
    "control": "control flow",
    "data": "data / input",
    "parameter": "parameter",
    "constant": "constant",
    "other": "other",
}

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


@dataclass
class SourceLoc:
    """Where in the user's code an op came from."""

    file: str
    line: int
    function: str = ""
    code: str = ""  # the source line's text, when known

    def __str__(self) -> str:
        return f"{display_file(self.file)}:{self.line}"


# Notebook cells' code file names -> execution counts, filled by the notebook glue
# (a kernel names cells by hash, e.g. /tmp/ipykernel_42/1234.py).
CELL_NUMBERS: Dict[str, int] = {}


def display_file(path: str) -> str:
    """A short, readable file name (notebook cells show as ``cell[3]``)."""
    if path in CELL_NUMBERS:
        return f"cell[{CELL_NUMBERS[path]}]"
    if path.startswith("<d2s-cell-"):
        parts = path.strip("<>").split("-")
        if len(parts) >= 3 and parts[2].isdigit():
            return f"cell[{parts[2]}]"
        return "cell"
    if path.startswith("<ipython-input-"):
        parts = path.strip("<>").split("-")
        return f"cell[{parts[2]}]" if len(parts) > 2 else "cell"
    return path.replace("\\", "/").rsplit("/", 1)[-1]


@dataclass
class Value:
    """A tensor flowing between ops. ``shape`` uses -1 for dynamic dims."""

    id: str
    shape: Optional[List[int]] = None
    dtype: Optional[str] = None
    name: Optional[str] = None  # data input name, or a parameter's user-facing name
    producer: Optional[int] = None  # id of the op that defines it; None for block args
    kind: str = "tensor"  # tensor | parameter | input | block_arg | other
    param_name: Optional[str] = None  # Paddle's internal name (conv2d_0.w_0)

    @property
    def is_dynamic(self) -> bool:
        return bool(self.shape) and any(d < 0 for d in self.shape)

    def shape_text(self, dyn: str = "N") -> str:
        return format_shape(self.shape, dyn)


def format_shape(shape: Optional[List[int]], dyn: str = "N") -> str:
    if shape is None:
        return "?"
    return "[" + ", ".join(dyn if d < 0 else str(d) for d in shape) + "]"


def short_dtype(dtype: Optional[str]) -> str:
    if not dtype:
        return ""
    return {
        "float32": "f32",
        "float64": "f64",
        "float16": "f16",
        "bfloat16": "bf16",
        "int64": "i64",
        "int32": "i32",
        "int16": "i16",
        "int8": "i8",
        "uint8": "u8",
        "bool": "bool",
        "complex64": "c64",
        "complex128": "c128",
    }.get(dtype, dtype)


@dataclass
class Op:
    id: int
    name: str
    category: str
    attrs: Dict[str, Any] = field(default_factory=dict)
    inputs: List[str] = field(default_factory=list)  # value ids
    outputs: List[str] = field(default_factory=list)  # value ids
    blocks: List["Block"] = field(default_factory=list)
    layer: str = ""  # user attribute path, e.g. "encoder.layers.0.linear1"
    struct_name: str = ""  # Paddle's class path, e.g. "/Sequential/Conv2D_1/"
    source: Optional[SourceLoc] = None

    @property
    def short_name(self) -> str:
        return short_name(self.name)


@dataclass
class Block:
    id: str
    label: str  # "global", "true", "false", "body", ...
    ops: List[Op] = field(default_factory=list)
    args: List[str] = field(default_factory=list)  # value ids of block arguments


@dataclass
class Graph:
    """A program: blocks of ops, and the values they exchange."""

    blocks: List[Block] = field(default_factory=list)
    values: Dict[str, Value] = field(default_factory=dict)
    inputs: List[str] = field(default_factory=list)
    outputs: List[str] = field(default_factory=list)
    name: str = ""
    origin: str = "live"  # "live" for a converted program, else the saved file's path

    @property
    def global_block(self) -> Block:
        return self.blocks[0]

    def iter_ops(self, block: Optional[Block] = None) -> Iterator[Op]:
        """Every op, depth first, sub-block ops right after their parent op."""
        blocks = [block] if block is not None else self.blocks
        for b in blocks:
            for op in b.ops:
                yield op
                for sub in op.blocks:
                    yield from self.iter_ops(sub)

    def num_ops(self) -> int:
        """Ops in every block, as PIR's ``Program.num_ops()`` counts them."""
        return sum(1 for _ in self.iter_ops())

    def ops_named(self, name: str) -> List[Op]:
        """Ops whose full (``pd_op.conv2d``) or short (``conv2d``) name matches."""
        return [o for o in self.iter_ops() if o.name == name or o.short_name == name]

    def op(self, op_id: int) -> Op:
        for o in self.iter_ops():
            if o.id == op_id:
                return o
        raise KeyError(op_id)

    def value(self, value_id: str) -> Value:
        return self.values[value_id]

    def parameters(self) -> List[Value]:
        return [v for v in self.values.values() if v.kind == "parameter"]
