"""Words of the graph comparison (``%d2s_diff``)."""

TEXTS = {
    "diff.rewrites_label": {
        "en": "Rewrites:",
        "zh": "改写：",
    },
    "diff.added": {
        "en": "+ added",
        "zh": "+ 新增",
    },
    "diff.removed": {
        "en": "− removed",
        "zh": "− 删除",
    },
    "diff.changed": {
        "en": "~ changed",
        "zh": "~ 改变",
    },
    "diff.n_added": {
        "en": "+{n} added",
        "zh": "+{n} 新增",
    },
    "diff.n_removed": {
        "en": "−{n} removed",
        "zh": "−{n} 删除",
    },
    "diff.n_changed": {
        "en": "~{n} changed",
        "zh": "~{n} 改变",
    },
    "diff.totals": {
        "en": "{same} unchanged · {a_ops} ops in {a}, {b_ops} in {b}",
        "zh": "{same} 个未变 · {a} 中 {a_ops} 个算子，{b} 中 {b_ops} 个",
    },
    "diff.no_differences": {
        "en": "No differences: the two programs have the same ops, attributes, output shapes and dtypes.",
        "zh": "没有差异：两个程序的算子、属性、输出形状和 dtype 都相同。",
    },
    "diff.col_op": {
        "en": "op",
        "zh": "算子",
    },
    "diff.col_layer": {
        "en": "layer",
        "zh": "层",
    },
    "diff.col_out_in": {
        "en": "out in {name}",
        "zh": "{name} 中的输出",
    },
    "diff.col_what": {
        "en": "what differs",
        "zh": "差异",
    },
    "diff.legend_layer": {
        "en": "(a collapsed layer is coloured by its ops)",
        "zh": "（折叠的层按其中的算子着色）",
    },
    "diff.sources_same": {
        "en": "Sources (the same)",
        "zh": "源代码（相同）",
    },
    "diff.sources": {
        "en": "Sources",
        "zh": "源代码",
    },
    "diff.ops_differ": {
        "en": "Ops that differ ({n})",
        "zh": "不同的算子（{n}）",
    },
    "diff.graphs": {
        "en": "Graphs (depth {depth})",
        "zh": "计算图（深度 {depth}）",
    },
    "diff.title": {
        "en": "Diff: {a} → {b}",
        "zh": "对比：{a} → {b}",
    },
}
