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
}
