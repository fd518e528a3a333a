"""Words of the drawing of a whole default-path (SOT) run: its subgraphs as clusters, the
breaks between them, the tensors handed on."""

TEXTS = {
    "rundraw.cluster_static": {
        "en": "{name} · {n} ops · static program",
        "zh": "{name} · {n} 个算子 · 静态程序",
    },
    "rundraw.cluster_dygraph": {
        "en": "{name} · {n} ops · runs in dygraph: fewer ops than MIN_GRAPH_SIZE ({min})",
        "zh": "{name} · {n} 个算子 · 以动态图运行：算子数少于 MIN_GRAPH_SIZE（{min}）",
    },
    "rundraw.row_dygraph": {
        "en": "runs in dygraph (< MIN_GRAPH_SIZE {min})",
        "zh": "以动态图运行（< MIN_GRAPH_SIZE {min}）",
    },
    "rundraw.head_break": {
        "en": "graph break",
        "zh": "图中断",
    },
    "rundraw.head_fallback": {
        "en": "frame ran in dygraph",
        "zh": "帧以动态图运行",
    },
    "rundraw.head_skipped": {
        "en": "not translated: dygraph",
        "zh": "未翻译：动态图",
    },
    "rundraw.row_function": {
        "en": "in {function}",
        "zh": "在 {function} 中",
    },
    "rundraw.row_id": {
        "en": "cause: {id}",
        "zh": "原因：{id}",
    },
    "rundraw.tip_break": {
        "en": "{reason}: {message}",
        "zh": "{reason}：{message}",
    },
    "rundraw.tip_break_paddle": {
        "en": "{reason}: Paddle's message is in the SOT section's table of graph breaks (_d2s.sot.breaks).",
        "zh": "{reason}：Paddle 的原始信息见 SOT 部分的图中断表（_d2s.sot.breaks）。",
    },
    "rundraw.tip_handed": {
        "en": "Handed on in run order: SOT does not record which output of one part becomes which input of the next; inputs are matched to outputs of the same shape and dtype.",
        "zh": "按运行顺序传递：SOT 不记录前一部分的哪个输出成为后一部分的哪个输入；这里按相同的形状和数据类型把输入与输出对应起来。",
    },
    "rundraw.placeholder": {
        "en": "{n} ops (not read)",
        "zh": "{n} 个算子（未读取）",
    },
    "rundraw.legend_break": {
        "en": "graph break / dygraph stretch",
        "zh": "图中断 / 动态图片段",
    },
    "rundraw.legend_dygraph": {
        "en": "dashed grey: runs in dygraph",
        "zh": "灰色虚线：以动态图运行",
    },
    "rundraw.legend_handed": {
        "en": "dashed edge: handed on in run order (tensor inferred)",
        "zh": "虚线边：按运行顺序传递（张量为推断）",
    },
    "rundraw.none_compiled_reason": {
        "en": "no graph of MIN_GRAPH_SIZE ({min}) ops or more",
        "zh": "没有达到 MIN_GRAPH_SIZE（{min}）个算子的图",
    },
    "rundraw.collapsed_cell": {
        "en": "{open} of the {n} subgraphs are drawn open, the rest one node each: a drawing in a notebook cell keeps at most {max_nodes} nodes, so the saved notebook stays small. To open them all: %d2s_graph OBJ --budget none, or .graph(budget=None).",
        "zh": "{n} 个子图中有 {open} 个展开绘制，其余各画成一个节点：notebook 单元格中的图最多保留 {max_nodes} 个节点，使保存的 notebook 保持小巧。要全部展开：%d2s_graph OBJ --budget none，或 .graph(budget=None)。",
    },
    "rundraw.collapsed": {
        "en": "{open} of the {n} subgraphs are drawn open, the rest one node each, to keep the layout fast (all open costs {cost} layout units, over the budget). To open them all: .graph(budget=None), or %d2s_graph OBJ --budget none.",
        "zh": "{n} 个子图中有 {open} 个展开绘制，其余各画成一个节点，以保持布局快速（全部展开需要 {cost} 个布局单位，超出预算）。要全部展开：.graph(budget=None)，或 %d2s_graph OBJ --budget none。",
    },
    "rundraw.note_no_run": {
        "en": "SOT mode translates bytecode at the first call: Paddle builds no single Program and no transformed source for it, and this run left nothing to draw, so there is no op table or graph here; what SOT did is in the SOT section. Use mode='ast' (--mode ast) for the full Program view.",
        "zh": "SOT 模式在第一次调用时翻译字节码：Paddle 不会为它构建单一的 Program，也没有转换后的源代码，而这次运行没有留下可绘制的内容，所以这里没有算子表和计算图；SOT 做了什么见 SOT 部分。要查看完整的 Program，请用 mode='ast'（--mode ast）。",
    },
    "rundraw.nothing": {
        "en": "SOT built no subgraph for {name} and recorded no graph break: there is no run to draw.",
        "zh": "SOT 没有为 {name} 构建子图，也没有记录图中断：没有可绘制的运行过程。",
    },
    "rundraw.nothing_hint": {
        "en": "Convert with --mode ast (mode='ast') to draw the whole Program.",
        "zh": "请用 --mode ast（mode='ast'）转换以绘制完整的 Program。",
    },
    "rundraw.section": {
        "en": "The run as Paddle executes it: {k} subgraph(s), {b} break(s) and dygraph stretch(es)",
        "zh": "Paddle 实际执行的过程：{k} 个子图，{b} 处中断与动态图片段",
    },
    "rundraw.section_hint": {
        "en": "Each cluster is a subgraph SOT compiled, in run order; the nodes between them are where the run left the graph. The whole Program of the AST path: {how}.",
        "zh": "每个簇是 SOT 编译的一个子图，按运行顺序排列；它们之间的节点是运行离开计算图的地方。AST 路径的完整 Program：{how}。",
    },
}
