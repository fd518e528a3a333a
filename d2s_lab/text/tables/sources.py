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
}
