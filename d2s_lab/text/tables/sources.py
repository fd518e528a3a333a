"""Titles of the side-by-side source view."""

TEXTS = {
    "sources.original": {
        "en": "Original (dygraph)",
        "zh": "原始代码（动态图）",
    },
    "sources.transformed": {
        "en": "Transformed by to_static",
        "zh": "to_static 转换后",
    },
    "sources.converted_too": {
        "en": "Also converted (called from it)",
        "zh": "同时被转换的函数（由它调用）",
    },
    "sources.compacted": {
        "en": "A long function: only its first changed lines are shown, with a few lines around them and no "
              "colours, so the saved notebook stays small; {call} shows it whole.",
        "zh": "函数较长：只显示前面改动的行及其前后几行，且不着色，使保存的 notebook 保持小巧；{call} 可显示完整内容。",
    },
    "sources.more_rows": {
        "en": "… {n} more line{s} not shown here",
        "zh": "…… 此处未显示其余 {n} 行",
    },
    "sources.unchanged_lines": {
        "en": "⋯ {n} unchanged line{s}",
        "zh": "⋯ {n} 行未改动",
    },
    "sources.section": {
        "en": "Source: original and transformed",
        "zh": "源代码：原始与转换后",
    },
    "sources.no_transformed": {
        "en": "# no transformed source in this mode",
        "zh": "# 此模式下没有转换后的源代码",
    },
}
