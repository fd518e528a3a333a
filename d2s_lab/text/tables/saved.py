"""Words of the saved-model view (``%d2s_show``) and the report's saved-files section."""

TEXTS = {
    "saved.method": {
        "en": "Method {method}: {file} ({n} ops)",
        "zh": "方法 {method}：{file}（{n} 个算子）",
    },
    "saved.title": {
        "en": "Saved model: {name}",
        "zh": "已保存的模型：{name}",
    },
    "saved.graph": {
        "en": "Graph",
        "zh": "计算图",
    },
    "saved.bytes": {
        "en": "{n} bytes",
        "zh": "{n} 字节",
    },
    "saved.files": {
        "en": "Files",
        "zh": "文件",
    },
    "saved.col_file": {
        "en": "file",
        "zh": "文件",
    },
    "saved.col_size": {
        "en": "size",
        "zh": "大小",
    },
    "saved.parameters": {
        "en": "Parameters ({n})",
        "zh": "参数（{n}）",
    },
    "saved.col_name": {
        "en": "name",
        "zh": "名称",
    },
    "saved.col_structured": {
        "en": "structured name",
        "zh": "结构化名称",
    },
    "saved.col_shape": {
        "en": "shape",
        "zh": "形状",
    },
    "saved.col_dtype": {
        "en": "dtype",
        "zh": "dtype",
    },
    "saved.col_elements": {
        "en": "elements",
        "zh": "元素数",
    },
    "saved.ops": {
        "en": "Ops ({n})",
        "zh": "算子（{n}）",
    },
    "saved.also_saved": {
        "en": "Also saved under this prefix: {names} (sections below).",
        "zh": "同一前缀下还保存了：{names}（见下方各部分）。",
    },
    "saved.saved_with": {
        "en": "Saved with paddle.jit.save",
        "zh": "已用 paddle.jit.save 保存",
    },
    "saved.view_it": {
        "en": "View it without running it: {command}",
        "zh": "无需运行即可查看：{command}",
    },
}
