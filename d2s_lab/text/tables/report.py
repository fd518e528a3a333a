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
    "report.structure_more": {
        "en": "{n} more like ({first})",
        "zh": "另有 {n} 个，与 ({first}) 相同",
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
        "en": "SOT rewrites Python bytecode, not source: the code it runs instead, decompiled, is "
            "under \"Inside SOT\" in the SOT section above, beside this source.",
        "zh": "SOT 改写的是 Python 字节码而不是源代码：它实际运行的代码（反编译而来）在上方 SOT 部分的“SOT 内部”中，与这段源代码并排显示。",
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
    "report.by_line_cut": {
        "en": "Showing the first {shown} of {total} lines, so the saved notebook stays small; {call} lists every op.",
        "zh": "只显示前 {shown} 行（共 {total} 行），使保存的 notebook 保持小巧；{call} 列出全部算子。",
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
    "report.printed_symbolic": {
        "en": "Symbols, not numbers: while Paddle traces forward, tensors are placeholders of the"
              " Program. A dynamic dimension (None in the InputSpec) has no size yet, so `x.shape`"
              " prints it as a Value or -1, and a tensor prints no values. To see the real shape"
              " when the Program runs, use `paddle.shape(x)` with `paddle.static.Print`, or print"
              " in dygraph.",
        "zh": "这里是符号而不是数字：Paddle 追踪 forward 时，张量只是程序中的占位符。动态维度（InputSpec 中的"
              " None）此时还没有大小，所以 `x.shape` 把它打印成 Value 或 -1，张量也不会打印数值。想看到程序运行时的真实形状，"
              "请用 `paddle.shape(x)` 配合 `paddle.static.Print`，或在动态图中打印。",
    },
    "report.printed_why": {
        "en": "(forward's Python runs while Paddle traces it to build the Program; the static "
            "Program itself does not print)",
        "zh": "（Paddle 追踪 forward 以构建程序时会运行它的 Python 代码；静态程序本身不会打印）",
    },
    "report.printed_sot": {
        "en": "Printed in the first run",
        "zh": "第一次运行时打印的内容",
    },
    "report.printed_why_sot": {
        "en": "(on Paddle's default path a print is left to Python: SOT breaks the graph there, "
              "and it prints on every call, this first run included)",
        "zh": "（在 Paddle 的默认路径上，print 留给 Python 执行：SOT 在那里中断计算图，每次调用都会打印，包括这第一次运行）",
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
        "en": "{layer}.forward is library code ({library}), not yours: the report shows the Layer's structure instead of its source.",
        "zh": "{layer}.forward 是库（{library}）中的代码，不是你写的：报告显示该层的结构，而不是它的源代码。",
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
    "report.save_not_converted": {
        "en": "{name} did not convert, so there is nothing to save.",
        "zh": "{name} 没有转换成功，所以没有可保存的内容。",
    },
    "report.save_not_converted_hint": {
        "en": "Fix the conversion error first.",
        "zh": "请先修好转换错误。",
    },
    "report.save_prefix": {
        "en": "--save {path}: give a file prefix such as build/model/net, not a directory.",
        "zh": "--save {path}：请给出文件前缀（例如 build/model/net），而不是目录。",
    },
    "report.save_prefix_hint": {
        "en": "paddle.jit.save writes PREFIX.json and PREFIX.pdiparams.",
        "zh": "paddle.jit.save 会写出 PREFIX.json 和 PREFIX.pdiparams。",
    },
    "report.save_no_folder": {
        "en": "Cannot create the folder {folder}: {error}.",
        "zh": "无法创建文件夹 {folder}：{error}。",
    },
    "report.save_no_function": {
        "en": "{name} has no static function to save.",
        "zh": "{name} 没有可保存的静态函数。",
    },
    "report.save_methods_paddle2": {
        "en": "Saving {name} with its other to_static methods ({methods}) needs Paddle 3; Paddle {version}'s jit.save drops forward beside them.",
        "zh": "连同其他 to_static 方法（{methods}）一起保存 {name} 需要 Paddle 3；Paddle {version} 的 jit.save 会因此丢掉 forward。",
    },
    "report.save_methods_paddle2_hint": {
        "en": "Save forward and each method with paddle.jit.save separately, or use Paddle 3.",
        "zh": "请用 paddle.jit.save 分别保存 forward 和每个方法，或改用 Paddle 3。",
    },
    "report.save_failed": {
        "en": "paddle.jit.save failed for {name}: {error}",
        "zh": "paddle.jit.save 保存 {name} 失败：{error}",
    },
    "report.save_failed_sot": {
        "en": "SOT-only code may not save; try --mode ast.",
        "zh": "只能在 SOT 下运行的代码可能无法保存；请试试 --mode ast。",
    },
    "report.save_failed_hint": {
        "en": "paddle.jit.save converts forward again with these InputSpecs; see Paddle's message, and check that forward returns only Tensors.",
        "zh": "paddle.jit.save 会用这些 InputSpec 再转换一次 forward；请看 Paddle 的报错，并检查 forward 是否只返回 Tensor。",
    },
    "report.no_program_graph": {
        "en": "No Program graph for {name} ({mode} mode).",
        "zh": "{name} 没有 Program 计算图（{mode} 模式）。",
    },
    "report.no_program_graph_hint": {
        "en": "Convert with mode='ast' (%%to_static --mode ast) to draw the graph.",
        "zh": "请用 mode='ast'（%%to_static --mode ast）转换后再画计算图。",
    },
    "report.unknown_mode": {
        "en": "Unknown mode {mode}.",
        "zh": "未知的模式 {mode}。",
    },
    "report.unknown_mode_hint": {
        "en": "Use mode='ast' (full_graph=True), mode='sot', or leave it out for Paddle's default path (%d2s_mode default).",
        "zh": "请用 mode='ast'（full_graph=True）、mode='sot'，或不指定以使用 Paddle 的默认路径（%d2s_mode default）。",
    },
    "report.layer_class": {
        "en": "{name} is a Layer class, not an instance.",
        "zh": "{name} 是层的类，不是实例。",
    },
    "report.layer_class_hint": {
        "en": "Create one first, e.g. `model = {name}()`, and convert `model`.",
        "zh": "请先创建实例，例如 `model = {name}()`，再转换 `model`。",
    },
    "report.cannot_convert": {
        "en": "Cannot convert a {type}.",
        "zh": "无法转换 {type}。",
    },
    "report.cannot_convert_hint": {
        "en": "Give a paddle.nn.Layer instance, a bound Layer method, or a function.",
        "zh": "请给出 paddle.nn.Layer 实例、层的绑定方法或函数。",
    },
    "report.col_block": {
        "en": "block",
        "zh": "块",
    },
    "report.fold_blocks": {
        "en": "{first} … {last}: {n} more blocks, each with the same {ops} ops and shapes as {like}",
        "zh": "{first} … {last}：另外 {n} 个块，每个的 {ops} 个算子及形状都与 {like} 相同",
    },
    "report.fold_runs": {
        "en": "× {runs} more runs of the {k} ops above (lines {lines}), each with the same ops, shapes and attributes",
        "zh": "上方 {k} 个算子又重复了 {runs} 次（第 {lines} 行），每次的算子、形状和属性都相同",
    },
    "report.ops_paged": {
        "en": "The report shows the first {shown} of {total} ops, so that the cell's output stays small "
            "in a saved notebook. Every op: {call}, or click a layer in {explore}.",
        "zh": "为了让保存的笔记本保持小巧，报告只显示前 {shown} 个算子（共 {total} 个）。"
            "查看全部算子：{call}，或在 {explore} 中点击某一层。",
    },
    "report.by_line_kinds": {
        "en": "Each source line with the ops it produced, counted by kind ({total} ops: too many to list one by one "
            "here; every op: {call}).",
        "zh": "每一行源代码及其生成的算子，按类型计数（共 {total} 个算子，这里不逐个列出；查看全部算子：{call}）。",
    },
    "report.col_line_ops": {
        "en": "source line · its ops, counted by kind",
        "zh": "源代码行 · 它生成的算子（按类型计数）",
    },
    "report.op_table_title": {
        "en": "Ops of {name} ({n})",
        "zh": "{name} 的算子（{n} 个）",
    },
    "report.path_paddle": {
        "en": "plain paddle.jit.to_static's default on Paddle {version}",
        "zh": "Paddle {version} 上 paddle.jit.to_static 的默认路径",
    },
    "report.path_asked": {
        "en": "asked for",
        "zh": "按要求",
    },
    "report.path_session": {
        "en": "set by %d2s_mode",
        "zh": "由 %d2s_mode 设置",
    },
    "report.path_env": {
        "en": "set by $D2S_MODE",
        "zh": "由 $D2S_MODE 设置",
    },
    "report.path_sot": {
        "en": "SOT (bytecode translation)",
        "zh": "SOT（字节码翻译）",
    },
    "report.path_ast": {
        "en": "AST (full_graph=True)",
        "zh": "AST（full_graph=True）",
    },
    "report.path_line": {
        "en": "Path: {path}, {why}. The other path: {other}.",
        "zh": "转换路径：{path}，{why}。另一条路径：{other}。",
    },
    "report.other_path": {
        "en": "%%to_static --mode {mode} (d2s_lab.convert(..., mode='{mode}'))",
        "zh": "%%to_static --mode {mode}（d2s_lab.convert(..., mode='{mode}')）",
    },
}
