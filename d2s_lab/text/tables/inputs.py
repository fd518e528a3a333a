"""Words of the messages about what the user gives: input descriptions (``--input``,
``--spec``) and the options' values (``--depth``, ``--batch``, ``--budget``...)."""

TEXTS = {
    "inputs.format_help": {
        "en": "Write each input as  name: [dims] dtype,  for example  \"x: [None,3,32,32] float32\"; use None (or -1) for a dynamic dimension; name and dtype are optional (dtype defaults to float32). A Python constant is  name=value,  e.g. \"n=3\" or \"use_act=True\"; nested inputs (lists, dicts of InputSpecs) go in --spec EXPR.",
        "zh": "每个输入写成  名字: [维度] 数据类型，例如  \"x: [None,3,32,32] float32\"；动态维度写 None（或 -1）；名字和数据类型可以省略（数据类型默认 float32）。Python 常量写成  名字=值，例如 \"n=3\" 或 \"use_act=True\"；嵌套的输入（InputSpec 的列表、字典）用 --spec EXPR 给出。",
    },
    "inputs.unreadable": {
        "en": "Could not read the input description {text}.",
        "zh": "无法读懂输入描述 {text}。",
    },
    "inputs.bad_dim": {
        "en": "Dimension {part} in {text} is not a number or None.",
        "zh": "{text} 中的维度 {part} 既不是数字也不是 None。",
    },
    "inputs.bad_dtype": {
        "en": "Unknown dtype {dtype} in {text}.",
        "zh": "{text} 中的数据类型 {dtype} 无法识别。",
    },
    "inputs.bad_dtype_hint": {
        "en": "Use one of: {dtypes}.",
        "zh": "请使用以下之一：{dtypes}。",
    },
    "inputs.constant_not_literal": {
        "en": "The constant {text} is not a Python literal.",
        "zh": "常量 {text} 不是 Python 字面值。",
    },
    "inputs.constant_not_literal_hint": {
        "en": "Write a number, True/False, None, a quoted string or a list, e.g. \"n=3\", \"use_act=True\", 'mode=\"sum\"'.",
        "zh": "请写数字、True/False、None、带引号的字符串或列表，例如 \"n=3\"、\"use_act=True\"、'mode=\"sum\"'。",
    },
    "inputs.constant_type": {
        "en": "The constant {text} is a {type}, not a Python value Paddle takes as a constant.",
        "zh": "常量 {text} 的类型是 {type}，Paddle 不接受它作为常量。",
    },
    "inputs.constant_type_hint": {
        "en": "Use a bool, int, float, str, None, or a list/tuple of them.",
        "zh": "请使用 bool、int、float、str、None，或由它们组成的 list/tuple。",
    },
    "inputs.both": {
        "en": "Both --input and {spec} describe the inputs.",
        "zh": "--input 和 {spec} 同时描述了输入。",
    },
    "inputs.both_hint": {
        "en": "Give one: --input per argument, or --spec for the whole (nested) description.",
        "zh": "只给一种：每个参数一个 --input，或用 --spec 给出完整（嵌套）的描述。",
    },
    "inputs.too_big": {
        "en": "Input {label} needs {need} bytes ({gib} GiB); this machine has {have} GiB.",
        "zh": "输入 {label} 需要 {need} 字节（{gib} GiB）；这台机器只有 {have} GiB 内存。",
    },
    "inputs.too_big_hint": {
        "en": "Use smaller fixed dims, or None for the batch dimension (random inputs then use a small batch).",
        "zh": "请用更小的固定维度，或把批量维度写成 None（随机输入随后会用小批量）。",
    },
    "inputs.no_memory": {
        "en": "Input {label} needs {need} bytes, more than is free.",
        "zh": "输入 {label} 需要 {need} 字节，超过了可用内存。",
    },
    "inputs.no_memory_hint": {
        "en": "Use smaller fixed dims, or None for the batch dimension.",
        "zh": "请用更小的固定维度，或把批量维度写成 None。",
    },
    "inputs.bad_depth": {
        "en": "depth must be a positive integer or 'all', not {depth}.",
        "zh": "depth 必须是正整数或 'all'，而不是 {depth}。",
    },
    "inputs.bad_depth_hint": {
        "en": "depth: 1, 2, … or 'all'.",
        "zh": "depth：1、2、… 或 'all'。",
    },
    "inputs.bad_budget": {
        "en": "--budget {text}: give a number, or none for no limit.",
        "zh": "--budget {text}：请给一个数字，或用 none 表示不限时。",
    },
    "inputs.bad_rankdir": {
        "en": "rankdir must be TB or LR, not {rankdir}.",
        "zh": "rankdir 必须是 TB 或 LR，而不是 {rankdir}。",
    },
    "inputs.bad_rankdir_hint": {
        "en": "rankdir: TB or LR.",
        "zh": "rankdir：TB 或 LR。",
    },
    "inputs.bad_batch": {
        "en": "--batch {text}: give whole numbers separated by commas.",
        "zh": "--batch {text}：请给用逗号分隔的整数。",
    },
    "inputs.batch_below_one": {
        "en": "--batch {text}: every batch size must be 1 or more.",
        "zh": "--batch {text}：每个批量大小都必须至少为 1。",
    },
    "inputs.batch_hint": {
        "en": "For example --batch 1,20,256.",
        "zh": "例如 --batch 1,20,256。",
    },
    "inputs.count": {
        "en": "{option} {value}: give a whole number of 0 or more.",
        "zh": "{option} {value}：请给一个不小于 0 的整数。",
    },
    "inputs.positive_int": {
        "en": "{option} {value}: give a whole number of 1 or more.",
        "zh": "{option} {value}：请给一个不小于 1 的整数。",
    },
    "inputs.dim_bad": {
        "en": "--dim {entry}: give AXIS=SIZE or INPUT:AXIS=SIZE with whole numbers, the size 1 or more, e.g. --dim 1=16 or --dim past:1=3.",
        "zh": "--dim {entry}：请写成 AXIS=SIZE 或 INPUT:AXIS=SIZE（整数，大小至少为 1），例如 --dim 1=16 或 --dim past:1=3。",
    },
    "inputs.dim_hint": {
        "en": "AXIS counts from 0 (the batch); INPUT is the name of forward's argument. In Python: dims={1: 16, \"past:1\": 3} (d2s_lab.convert, d2s_lab.bench).",
        "zh": "AXIS 从 0（批维度）开始计数；INPUT 是 forward 参数的名字。在 Python 中：dims={1: 16, \"past:1\": 3}（d2s_lab.convert、d2s_lab.bench）。",
    },
    "inputs.dim_unused": {
        "en": "{entries}: no input has a dynamic axis there.",
        "zh": "{entries}：没有输入在该维是动态的。",
    },
    "inputs.dim_unused_hint": {
        "en": "Give --dim only for the dynamic (None) axes of the input descriptions: {axes} (INPUT:AXIS).",
        "zh": "--dim 只用于输入描述中的动态（None）维度：{axes}（INPUT:AXIS）。",
    },
    "inputs.dim_no_dynamic": {
        "en": "The inputs have no dynamic (None) axis: their shapes are fixed, and --dim has nothing to size.",
        "zh": "这些输入没有动态（None）维度：形状是固定的，--dim 没有可指定大小的维度。",
    },
    "inputs.seconds": {
        "en": "{option} {value}: give a number of seconds, 0 or more.",
        "zh": "{option} {value}：请给一个不小于 0 的秒数。",
    },
    "inputs.input_at": {
        "en": "Input {path}",
        "zh": "输入 {path}",
    },
    "inputs.an_input": {
        "en": "An input",
        "zh": "某个输入",
    },
    "inputs.not_an_input": {
        "en": "{where}: a {type} is neither a tensor description nor a Python value Paddle can take.",
        "zh": "{where}：{type} 既不是张量描述，也不是 Paddle 能接受的 Python 值。",
    },
    "inputs.not_an_input_hint": {
        "en": "Give InputSpecs, text like \"x: [None,3,32,32] float32\", example tensors/arrays, or Python constants (bool, int, float, str, None, lists of them).",
        "zh": "请给出 InputSpec、像 \"x: [None,3,32,32] float32\" 这样的文字、示例张量/数组，或 Python 常量（bool、int、float、str、None 及其列表）。",
    },
    "inputs.unknown_name": {
        "en": "The input {name} names no parameter of forward ({params}).",
        "zh": "输入 {name} 不是 forward 的参数（{params}）。",
    },
    "inputs.unknown_name_hint": {
        "en": "Name each --input after the parameter it feeds, or give them all in forward's order without names.",
        "zh": "请用参数名给每个 --input 命名，或者不写名字、按 forward 的参数顺序给出。",
    },
    "inputs.twice": {
        "en": "Two inputs go to the parameter {name}.",
        "zh": "有两个输入对应同一个参数 {name}。",
    },
    "inputs.name_gap": {
        "en": "forward's parameter {param} comes before {name} and has no default.",
        "zh": "forward 的参数 {param} 位于 {name} 之前，并且没有默认值。",
    },
    "inputs.name_gap_hint": {
        "en": "Give {param} an --input too (a spec, or a value as name=value).",
        "zh": "也请为 {param} 给一个 --input（张量描述，或 name=value 形式的值）。",
    },
}
