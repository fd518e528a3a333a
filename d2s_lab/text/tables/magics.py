"""Messages of the notebook magics (%%to_static, %d2s_graph, %d2s_diff, %d2s_show, %d2s_steps, %d2s_bench)."""

TEXTS = {
    "magics.options_unread": {
        "en": "Could not read the options: {line}",
        "zh": "无法读取选项：{line}",
    },
    "magics.options_unread_why": {
        "en": "Could not read the options ({error}): {line}",
        "zh": "无法读取选项（{error}）：{line}",
    },
    "magics.eval_raised": {
        "en": "{label}: evaluating it raised {error}.",
        "zh": "{label}：求值时抛出了 {error}。",
    },
    "magics.no_such_name": {
        "en": "{expr}: no such name in the notebook.",
        "zh": "{expr}：笔记本中没有这个名字。",
    },
    "magics.bad_target": {
        "en": "{option} {name}: not a valid Python variable name.",
        "zh": "{option} {name}：不是合法的 Python 变量名。",
    },
    "magics.bad_target_hint": {
        "en": "Use letters, digits and underscores, not starting with a digit, e.g. {option} result.",
        "zh": "请使用字母、数字和下划线，且不要以数字开头，例如 {option} result。",
    },
    "magics.syntax_error": {
        "en": "SyntaxError in this cell, line {line}: {msg}",
        "zh": "此单元格第 {line} 行有 SyntaxError：{msg}",
    },
    "magics.syntax_hint": {
        "en": "Fix the line and run the cell again; nothing in the cell ran.",
        "zh": "请修改该行后重新运行单元格；单元格中的代码都没有运行。",
    },
    "magics.cell_raised": {
        "en": "The cell raised {error}{where}: {exc}",
        "zh": "单元格抛出了 {error}{where}：{exc}",
    },
    "magics.cell_raised_where": {
        "en": " at line {line}: {code}",
        "zh": "（第 {line} 行：{code}）",
    },
    "magics.cell_raised_hint": {
        "en": "Variables assigned before that line are kept. Fix the error and run the cell again.",
        "zh": "该行之前赋值的变量都已保留。请修正错误后重新运行单元格。",
    },
    "magics.param_name_used_hint": {
        "en": "The model names its parameters itself (ParamAttr(name=\"{name}\")), and an instance built earlier in this kernel holds that name: Paddle allows one parameter per name in a process, so the model cannot be built twice. Build it once in a cell of its own and convert it with %%to_static --model NAME, or restart the kernel before running this cell again (or drop name= from the ParamAttr).",
        "zh": "模型自己为参数命名（ParamAttr(name=\"{name}\")），而本内核中之前构建的实例已经占用了这个名字：Paddle 在一个进程中每个名字只允许一个参数，所以这个模型不能构建两次。请在单独的单元格中只构建一次，再用 %%to_static --model NAME 转换它；或者在重新运行这个单元格之前重启内核（或去掉 ParamAttr 中的 name=）。",
    },
    "magics.model_no_such": {
        "en": "--model {name}: no such name in the notebook.",
        "zh": "--model {name}：笔记本中没有这个名字。",
    },
    "magics.model_candidates": {
        "en": "Layers and functions defined now: {names}.",
        "zh": "当前已定义的层和函数：{names}。",
    },
    "magics.none": {
        "en": "none",
        "zh": "无",
    },
    "magics.model_several": {
        "en": "This cell's last statement defines several models: {names}.",
        "zh": "此单元格的最后一条语句定义了多个模型：{names}。",
    },
    "magics.model_several_hint": {
        "en": "Say which one with --model, e.g. %%to_static --model {name}.",
        "zh": "请用 --model 指定其中一个，例如 %%to_static --model {name}。",
    },
    "magics.no_model": {
        "en": "No model found: the cell assigns no paddle.nn.Layer instance and defines no function.",
        "zh": "没有找到模型：此单元格既没有赋值 paddle.nn.Layer 实例，也没有定义函数。",
    },
    "magics.no_model_hint": {
        "en": "End the cell with e.g. `net = Net()`, or name one with --model NAME.",
        "zh": "请以例如 `net = Net()` 结束单元格，或用 --model NAME 指定一个。",
    },
    "magics.see_options": {
        "en": "See {magic}? for the options.",
        "zh": "选项说明见 {magic}?。",
    },
    "magics.unexpected": {
        "en": "d2s_lab failed unexpectedly: {error}",
        "zh": "d2s_lab 意外失败：{error}",
    },
    "magics.report_hint": {
        "en": "Please report this with the cell.",
        "zh": "请连同该单元格一起报告这个问题。",
    },
    "magics.bench_no_d2s": {
        "en": "Run a %%to_static cell first, or name a Layer: %d2s_bench net --input ...",
        "zh": "请先运行一个 %%to_static 单元格，或指定一个层：%d2s_bench net --input ...",
    },
    "magics.name_model": {
        "en": "Give the name of a Layer, function or Conversion.",
        "zh": "请给出层、函数或转换结果的名字。",
    },
    "magics.bench_failed": {
        "en": "The benchmark failed: {error}",
        "zh": "基准测试失败：{error}",
    },
    "magics.vars_unchanged": {
        "en": "The notebook's variables are unchanged.",
        "zh": "笔记本中的变量没有改变。",
    },
    "magics.starting": {
        "en": "starting...",
        "zh": "开始……",
    },
    "magics.diff_what": {
        "en": "Give two Conversions (%%to_static --as NAME, d2s_lab.convert), saved models "
            "(PREFIX.json / .pdmodel paths) or Graphs, e.g. %d2s_diff before after.",
        "zh": "请给出两个转换结果（%%to_static --as NAME、d2s_lab.convert）"
            "、已保存的模型（PREFIX.json / .pdmodel 路径）或 Graph，例如 %d2"
            "s_diff before after。",
    },
    "magics.diff_not_found": {
        "en": "It is neither a notebook name nor a saved model file. {what}",
        "zh": "它既不是笔记本中的名字，也不是已保存的模型文件。{what}",
    },
    "magics.diff_give_two": {
        "en": "Give the two programs to compare.",
        "zh": "请给出要比较的两个程序。",
    },
    "magics.graph_conversion_failed": {
        "en": "{name} failed to convert, so it has no Program to draw.",
        "zh": "{name} 转换失败，因此没有可画的 Program。",
    },
    "magics.graph_conversion_failed_hint": {
        "en": "Fix the conversion first: its report (the cell's output, or NAME.error) says why.",
        "zh": "请先修复转换：其报告（单元格输出，或 NAME.error）说明了原因。",
    },
    "magics.explore_no_output": {
        "en": "--explore shows the explorer and saves nothing: -o and --format are for the static drawing.",
        "zh": "--explore 只显示浏览器视图，不保存任何文件：-o 和 --format 用于静态图。",
    },
    "magics.explore_no_output_hint": {
        "en": "Run %d2s_graph NAME -o FILE (without --explore) to save the drawing.",
        "zh": "不加 --explore 运行 %d2s_graph NAME -o FILE 即可保存图。",
    },
    "magics.interrupted": {
        "en": "{magic} was interrupted while {stage}.",
        "zh": "{magic} 在{stage}时被中断。",
    },
    "magics.interrupted_hint": {
        "en": "The notebook's variables are kept; nothing of this run was stored. Run the cell again when ready.",
        "zh": "笔记本中的变量都已保留；本次运行的结果没有保存。准备好后请重新运行该单元格。",
    },
    "magics.stage.convert": {
        "en": "converting the model (Paddle's tracing or first run)",
        "zh": "转换模型（Paddle 追踪或第一次运行）",
    },
    "magics.stage.draw": {
        "en": "drawing the report",
        "zh": "绘制报告",
    },
    "magics.stage.bench": {
        "en": "preparing the benchmark",
        "zh": "准备基准测试",
    },
    "magics.stage.work": {
        "en": "working",
        "zh": "运行",
    },
    "magics.cell_interrupted": {
        "en": "The cell was interrupted{where}, before its model was converted.",
        "zh": "单元格{where}被中断，模型尚未转换。",
    },
    "magics.cell_interrupted_where": {
        "en": " at line {line} ({code})",
        "zh": "在第 {line} 行（{code}）",
    },
    "magics.cell_interrupted_hint": {
        "en": "Variables assigned before that line are kept. Run the cell again to convert.",
        "zh": "该行之前赋值的变量都已保留。请重新运行单元格以完成转换。",
    },
    "magics.diff_interrupted": {
        "en": "%d2s_diff was interrupted: nothing was stored.",
        "zh": "%d2s_diff 已被中断：未保存任何结果。",
    },
    "magics.needs_conversion": {
        "en": "--program {program} needs a Conversion; {name} is a {type}.",
        "zh": "--program {program} 需要一个转换结果；{name} 是 {type}。",
    },
    "magics.needs_conversion_hint": {
        "en": "Give a Conversion from %%to_static --as NAME or d2s_lab.convert.",
        "zh": "请给出来自 %%to_static --as NAME 或 d2s_lab.convert 的转换结果。",
    },
    "magics.graph_what": {
        "en": "Give the object to draw, e.g. %d2s_graph _d2s.",
        "zh": "请给出要绘制的对象，例如 %d2s_graph _d2s。",
    },
    "magics.graph_what_hint": {
        "en": "A Conversion, a converted function, a Layer (with --input) or a Graph.",
        "zh": "转换结果、转换后的函数、层（配合 --input）或 Graph。",
    },
    "magics.graph_name": {
        "en": "Give the name of a Conversion, converted function, Layer or Graph.",
        "zh": "请给出转换结果、转换后的函数、层或 Graph 的名字。",
    },
    "magics.graph_from_hint": {
        "en": "Give the Conversion (e.g. _d2s) it came from.",
        "zh": "请给出它所来自的转换结果（例如 _d2s）。",
    },
    "magics.no_program_graph": {
        "en": "{name} has no Program graph ({mode} mode).",
        "zh": "{name} 没有程序图（{mode} 模式）。",
    },
    "magics.no_program_graph_hint": {
        "en": "Convert with --mode ast to draw it.",
        "zh": "请用 --mode ast 转换后再绘制。",
    },
    "magics.show_path": {
        "en": "Give the path of a saved model.",
        "zh": "请给出已保存模型的路径。",
    },
    "magics.show_path_hint": {
        "en": "For example: %d2s_show build/model/net.json",
        "zh": "例如：%d2s_show build/model/net.json",
    },
    "magics.steps_usage": {
        "en": "Usage: %d2s_steps OBJ [--lang en|zh] [--static]",
        "zh": "用法：%d2s_steps OBJ [--lang en|zh] [--static]",
    },
    "magics.steps_what": {
        "en": "Give a function, paddle.nn.Layer, to_static function or Conversion defined in the "
            "notebook, e.g. %d2s_steps net.",
        "zh": "请给出笔记本中定义的函数、paddle.nn.Layer、to_static 函数或转换结果，例如 %d2s_steps net。",
    },
    "magics.cell_ran_fix": {
        "en": "The cell ran; fix the options (see %%to_static?) and run it again.",
        "zh": "单元格已运行；请修正选项（见 %%to_static?）后再运行。",
    },
    "magics.vars_kept_report": {
        "en": "The cell's variables are kept. Please report this with the cell.",
        "zh": "单元格中的变量都已保留。请连同该单元格一起报告这个问题。",
    },
    "magics.spec_hint": {
        "en": "Give an expression that builds the input description, e.g. --spec "
            "\"[InputSpec([None, 4], 'float32', 'x'), 3]\".",
        "zh": "请给出构建输入描述的表达式，例如 --spec \"[InputSpec([None, 4], 'float32', 'x'), 3]\"。",
    },
    "magics.example_hint": {
        "en": "Give an expression that builds the example tensor(s), e.g. --example \"paddle.randn([2, 3, 32, 32])\".",
        "zh": "请给出构建示例张量的表达式，例如 --example \"paddle.randn([2, 3, 32, 32])\"。",
    },
    "magics.vars_kept": {
        "en": "The cell's variables are kept{kept}.",
        "zh": "单元格中的变量都已保留{kept}。",
    },
    "magics.partial_in": {
        "en": "; the partial result is in {name}",
        "zh": "；部分结果保存在 {name} 中",
    },
    "magics.arg_unrecognized": {
        "en": "unrecognized arguments: {args}",
        "zh": "无法识别的选项：{args}",
    },
    "magics.arg_expected_one": {
        "en": "argument {arg}: expected one argument",
        "zh": "选项 {arg} 后面需要一个值",
    },
    "magics.arg_expected_at_most_one": {
        "en": "argument {arg}: expected at most one argument",
        "zh": "选项 {arg} 后面最多只能有一个值",
    },
    "magics.arg_expected_at_least_one": {
        "en": "argument {arg}: expected at least one argument",
        "zh": "选项 {arg} 后面至少需要一个值",
    },
    "magics.arg_invalid_choice": {
        "en": "argument {arg}: invalid choice: {value} (choose from {choices})",
        "zh": "选项 {arg} 的值 {value} 无效（可选：{choices}）",
    },
    "magics.arg_invalid_value": {
        "en": "argument {arg}: invalid {type} value: {value}",
        "zh": "选项 {arg} 的值无效：{value}（需要 {type} 类型）",
    },
    "magics.arg_ignored_value": {
        "en": "argument {arg}: ignored explicit argument {value}",
        "zh": "选项 {arg} 不接受值，{value} 被忽略",
    },
    "magics.arg_not_allowed_with": {
        "en": "argument {arg}: not allowed with argument {other}",
        "zh": "选项 {arg} 不能与 {other} 一起使用",
    },
    "magics.arg_required": {
        "en": "the following arguments are required: {args}",
        "zh": "缺少必需的参数：{args}",
    },
    "magics.diff_programs_bad": {
        "en": "--programs {given}: give one Conversion and two of its programs.",
        "zh": "--programs {given}：请给出一个转换结果和它的两个程序。",
    },
    "magics.diff_programs_hint": {
        "en": "e.g. %d2s_diff _d2s --programs train,inference (programs: {programs}).",
        "zh": "例如 %d2s_diff _d2s --programs train,inference（可用的程序：{programs}）。",
    },
    "magics.help_more": {
        "en": "(%d2s_lang zh, or --lang zh on the magic's line, shows this help in Chinese.)",
        "zh": "（%d2s_lang en，或在魔法命令这一行加 --lang en，可显示英文帮助。）",
    },
    "magics.unknown_lang": {
        "en": "Unknown language {name}.",
        "zh": "未知的语言 {name}。",
    },
    "magics.unknown_lang_hint": {
        "en": "Use en (English) or zh (简体中文).",
        "zh": "请用 en（English）或 zh（简体中文）。",
    },
    "magics.mode_now": {
        "en": "Conversions take the {mode} path ({why}).",
        "zh": "转换使用 {mode} 路径（{why}）。",
    },
}
