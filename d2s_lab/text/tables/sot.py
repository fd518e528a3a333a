"""Words of the SOT graph-break report."""

TEXTS = {
    "sot.title": {
        "en": "SOT graph breaks",
        "zh": "SOT 图中断",
    },
    "sot.failed": {
        "en": "The SOT run failed:",
        "zh": "SOT 运行失败：",
    },
    "sot.subgraphs": {
        "en": "Subgraphs",
        "zh": "子图",
    },
    "sot.subgraphs_tail": {
        "en": "(what SOT compiled, in order):",
        "zh": "（SOT 编译的内容，按顺序）：",
    },
    "sot.col_what": {
        "en": "what",
        "zh": "类型",
    },
    "sot.col_reason": {
        "en": "reason",
        "zh": "原因",
    },
    "sot.col_message": {
        "en": "message",
        "zh": "信息",
    },
    "sot.col_where": {
        "en": "where",
        "zh": "位置",
    },
    "sot.kind_fallback": {
        "en": "fell back to dygraph (whole frame)",
        "zh": "回退到动态图（整个帧）",
    },
    "sot.kind_break": {
        "en": "graph break",
        "zh": "图中断",
    },
    "sot.in_function": {
        "en": "in {function}",
        "zh": "位于 {function}",
    },
    "sot.subgraph_ops": {
        "en": "{name}: {n} ops",
        "zh": "{name}：{n} 个算子",
    },
    "sot.ast_mode": {
        "en": "AST mode",
        "zh": "AST 模式",
    },
    "sot.ast_ok": {
        "en": "{ast} ({flag}) converts this function into one static program{ops}.",
        "zh": "{ast}（{flag}）能把这个函数转换为一个静态程序{ops}。",
    },
    "sot.ast_ops": {
        "en": " ({n} ops)",
        "zh": "（{n} 个算子）",
    },
    "sot.ast_fails": {
        "en": "{ast} ({flag}) fails on it:",
        "zh": "{ast}（{flag}）在这个函数上失败：",
    },
    "sot.unavailable": {
        "en": "SOT report unavailable: {message}",
        "zh": "SOT 报告不可用：{message}",
    },
    "sot.one_graph": {
        "en": "SOT captured {name} in one graph ({n} ops): no graph break, no fallback.",
        "zh": "SOT 用一个图捕获了 {name}（{n} 个算子）：没有图中断，也没有回退。",
    },
    "sot.split": {
        "en": "SOT split {name} into {k} subgraph(s) ({sizes} ops) with {b} graph break(s) and {f} "
            "frame(s) falling back to dygraph; {tr} frame(s) translated, {ms} ms.",
        "zh": "SOT 把 {name} 拆成 {k} 个子图（算子数 {sizes}），有 {b} 处图中断、"
            "{f} 个帧回退到动态图；翻译了 {tr} 个帧，用时 {ms} ms。",
    },
    "sot.break_if": {
        "en": "an `if`/`while` on a Tensor's value: Python needs the value to choose a branch",
        "zh": "`if`/`while` 的条件取决于 Tensor 的值：Python 需要这个值才能选择分支",
    },
    "sot.note_no_program": {
        "en": "SOT mode translates bytecode at the first call: Paddle exposes no single Program and no transformed source for it, so there is no whole-program op table, graph or AST steps here (the graph-break report shows the subgraphs SOT captured). Use mode='ast' (--mode ast) for the full Program view.",
        "zh": "SOT 模式在第一次调用时翻译字节码：Paddle 不会为它给出单一的 Program，也没有转换后的源代码，所以这里没有整个程序的算子表、计算图和 AST 步骤（图中断报告列出了 SOT 捕获的子图）。要查看完整的 Program，请用 mode='ast'（--mode ast）。",
    },
    "sot.no_collector": {
        "en": "this Paddle build has no SOT info collector ({error})",
        "zh": "这个 Paddle 版本没有 SOT 信息收集器（{error}）",
    },
    "sot.lacks_internals": {
        "en": "Paddle {version} lacks SOT internals this report reads ({missing}); it was written against Paddle 3.x.",
        "zh": "Paddle {version} 缺少本报告读取的 SOT 内部接口（{missing}）；本报告是按 Paddle 3.x 编写的。",
    },
}
