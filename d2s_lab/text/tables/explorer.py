"""Words of the interactive graph explorer (``%d2s_graph --explore``)."""

TEXTS = {
    "explorer.nodes": {
        "en": "{n} nodes",
        "zh": "{n} 个节点",
    },
    "explorer.layers_open": {
        "en": "{n} layers open",
        "zh": "{n} 个层已展开",
    },
    "explorer.matches": {
        "en": "{n} ops match {query}",
        "zh": "{n} 个算子匹配 {query}",
    },
    "explorer.selected": {
        "en": "op {op}: {producers} producers (green), {consumers} consumers (orange)",
        "zh": "算子 {op}：{producers} 个生产者（绿色），{consumers} 个消费者（橙色）",
    },
    "explorer.drawn_in": {
        "en": "drawn in {s} s",
        "zh": "绘制用时 {s} s",
    },
    "explorer.search": {
        "en": "search ops, layers, lines (softmax, layers.3, cell[2]:16)",
        "zh": "搜索算子、层、行（softmax、layers.3、cell[2]:16）",
    },
    "explorer.home": {
        "en": "all layers closed",
        "zh": "折叠全部层",
    },
    "explorer.close": {
        "en": "close {path}",
        "zh": "折叠 {path}",
    },
    "explorer.cannot_explore": {
        "en": "Cannot explore a {type}.",
        "zh": "无法浏览 {type}。",
    },
    "explorer.cannot_explore_hint": {
        "en": "Give a Graph, or a Conversion from %%to_static (mode ast).",
        "zh": "请给出 Graph，或来自 %%to_static（ast 模式）的转换结果。",
    },
    "explorer.needs_anywidget": {
        "en": "The graph explorer needs anywidget (pip install anywidget).",
        "zh": "计算图浏览器需要 anywidget（pip install anywidget）。",
    },
    "explorer.needs_anywidget_hint": {
        "en": "Without it, %d2s_graph draws the static diagram.",
        "zh": "没有它时，%d2s_graph 会画出静态图。",
    },
    "explorer.fallback_note": {
        "en": "Graph explorer (static drawing): run the cell with a kernel to open layers, search and select ops.",
        "zh": "计算图浏览器（静态图）：在运行中的内核里执行此单元格，即可展开层、搜索和选中算子。",
    },
    "explorer.live_note": {
        "en": "Graph explorer: needs a running kernel with anywidget; the static drawing follows.",
        "zh": "计算图浏览器：需要运行中的内核和 anywidget；下方是静态图。",
    },
}
