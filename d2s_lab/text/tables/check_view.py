"""Words of the numeric check's box (dygraph vs static)."""

TEXTS = {
    "check_view.title": {
        "en": "Numeric check: dygraph vs static",
        "zh": "数值检查：动态图 vs 静态图",
    },
    "check_view.failed": {
        "en": "The numeric check could not run both versions:",
        "zh": "数值检查无法运行两个版本：",
    },
    "check_view.agree_noise": {
        "en": "Dygraph and static agree, within float rounding",
        "zh": "动态图与静态图结果一致（在浮点舍入误差之内）",
    },
    "check_view.agree": {
        "en": "Dygraph and static agree",
        "zh": "动态图与静态图结果一致",
    },
    "check_view.differ": {
        "en": "Dygraph and static differ",
        "zh": "动态图与静态图结果不同",
    },
    "check_view.agree_tail": {
        "en": "on {n} output(s) (inputs {ins}; eval mode unless asked otherwise; same seed).",
        "zh": "共 {n} 个输出（输入 {ins}；除非另行指定均为 eval 模式；相同随机种子）。",
    },
    "check_view.first_div_at": {
        "en": "First divergent layer: {layer} ({cls}), {how}.",
        "zh": "第一个出现差异的层：{layer}（{cls}），{how}。",
    },
    "check_view.localized_static": {
        "en": "found by comparing every sublayer's outputs within one run of the static program",
        "zh": "在静态程序的一次运行中比较每个子层的输出找到",
    },
    "check_view.localized_alone": {
        "en": "found by running each sublayer alone in static mode and comparing its outputs",
        "zh": "将每个子层单独以静态方式运行并比较其输出找到",
    },
    "check_view.differ_inputs": {
        "en": "(inputs {ins}).",
        "zh": "（输入 {ins}）。",
    },
    "check_view.sublayers_compared": {
        "en": "Sublayer outputs compared",
        "zh": "已比较的子层输出",
    },
    "check_view.col_output": {
        "en": "output",
        "zh": "输出",
    },
    "check_view.col_shape": {
        "en": "shape (dygraph vs static)",
        "zh": "形状（动态图 vs 静态图）",
    },
    "check_view.col_dtype": {
        "en": "dtype",
        "zh": "dtype",
    },
    "check_view.col_maxabs": {
        "en": "max abs diff",
        "zh": "最大绝对误差",
    },
    "check_view.col_maxrel": {
        "en": "max rel diff",
        "zh": "最大相对误差",
    },
    "check_view.col_note": {
        "en": "note",
        "zh": "备注",
    },
    "check_view.col_layer_order": {
        "en": "layer (in the order they finish)",
        "zh": "层（按完成顺序）",
    },
    "check_view.col_class": {
        "en": "class",
        "zh": "类",
    },
    "check_view.col_agrees": {
        "en": "agrees",
        "zh": "一致",
    },
    "check_view.random_line": {
        "en": "Randomness forced at",
        "zh": "强制随机的位置",
    },
    "check_view.versus": {
        "en": " vs {other}",
        "zh": " vs {other}",
    },
    "check_view.call": {
        "en": " (call {n})",
        "zh": "（第 {n} 次调用）",
    },
    "check_view.more_layers": {
        "en": "{n} more layers not shown.",
        "zh": "另有 {n} 个层未显示。",
    },
    "check_view.diagram_title": {
        "en": "first divergent layer: {layer}",
        "zh": "第一个出现差异的层：{layer}",
    },
    "check_view.diagram": {
        "en": "Ops of {layer} in the program (highlighted)",
        "zh": "{layer} 在程序中的算子（已高亮）",
    },
    "check_view.col_allclose": {
        "en": "allclose (rtol {rtol}, atol {atol})",
        "zh": "allclose（rtol {rtol}，atol {atol}）",
    },
}
