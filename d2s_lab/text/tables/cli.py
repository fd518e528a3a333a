"""Messages of the d2s-lab command line."""

TEXTS = {
    "cli.not_target": {
        "en": "{target} is not MODULE:OBJ.",
        "zh": "{target} 不是 MODULE:OBJ 形式。",
    },
    "cli.not_target_hint": {
        "en": "For example d2s_lab.teaching.examples:EmbeddingNet or models.py:net.",
        "zh": "例如 d2s_lab.teaching.examples:EmbeddingNet 或 models.py:net。",
    },
    "cli.no_file": {
        "en": "No such file: {path}.",
        "zh": "没有这个文件：{path}。",
    },
    "cli.cannot_import": {
        "en": "Cannot import {module}: {error}.",
        "zh": "无法导入 {module}：{error}。",
    },
    "cli.cannot_import_hint": {
        "en": "Run from the folder that holds it, or give the path of the .py file.",
        "zh": "请在它所在的文件夹中运行，或给出 .py 文件的路径。",
    },
    "cli.import_raised": {
        "en": "Importing {module} raised {error}.",
        "zh": "导入 {module} 时抛出了 {error}。",
    },
    "cli.no_attr": {
        "en": "{module} has no {attr}.",
        "zh": "{module} 中没有 {attr}。",
    },
    "cli.it_defines": {
        "en": "It defines: {names}.",
        "zh": "它定义了：{names}。",
    },
    "cli.needs_args": {
        "en": "{attr} needs constructor arguments ({error}).",
        "zh": "{attr} 需要构造参数（{error}）。",
    },
    "cli.needs_args_hint": {
        "en": "Create an instance in the module and name it instead.",
        "zh": "请在模块中创建一个实例，然后改为指定它的名字。",
    },
    "cli.spec_raised": {
        "en": "--spec {spec}: evaluating it raised {error}.",
        "zh": "--spec {spec}：求值时抛出了 {error}。",
    },
    "cli.spec_hint": {
        "en": "Give a Python expression, e.g. --spec \"[InputSpec([None, 4]), 3]\".",
        "zh": "请给出一个 Python 表达式，例如 --spec \"[InputSpec([None, 4]), 3]\"。",
    },
    "cli.cannot_write": {
        "en": "Cannot write {path}: {error}.",
        "zh": "无法写入 {path}：{error}。",
    },
    "cli.wrote": {
        "en": "wrote {what}: {path} ({size} bytes)",
        "zh": "已写入{what}：{path}（{size} 字节）",
    },
    "cli.what_graph": {
        "en": "graph",
        "zh": "计算图",
    },
    "cli.what_steps": {
        "en": "steps",
        "zh": "转换步骤",
    },
    "cli.what_saved": {
        "en": "saved-model view",
        "zh": "已保存模型的视图",
    },
    "cli.what_watch_record": {
        "en": "watch record",
        "zh": "监视记录",
    },
    "cli.watch_needs_script": {
        "en": "Give a SCRIPT to run, or --merge DIR to merge the ranks' records.",
        "zh": "请给出要运行的 SCRIPT，或用 --merge DIR 合并各 rank 的记录。",
    },
    "cli.what_watch": {
        "en": "watch report",
        "zh": "监视报告",
    },
    "cli.script_failed": {
        "en": "{script} raised {error} (the report covers the run up to there)",
        "zh": "{script} 抛出了 {error}（报告包含到那里为止的运行）",
    },
    "cli.what_report": {
        "en": "report",
        "zh": "报告",
    },
    "cli.what_benchmark": {
        "en": "benchmark",
        "zh": "基准测试",
    },
    "cli.what_chart": {
        "en": "chart",
        "zh": "图表",
    },
    "cli.bad_graph_output": {
        "en": "-o {out}: use a .svg, .png or .dot file name.",
        "zh": "-o {out}：请使用 .svg、.png 或 .dot 文件名。",
    },
    "cli.bad_show_output": {
        "en": "-o {out}: use a .html (the whole view), .svg, .png or .dot file name.",
        "zh": "-o {out}：请使用 .html（完整视图）、.svg、.png 或 .dot 文件名。",
    },
    "cli.bad_bench_output": {
        "en": "-o {out}: use a .png, .svg or .html file name.",
        "zh": "-o {out}：请使用 .png、.svg 或 .html 文件名。",
    },
    "cli.steps_title": {
        "en": "to_static steps: {name}",
        "zh": "to_static 转换步骤：{name}",
    },
    "cli.mark_original": {
        "en": "original",
        "zh": "原始",
    },
    "cli.note": {
        "en": "note: {note}",
        "zh": "注意：{note}",
    },
    "cli.method": {
        "en": "method {method}: {path}",
        "zh": "方法 {method}：{path}",
    },
    "cli.steps_failed": {
        "en": "The steps could not be captured: {error}",
        "zh": "无法捕获转换步骤：{error}",
    },
    "cli.conversion_failed": {
        "en": "d2s-lab: the conversion failed; the report shows why: {message}",
        "zh": "d2s-lab：转换失败；报告中说明了原因：{message}",
    },
    "cli.bench_title": {
        "en": "Benchmark: {name}",
        "zh": "基准测试：{name}",
    },
    "cli.error": {
        "en": "d2s-lab {command}: error: {message}",
        "zh": "d2s-lab {command}：错误：{message}",
    },
    "cli.interrupted": {
        "en": "d2s-lab: interrupted",
        "zh": "d2s-lab：已中断",
    },
    "cli.failed": {
        "en": "d2s-lab {command}: failed: {error}",
        "zh": "d2s-lab {command}：失败：{error}",
    },
    "cli.debug_hint": {
        "en": "  Set D2S_DEBUG=1 for the full traceback.",
        "zh": "  设置 D2S_DEBUG=1 可查看完整的 traceback。",
    },
}
