"""Words of the conversion report: its summary line, op table headers, places in files."""

TEXTS = {
    "report.line_of": {
        "en": "{file} line {line}",
        "zh": "{file} 第 {line} 行",
    },
    "report.ops_word": {
        "en": "ops",
        "zh": "个算子",
    },
    "report.params_word": {
        "en": "params",
        "zh": "个参数",
    },
    "report.in_word": {
        "en": "in",
        "zh": "输入",
    },
    "report.out_word": {
        "en": "out",
        "zh": "输出",
    },
    "report.paddle": {
        "en": "Paddle",
        "zh": "Paddle",
    },
    "report.ops_title": {
        "en": "Ops",
        "zh": "算子",
    },
    "report.col_op": {
        "en": "op",
        "zh": "算子",
    },
    "report.col_inputs": {
        "en": "inputs",
        "zh": "输入",
    },
    "report.col_outputs": {
        "en": "outputs",
        "zh": "输出",
    },
    "report.col_params": {
        "en": "params",
        "zh": "参数",
    },
    "report.col_layer": {
        "en": "layer",
        "zh": "层",
    },
    "report.col_line": {
        "en": "line",
        "zh": "行",
    },
}
