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
    "diff.n_moved": {
        "en": "{n} only moved to {to}",
        "zh": "其中 {n} 个仅迁移到 {to} 内核",
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
    "diff.table_paged": {
        "en": "The first {shown} of {total} ops that differ, so that the cell's output stays small in a "
              "saved notebook. Every one: {call}.",
        "zh": "为了让保存的笔记本保持小巧，这里只列出前 {shown} 个不同的算子（共 {total} 个）。查看全部：{call}。",
    },
    "diff.table_call": {"en": "the diff's .table()", "zh": "该对比结果的 .table()"},
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
    "diff.note_windowed": {
        "en": "The programs are long and differ in many places (more than {n} op pairs to compare): some ops were paired by kind and order, a faster, rougher alignment (raise d2s_lab.core.diff.MAX_ALIGN_CELLS for more of the exact one).",
        "zh": "两个程序很长且多处不同（需比较的算子对超过 {n}）：部分算子按种类和顺序配对，这是更快但更粗略的对齐方式（调大 d2s_lab.core.diff.MAX_ALIGN_CELLS 可让更多部分精确对齐）。",
    },
    "diff.object_raised": {
        "en": "{label}: cannot compare this {type}: looking at it raised {error} (its own code).",
        "zh": "{label}：无法比较这个 {type}：读取它时其自身代码抛出了 {error}。",
    },
    "diff.object_raised_hint": {
        "en": "Give a Conversion (d2s_lab.convert or %%to_static --as NAME), a saved model (its path, or d2s_lab.read_saved(path)), or a Graph.",
        "zh": "请给出转换结果（d2s_lab.convert 或 %%to_static --as NAME）、保存的模型（其路径，或 d2s_lab.read_saved(path)）或 Graph。",
    },
    "diff.too_big_to_draw": {
        "en": "Not drawn: {n} ops, more than a diff draws ({limit}); the table lists what differs. Draw one program with %d2s_graph.",
        "zh": "未绘制：共 {n} 个算子，超过差异视图绘制的上限（{limit}）；表格列出了不同之处。可用 %d2s_graph 单独绘制一个程序。",
    },
    "diff.note_no_layers": {
        "en": "Layer paths were not compared: the two programs name layers differently (or one has none); ops are paired by kind and order.",
        "zh": "没有比较层路径：两个程序给层的命名不同（或其中一个没有层名）；算子按类型和顺序配对。",
    },
    "diff.this_conversion": {
        "en": "this conversion",
        "zh": "这个转换结果",
    },
    "diff.err_failed": {
        "en": "{what}{name} failed to convert, so it has no Program to compare.",
        "zh": "{what}{name} 没有转换成功，所以没有可比较的 Program。",
    },
    "diff.err_failed_hint": {
        "en": "Fix the conversion first: its report says why.",
        "zh": "请先修好转换：它的报告说明了原因。",
    },
    "diff.err_no_program": {
        "en": "{what}{name} has no Program graph ({mode} mode).",
        "zh": "{what}{name} 没有 Program 计算图（{mode} 模式）。",
    },
    "diff.err_no_program_hint": {
        "en": "Convert with mode='ast' (%%to_static --mode ast) to compare programs.",
        "zh": "请用 mode='ast'（%%to_static --mode ast）转换，再比较程序。",
    },
    "diff.sot_no_subgraph": {
        "en": "SOT compiled no subgraph",
        "zh": "SOT 没有编译出子图",
    },
    "diff.err_sot_empty": {
        "en": "{what}this SOT report has no subgraph to compare ({why}).",
        "zh": "{what}这份 SOT 报告没有可比较的子图（{why}）。",
    },
    "diff.err_sot_empty_hint": {
        "en": "Compare AST-mode conversions instead (d2s_lab.convert(..., mode='ast')).",
        "zh": "请改为比较 AST 模式的转换结果（d2s_lab.convert(..., mode='ast')）。",
    },
    "diff.err_sot_many": {
        "en": "{what}this SOT report has {n} subgraphs.",
        "zh": "{what}这份 SOT 报告有 {n} 个子图。",
    },
    "diff.err_sot_many_hint": {
        "en": "Compare one of them: report.subgraphs[0] (or [1], ...).",
        "zh": "请比较其中一个：report.subgraphs[0]（或 [1]、……）。",
    },
    "diff.err_layer": {
        "en": "{what}a {type} (a Layer) cannot be compared as it is.",
        "zh": "{what}{type}（一个层）不能直接比较。",
    },
    "diff.err_layer_hint": {
        "en": "Convert it first: conv = d2s_lab.convert(net, input_spec), or %%to_static --as NAME, and compare the conversions.",
        "zh": "请先转换它：conv = d2s_lab.convert(net, input_spec)，或 %%to_static --as NAME，再比较转换结果。",
    },
    "diff.err_cannot": {
        "en": "{what}cannot compare a {type}.",
        "zh": "{what}无法比较 {type}。",
    },
    "diff.err_give": {
        "en": "Give a Conversion (d2s_lab.convert or %%to_static --as NAME), a saved model (its path, or d2s_lab.read_saved(path)), or a Graph.",
        "zh": "请给出转换结果（d2s_lab.convert 或 %%to_static --as NAME）、已保存的模型（其路径，或 d2s_lab.read_saved(path)）或 Graph。",
    },
    "diff.n_more": {
        "en": "... {n} more",
        "zh": "…… 还有 {n} 处",
    },
    "diff.no_differences_text": {
        "en": "No differences: the same ops, attributes, shapes and dtypes.",
        "zh": "没有差异：算子、属性、形状和数据类型都相同。",
    },
    "diff.fusion_removed": {
        "en": "{n} × {ops} removed",
        "zh": "删除了 {n} × {ops}",
    },
    "diff.fusion_added": {
        "en": "{n} × {ops} added",
        "zh": "新增了 {n} × {ops}",
    },
    "diff.fusion_more": {
        "en": "… ({n} more kinds)",
        "zh": "……（还有 {n} 种）",
    },
    "diff.fusion_more_ops": {
        "en": "… ({n} more ops)",
        "zh": "……（还有 {n} 个算子）",
    },
}
