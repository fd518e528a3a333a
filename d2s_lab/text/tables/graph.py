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
            "Trust Notebook. (%d2s_graph and %%to_static also leave a picture that shows without "
            "trust.)",
        "zh": "此笔记本未被信任，图未显示：请重新运行该单元格，或选择 File > Trust Noteboo"
            "k。（%d2s_graph 和 %%to_static 还会留下一张无需信任即可显示的图片。）",
    },
    "graph.by_line": {
        "en": "Ops by source line",
        "zh": "按源代码行分组的算子",
    },
    "graph.ops": {
        "en": "ops",
        "zh": "算子",
    },
    "graph.no_line": {
        "en": "no source line (inputs, constants, control-flow plumbing)",
        "zh": "无对应源代码行（输入、常量、控制流辅助算子）",
    },
    "graph.by_line_hint": {
        "en": "Hover over or click a source line (here or in the original source) to highlight its ops in the diagram.",
        "zh": "将鼠标悬停或点击源代码行（此处或原始代码中），即可在计算图中高亮它生成的算子。",
    },
}
