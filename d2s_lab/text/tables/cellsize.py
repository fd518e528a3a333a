"""Words of a drawing kept within a notebook cell's 250 KB: what its copy in the cell left
out, and where the whole drawing is."""

TEXTS = {
    "cellsize.reduced": {
        "en": "Made smaller so that the saved notebook stays small (250 KB a cell): {what}. The whole "
              "drawing: .save(\"graph.svg\") (or .png), or %d2s_graph OBJ -o graph.svg with the same options.",
        "zh": "为使保存的 notebook 保持小巧（每个单元格 250 KB），已缩减：{what}。完整的图："
              ".save(\"graph.svg\")（或 .png），或带相同选项的 %d2s_graph OBJ -o graph.svg。",
    },
    "cellsize.depth": {
        "en": "drawn at depth {depth}, the deepest that fits (depth {requested} does not)",
        "zh": "以能放下的最深深度 {depth} 绘制（深度 {requested} 放不下）",
    },
    "cellsize.joiner": {
        "en": "; ",
        "zh": "；",
    },
    "cellsize.svg": {
        "en": "the drawing's coordinates are rounded to whole points",
        "zh": "图的坐标取整到整点",
    },
    "cellsize.twin_small": {
        "en": "its picture for untrusted notebooks is drawn smaller",
        "zh": "供未受信任的 notebook 显示的图片缩小绘制",
    },
    "cellsize.twin_out": {
        "en": "its picture for untrusted notebooks is left out",
        "zh": "省略了供未受信任的 notebook 显示的图片",
    },
    "cellsize.png_small": {
        "en": "the picture is drawn with fewer colours (and fewer pixels where that was not enough)",
        "zh": "图片以更少的颜色绘制（仍不够时也减少像素）",
    },
    "cellsize.png_out": {
        "en": "the picture is left out (it would pass 250 KB even at a third of its width)",
        "zh": "省略了图片（即使宽度缩小到三分之一也会超过 250 KB）",
    },
    "cellsize.dot_cut": {
        "en": "... (the whole DOT text is {kb} KB; a cell keeps 250 KB: write it with -o graph.dot)",
        "zh": "……（完整的 DOT 文本为 {kb} KB；一个单元格最多保留 250 KB：请用 -o graph.dot 写入文件）",
    },
    "cellsize.saved": {
        "en": "The whole drawing is in {path} ({kb} KB): open it from JupyterLab's file browser or in a "
              "web browser. Below, the drawing as %d2s_graph shows it in a cell.",
        "zh": "完整的图已写入 {path}（{kb} KB）：可在 JupyterLab 的文件浏览器或网页浏览器中打开。"
              "下方是 %d2s_graph 在单元格中显示的图。",
    },
}
