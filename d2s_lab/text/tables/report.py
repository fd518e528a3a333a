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
    "report.sot_ops": {
        "en": "{total} ops in {n} subgraph{s}",
        "zh": "{n} 个子图中共 {total} 个算子",
    },
    "report.ops_unknown": {
        "en": "ops not known (no Program)",
        "zh": "算子数未知（没有程序）",
    },
    "report.timing_convert": {
        "en": "convert",
        "zh": "转换",
    },
    "report.timing_first_run": {
        "en": "first run",
        "zh": "首次运行",
    },
    "report.timing_sot": {
        "en": "translate + first run",
        "zh": "翻译 + 首次运行",
    },
    "report.constant_default": {
        "en": " (default)",
        "zh": "（默认值）",
    },
    "report.constants": {
        "en": "Python constants: {items}. The Program is specialised to them: a different value "
            "builds a different Program.",
        "zh": "Python 常量：{items}。程序针对它们进行了特化：换一个值就会构建另一个程序。",
    },
    "report.structure": {
        "en": "Structure (forward is Paddle's library code)",
        "zh": "结构（forward 是 Paddle 的库代码）",
    },
    "report.source": {
        "en": "Source",
        "zh": "源代码",
    },
    "report.sot_no_transformed": {
        "en": "SOT rewrites Python bytecode, not source: there is no transformed source to "
            "compare; the graph-break report shows what it captured.",
        "zh": "SOT 改写的是 Python 字节码而不是源代码：没有可对比的转换后源代码；图中断报告显示了它捕获的内容。",
    },
    "report.no_source": {
        "en": "# source not available",
        "zh": "# 源代码不可用",
    },
    "report.method": {
        "en": "Method {name} ({ops} ops)",
        "zh": "方法 {name}（{ops} 个算子）",
    },
    "report.method_no_ops": {
        "en": "Method {name} (no ops)",
        "zh": "方法 {name}（没有算子）",
    },
    "report.cut_note": {
        "en": "Showing the first {shown} of {total} {what}; {more} more are not shown "
            "(d2s_lab.viz.op_table.MAX_TABLE_ROWS).",
        "zh": "只显示前 {shown} 个{what}（共 {total} 个）；另有 {more} 个未显示"
            "（d2s_lab.viz.op_table.MAX_TABLE_ROWS）。",
    },
    "report.unit_rows": {
        "en": "rows",
        "zh": "行",
    },
    "report.unit_ops": {
        "en": "ops",
        "zh": "算子",
    },
    "report.unit_params": {
        "en": "parameter tensors",
        "zh": "参数张量",
    },
    "report.unit_differing_ops": {
        "en": "differing ops",
        "zh": "不同的算子",
    },
    "report.printed": {
        "en": "Printed while tracing",
        "zh": "追踪时打印的内容",
    },
    "report.printed_why": {
        "en": "(forward's Python runs while Paddle traces it to build the Program; the static "
            "Program itself does not print)",
        "zh": "（Paddle 追踪 forward 以构建程序时会运行它的 Python 代码；静态程序本身不会打印）",
    },
    "report.paddle_log": {
        "en": "Paddle's log ({n} line{s})",
        "zh": "Paddle 的日志（{n} 行）",
    },
    "report.page_title": {
        "en": "d2s_lab report: {name}",
        "zh": "d2s_lab 报告：{name}",
    },
    "report.h_environment": {
        "en": "Environment",
        "zh": "环境",
    },
    "report.h_summary": {
        "en": "Summary",
        "zh": "概要",
    },
    "report.h_error": {
        "en": "Error",
        "zh": "错误",
    },
    "report.h_steps": {
        "en": "Steps",
        "zh": "转换步骤",
    },
    "report.h_graph": {
        "en": "Graph",
        "zh": "计算图",
    },
    "report.col_component": {
        "en": "component",
        "zh": "组件",
    },
    "report.col_version": {
        "en": "version",
        "zh": "版本",
    },
    "report.env_platform": {
        "en": "Platform",
        "zh": "平台",
    },
    "report.env_generated": {
        "en": "Generated",
        "zh": "生成时间",
    },
    "report.env_unknown": {
        "en": "unknown",
        "zh": "未知",
    },
    "report.paddle_error": {
        "en": "Paddle's error",
        "zh": "Paddle 的错误",
    },
    "report.note_no_source": {
        "en": "Python could not read the source of this function.",
        "zh": "Python 无法读取这个函数的源代码。",
    },
    "report.note_library_forward": {
        "en": "{layer}.forward is Paddle's library code, not yours: the report shows the Layer's structure instead of its source.",
        "zh": "{layer}.forward 是 Paddle 库中的代码，不是你写的：报告显示该层的结构，而不是它的源代码。",
    },
    "report.note_method_failed": {
        "en": "{label} is decorated with to_static but was not converted: {error}",
        "zh": "{label} 带有 to_static 装饰器，但没有转换成功：{error}",
    },
    "report.note_saved_training": {
        "en": "Saved in training mode (dropout and batch norm as in training); call model.eval() before saving a model for inference.",
        "zh": "以训练模式保存（dropout 和 batch norm 按训练时的方式计算）；保存用于推理的模型前，请先调用 model.eval()。",
    },
    "report.lang_line": {
        "en": "Language: English. 中文：{other} (or set {env}=zh before starting Jupyter; a Chinese locale gets Chinese by itself).",
        "zh": "语言：中文。English: {other}（也可在启动 Jupyter 前设置 {env}=en；系统语言为中文时自动使用中文）。",
    },
}
