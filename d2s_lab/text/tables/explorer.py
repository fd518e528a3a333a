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
}
