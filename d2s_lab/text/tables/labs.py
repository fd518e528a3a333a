"""The lab self-check's sentences (``labs.<check>``), op words in three forms (``labs.op.<kind>.a|plural|bare``), and the handout placeholder."""

TEXTS = {
    "labs.title": {
        "en": "Self-check",
        "zh": "自测",
    },
    "labs.all_pass": {
        "en": "All {n} checks pass. Well done!",
        "zh": "全部 {n} 项检查通过，做得好！",
    },
    "labs.one_pass": {
        "en": "The check passes. Well done!",
        "zh": "检查通过，做得好！",
    },
    "labs.pass_some_skipped": {
        "en": "Passed: {p}; not checked here: {s} (this Paddle cannot show it).",
        "zh": "{p} 项检查通过，{s} 项在此环境下无法检查（当前的 Paddle 不支持）。",
    },
    "labs.not_yet": {
        "en": "Passed {p} of {n}. Read the messages, change your code and run it again.",
        "zh": "{n} 项检查中通过 {p} 项。请阅读提示，修改代码后再运行。",
    },
    "labs.nothing": {
        "en": "No checks were run.",
        "zh": "没有运行任何检查。",
    },
    "labs.verdict_pass": {
        "en": "PASS",
        "zh": "通过",
    },
    "labs.verdict_fail": {
        "en": "NOT YET",
        "zh": "未通过",
    },
    "labs.verdict_partial": {
        "en": "NOT FULLY CHECKED",
        "zh": "部分未检查",
    },
    "labs.missing": {
        "en": "`{name}` does not exist yet: run the exercise cell (and the cells above it) first.",
        "zh": "`{name}` 还不存在：请先运行练习单元格（以及它上面的单元格）。",
    },
    "labs.ran_empty": {
        "en": "The cell that stores `{name}` ran but made nothing: the exercise is still blank, or"
              " the cell stopped with a message. Write your code, run the cell again, then this check.",
        "zh": "保存 `{name}` 的单元格已经运行，但没有得到结果：练习还是空白的，或者单元格给出了提示后停止了。"
              "请写好代码，重新运行该单元格，再运行本自测。",
    },
    "labs.blank": {
        "en": "The exercise above is still blank, so `{name}` does not exist: write your code where"
              " it says “# Your code here”, run that cell, then this check.",
        "zh": "上面的练习还是空白的，所以 `{name}` 还不存在：请在“# 在这里写你的代码”处写代码，运行那个单元格，再运行本自测。",
    },
    "labs.not_ready_blank": {
        "en": "This cell uses {names}, but the exercise above that makes it is still blank: write your code "
              "there, run it, then run this cell again.",
        "zh": "这个单元格要用到 {names}，但上面生成它的练习还是空白的：请在那里写好代码并运行，再重新运行这个单元格。",
    },
    "labs.not_ready": {
        "en": "This cell uses {names} from an exercise above: do that exercise first, then run this cell again.",
        "zh": "这个单元格要用到上面练习中的 {names}：请先完成那个练习，再重新运行这个单元格。",
    },
    "labs.first_run_failed": {
        "en": "`{name}` converted, but its first static run failed ({error}). Read the error box"
              " under the exercise cell: it points at the line to change.",
        "zh": "`{name}` 转换成功了，但第一次静态运行失败（{error}）。请阅读练习单元格下方的错误框：它指出了需要修改的行。",
    },
    "labs.blocked": {
        "en": "Not checked yet: fix the problem above first.",
        "zh": "尚未检查：请先解决上面的问题。",
    },
    "labs.old_paddle": {
        "en": "Not checked on Paddle {version}: this part needs Paddle {major} or newer.",
        "zh": "Paddle {version} 上不检查：这一部分需要 Paddle {major} 或更高版本。",
    },
    "labs.internal": {
        "en": "This check could not run ({what}). Run the exercise cell again; if this stays, ask your teacher.",
        "zh": "这项检查无法运行（{what}）。请重新运行练习单元格；如果仍然如此，请询问老师。",
    },
    "labs.wrong_kind": {
        "en": "This check needs {need}, but `{name}` is of type `{got}`.",
        "zh": "这项检查需要{need}，但 `{name}` 的类型是 `{got}`。",
    },
    "labs.unknown_check": {
        "en": "There is no check called `{check}` (look at its spelling).",
        "zh": "没有名为 `{check}` 的检查（请检查拼写）。",
    },
    "labs.need_conversion": {
        "en": "a conversion (from %%to_static or d2s_lab.convert)",
        "zh": "一个转换结果（来自 %%to_static 或 d2s_lab.convert）",
    },
    "labs.need_saved": {
        "en": "a saved model (lab.expect_saved)",
        "zh": "一个已保存的模型（lab.expect_saved）",
    },
    "labs.need_bench": {
        "en": "a benchmark result (from %d2s_bench)",
        "zh": "一个基准测试结果（来自 %d2s_bench）",
    },
    "labs.need_values": {
        "en": "a Tensor or an array",
        "zh": "一个 Tensor 或数组",
    },
    "labs.converted": {
        "en": "`{name}` converted and ran as a static Program.",
        "zh": "`{name}` 已成功转换，并作为静态程序运行。",
    },
    "labs.translated": {
        "en": "`{name}` was translated by SOT and ran.",
        "zh": "`{name}` 已由 SOT 翻译并成功运行。",
    },
    "labs.not_converted": {
        "en": "The conversion of `{name}` failed ({error}). Read the error box under the exercise "
            "cell: it points at the line to change.",
        "zh": "`{name}` 的转换失败（{error}）。请阅读练习单元格下方的错误框：它指出了需要修改的行。",
    },
    "labs.no_program": {
        "en": "There is no Program to look at: the conversion did not finish.",
        "zh": "没有可查看的程序：转换没有完成。",
    },
    "labs.sot_no_program": {
        "en": "This conversion ran in SOT mode, which builds no single Program to look at.",
        "zh": "这次转换使用 SOT 模式，没有生成可以查看的单个程序。",
    },
    "labs.has_op": {
        "en": "The Program has {what}.",
        "zh": "程序中有{what}。",
    },
    "labs.has_op_count": {
        "en": "The Program has {count} {what}.",
        "zh": "程序中有 {count} 个{what}。",
    },
    "labs.no_such_op": {
        "en": "The Program has no {what} yet.",
        "zh": "程序中还没有{what}。",
    },
    "labs.op_count_wrong": {
        "en": "The Program has {got} {what}; the exercise asks for {want}.",
        "zh": "程序中有 {got} 个{what}；练习要求 {want} 个。",
    },
    "labs.op_too_few": {
        "en": "The Program has {got} {what}; the exercise asks for at least {want}.",
        "zh": "程序中有 {got} 个{what}；练习要求至少 {want} 个。",
    },
    "labs.no_op": {
        "en": "The Program has no {what}.",
        "zh": "程序中没有{what}。",
    },
    "labs.still_op": {
        "en": "The Program still has {got} {what}.",
        "zh": "程序中仍有 {got} 个{what}。",
    },
    "labs.io_ok": {
        "en": "{which} {label}: {shape} {dtype}.",
        "zh": "{which} {label}：{shape} {dtype}。",
    },
    "labs.input": {
        "en": "Input",
        "zh": "输入",
    },
    "labs.output": {
        "en": "Output",
        "zh": "输出",
    },
    "labs.io_missing": {
        "en": "There is no {which_l} at index {index}: the conversion has {count} tensor {which_l}s "
              "(indexes 0 to {last}).",
        "zh": "没有索引为 {index} 的{which_l}：这次转换只有 {count} 个张量{which_l}（索引 0 到 {last}）。",
    },
    "labs.io_index": {
        "en": "{n} (index {index})",
        "zh": "{n}（索引 {index}）",
    },
    "labs.io_shape": {
        "en": "{which} {label} has shape {got}; the exercise asks for {want} (N: any size).",
        "zh": "{which} {label} 的形状是 {got}；练习要求 {want}（N 表示任意大小）。",
    },
    "labs.io_dtype": {
        "en": "{which} {label} has dtype {got}; the exercise asks for {want}.",
        "zh": "{which} {label} 的数据类型是 {got}；练习要求 {want}。",
    },
    "labs.io_name": {
        "en": "{which} {label} is named `{got}`; the exercise asks for another name.",
        "zh": "{which} {label} 的名字是 `{got}`；练习要求另一个名字。",
    },
    "labs.num_inputs": {
        "en": "The conversion has {n} tensor input{s}.",
        "zh": "这次转换有 {n} 个张量输入。",
    },
    "labs.num_inputs_wrong": {
        "en": "The conversion has {got} tensor inputs; the exercise asks for {want} (a Python "
            "value is a constant, not a tensor input).",
        "zh": "这次转换有 {got} 个张量输入；练习要求 {want} 个（Python 值是常量，不是张量输入）。",
    },
    "labs.constant": {
        "en": "`{name}` = {value} is a Python constant: the Program is specialised to it.",
        "zh": "`{name}` = {value} 是 Python 常量：程序针对它进行了特化。",
    },
    "labs.not_constant": {
        "en": "`{name}` is not a Python constant of this conversion (it is a tensor input, or not given).",
        "zh": "`{name}` 不是这次转换的 Python 常量（它是张量输入，或者没有给出）。",
    },
    "labs.constant_value": {
        "en": "`{name}` = {got}; the exercise asks for another value.",
        "zh": "`{name}` = {got}；练习要求另一个值。",
    },
    "labs.no_rewrites": {
        "en": "Paddle rewrote no Python value behind your back.",
        "zh": "Paddle 没有悄悄改写任何 Python 值。",
    },
    "labs.rewrites": {
        "en": "Paddle still silently rewrites {n} place(s): {where}. A Tensor is turned into a "
            "Python value there; see the report's \"Python values\" section.",
        "zh": "Paddle 仍在 {n} 处悄悄改写：{where}。那里把 Tensor 变成了 Pytho"
            "n 值；请看报告中的“Python 值”部分。",
    },
    "labs.no_check": {
        "en": "No numeric check yet: run the exercise cell with --check.",
        "zh": "还没有数值检查：请用 --check 运行练习单元格。",
    },
    "labs.check_error": {
        "en": "The numeric check could not run both versions ({error}).",
        "zh": "数值检查无法运行两个版本（{error}）。",
    },
    "labs.check_ok": {
        "en": "Dygraph and static outputs agree (max abs diff {diff}).",
        "zh": "动态图与静态图的输出一致（最大绝对误差 {diff}）。",
    },
    "labs.check_differ": {
        "en": "Dygraph and static outputs still differ (max abs diff {diff}).",
        "zh": "动态图与静态图的输出仍然不同（最大绝对误差 {diff}）。",
    },
    "labs.answer_empty": {
        "en": "Write your answer in the exercise cell first.",
        "zh": "请先在练习单元格中写下你的答案。",
    },
    "labs.no_divergent": {
        "en": "The check found no layer whose outputs differ, so there is nothing to name.",
        "zh": "检查没有发现输出不同的层，所以没有可以回答的层。",
    },
    "labs.divergent_ok": {
        "en": "Right: `{answer}` is the first layer whose outputs differ.",
        "zh": "正确：`{answer}` 是第一个输出不同的层。",
    },
    "labs.divergent_class": {
        "en": "`{answer}` is a class; the exercise asks for the layer's path (the attribute names from the model "
              "down to the layer, as the check's table of layers shows them).",
        "zh": "`{answer}` 是一个类名；练习要的是层的路径（从模型到该层的属性名，即检查结果的层表中显示的名字）。",
    },
    "labs.divergent_wrong": {
        "en": "`{answer}` is not the first layer whose outputs differ. Read the check's verdict "
            "and the highlighted part of the graph.",
        "zh": "`{answer}` 不是第一个输出不同的层。请阅读检查结论和图中高亮的部分。",
    },
    "labs.no_sot": {
        "en": "No SOT report: run the exercise cell with --mode sot.",
        "zh": "没有 SOT 报告：请用 --mode sot 运行练习单元格。",
    },
    "labs.cpu_no_low_precision": {
        "en": "{name} converted, but this CPU cannot run its 16-bit program (oneDNN aborted the first run, which d2s_lab ran in a child process): not checked here.",
        "zh": "{name} 已转换，但这台 CPU 无法运行它的 16 位程序（oneDNN 中止了第一次运行，d2s_lab 是在子进程中运行的）：这里不作检查。",
    },
    "labs.sot_unavailable": {
        "en": "Not checked: {message}",
        "zh": "未检查：{message}",
    },
    "labs.sot_error": {
        "en": "SOT could not run the function ({error}).",
        "zh": "SOT 无法运行该函数（{error}）。",
    },
    "labs.no_frames": {
        "en": "SOT translated no frame of this function: run the exercise cell again.",
        "zh": "SOT 没有翻译这个函数的任何帧：请重新运行练习单元格。",
    },
    "labs.guard_unknown": {
        "en": "`{answer}` is not one of the {n} guards the report lists. Open \"Inside SOT\" in the report and copy one.",
        "zh": "`{answer}` 不在报告列出的 {n} 个守卫条件中。请在报告中展开“SOT 内部”，从中复制一条。",
    },
    "labs.guard_not_about": {
        "en": "`{answer}` is a guard, but not the one about `{name}`: a call with another {name} would still meet it.",
        "zh": "`{answer}` 是一个守卫条件，但不是关于 `{name}` 的那条：换一个 {name} 调用时它仍然成立。",
    },
    "labs.guard_ok": {
        "en": "Right: `{answer}` is the guard such a call fails.",
        "zh": "正确：这样的调用不满足的正是 `{answer}`。",
    },
    "labs.calls_unwatched": {
        "en": "Not checked: this conversion's later calls are not recorded here.",
        "zh": "未检查：这里没有记录这个转换之后的调用。",
    },
    "labs.not_recompiled": {
        "en": "No later call made a new cache entry because of `{name}`: call the converted function again with another {name}.",
        "zh": "之后的调用没有因为 `{name}` 新建缓存项：请换一个 {name} 再调用转换后的函数。",
    },
    "labs.recompiled_ok": {
        "en": "Right: {n} call(s) translated again because of `{name}` ({reason}).",
        "zh": "正确：有 {n} 次调用因为 `{name}` 重新翻译（{reason}）。",
    },
    "labs.too_few_calls": {
        "en": "Call the converted function at least {n} times after converting it (so far: {got}).",
        "zh": "转换之后请至少调用转换后的函数 {n} 次（目前：{got} 次）。",
    },
    "labs.not_reused": {
        "en": "{n} call(s) still built again: {reason}. Pass the value that changes as a tensor.",
        "zh": "仍有 {n} 次调用重新构建：{reason}。请把会变化的值以 Tensor 传入。",
    },
    "labs.reused_ok": {
        "en": "Every one of the {n} calls reused what SOT had built: no new cache entry.",
        "zh": "{n} 次调用都复用了 SOT 已构建的内容：没有新缓存项。",
    },
    "labs.none_dynamic": {
        "en": "No later call made a dimension dynamic yet: call it with another batch size first.",
        "zh": "之后的调用还没有让任何维度变成动态：请先用另一个批大小调用它。",
    },
    "labs.dynamic_wrong": {
        "en": "`{answer}` is not the dimension the calls made dynamic. Read the \"why\" column of %d2s_calls.",
        "zh": "`{answer}` 不是这些调用变成动态的维度。请阅读 %d2s_calls 的“原因”一列。",
    },
    "labs.dynamic_ok": {
        "en": "Right: `{answer}` is dynamic in the new entry, so later batch sizes reuse it.",
        "zh": "正确：新缓存项中 `{answer}` 是动态的，之后的其他批大小都会复用它。",
    },
    "labs.no_breaks": {
        "en": "SOT traced the whole function without a graph break.",
        "zh": "SOT 完整地捕获了整个函数，没有图中断。",
    },
    "labs.breaks": {
        "en": "SOT still breaks the graph {n} time(s): {where}.",
        "zh": "SOT 仍然有 {n} 处图中断：{where}。",
    },
    "labs.step_ok": {
        "en": "Right: the {answer} step is the first to write `{text}`.",
        "zh": "正确：{answer} 这一步第一次写出了 `{text}`。",
    },
    "labs.step_unknown": {
        "en": "`{answer}` is not the name of a conversion step (the steps are: {names}).",
        "zh": "`{answer}` 不是转换步骤的名字（步骤有：{names}）。",
    },
    "labs.step_wrong": {
        "en": "`{text}` does not first appear at the {answer} step. Step through the conversion again and watch for it.",
        "zh": "`{text}` 不是在 {answer} 这一步第一次出现的。请再逐步查看一遍转换过程。",
    },
    "labs.step_none": {
        "en": "No step writes `{text}`: the function has no such construct yet.",
        "zh": "没有任何步骤写出 `{text}`：函数中还没有这样的结构。",
    },
    "labs.saved_ok": {
        "en": "Saved model found: {files}.",
        "zh": "找到已保存的模型：{files}。",
    },
    "labs.saved_missing": {
        "en": "No saved model at `{path}` yet ({problem}).",
        "zh": "`{path}` 处还没有已保存的模型（{problem}）。",
    },
    "labs.method_ok": {
        "en": "The saved model has the method `{method}` beside forward.",
        "zh": "已保存的模型在 forward 之外还有方法 `{method}`。",
    },
    "labs.method_missing": {
        "en": "The saved model has no method `{method}` beside forward.",
        "zh": "已保存的模型在 forward 之外没有方法 `{method}`。",
    },
    "labs.batches_ok": {
        "en": "The benchmark ran batch sizes {got}.",
        "zh": "基准测试运行了批大小 {got}。",
    },
    "labs.batches_wrong": {
        "en": "The benchmark ran batch sizes {got}; the exercise asks for {want}.",
        "zh": "基准测试运行的批大小是 {got}；练习要求 {want}。",
    },
    "labs.runtime_ok": {
        "en": "{label} was timed.",
        "zh": "已测量 {label}。",
    },
    "labs.runtime_skipped": {
        "en": "{label} was skipped: {why}",
        "zh": "{label} 被跳过：{why}",
    },
    "labs.runtime_missing": {
        "en": "{label} is not in the benchmark.",
        "zh": "基准测试中没有 {label}。",
    },
    "labs.match_ok": {
        "en": "Every runtime gave the same outputs as eager.",
        "zh": "每个运行时的输出都与动态图一致。",
    },
    "labs.match_bad": {
        "en": "These gave other outputs than eager: {which}.",
        "zh": "以下运行时的输出与动态图不同：{which}。",
    },
    "labs.fastest_ok": {
        "en": "Right: {answer} was the fastest at batch {batch} on this machine.",
        "zh": "正确：在这台机器上，批大小 {batch} 时 {answer} 最快。",
    },
    "labs.fastest_wrong": {
        "en": "{answer} was not the fastest at batch {batch}. Read the table again.",
        "zh": "批大小 {batch} 时 {answer} 并不是最快的。请再看一遍表格。",
    },
    "labs.fastest_unknown": {
        "en": "`{answer}` is not a runtime of this benchmark ({names}).",
        "zh": "`{answer}` 不是本次基准测试中的运行时（{names}）。",
    },
    "labs.no_batch": {
        "en": "The benchmark has no timings at batch {batch}.",
        "zh": "基准测试中没有批大小 {batch} 的计时。",
    },
    "labs.close_ok": {
        "en": "The values match (max abs diff {diff}).",
        "zh": "数值一致（最大绝对误差 {diff}）。",
    },
    "labs.close_shape": {
        "en": "The shapes differ: {a} and {b}.",
        "zh": "形状不同：{a} 和 {b}。",
    },
    "labs.close_far": {
        "en": "The values differ: max abs diff {diff} is above {atol}.",
        "zh": "数值不同：最大绝对误差 {diff} 大于 {atol}。",
    },
    "labs.op.while.a": {
        "en": "a while loop (`while` op)",
        "zh": "while 循环（`while` 算子）",
    },
    "labs.op.while.plural": {
        "en": "while loops",
        "zh": "while 循环",
    },
    "labs.op.while.bare": {
        "en": "while loop (`while` op)",
        "zh": "while 循环（`while` 算子）",
    },
    "labs.op.if.a": {
        "en": "a tensor `if` (`if` / `conditional_block` op)",
        "zh": "张量 if 分支（`if` / `conditional_block` 算子）",
    },
    "labs.op.if.plural": {
        "en": "tensor ifs",
        "zh": "张量 if 分支",
    },
    "labs.op.if.bare": {
        "en": "tensor `if` (`if` / `conditional_block` op)",
        "zh": "张量 if 分支（`if` / `conditional_block` 算子）",
    },
    "labs.op.cast.a": {
        "en": "`cast` ops",
        "zh": "`cast`（类型转换）算子",
    },
    "labs.op.cast.plural": {
        "en": "`cast` ops",
        "zh": "`cast`（类型转换）算子",
    },
    "labs.op.cast.bare": {
        "en": "`cast` op",
        "zh": "`cast`（类型转换）算子",
    },
    "labs.op.other.a": {
        "en": "`{base}` ops",
        "zh": "`{base}` 算子",
    },
    "labs.op.other.plural": {
        "en": "`{base}` ops",
        "zh": "`{base}` 算子",
    },
    "labs.op.other.bare": {
        "en": "`{base}` op",
        "zh": "`{base}` 算子",
    },
    "labs.at_line": {
        "en": "line {line}",
        "zh": "第 {line} 行",
    },
    "labs.placeholder": {
        "en": "# Your code here",
        "zh": "# 在这里写你的代码",
    },
    "labs.need_profile": {
        "en": "a profile (from %d2s_profile or d2s_lab.profile)",
        "zh": "一个性能分析结果（来自 %d2s_profile 或 d2s_lab.profile）",
    },
    "labs.profile_no_breaks": {
        "en": "No graph break of `{name}` cost any time per call: profile a function that breaks the graph.",
        "zh": "`{name}` 中没有哪个图中断在每次调用中花费了时间：请分析一个有图中断的函数。",
    },
    "labs.break_unknown": {
        "en": "`{answer}` is not a graph break of this profile (its breaks are at lines {lines}).",
        "zh": "`{answer}` 不是本次分析中的图中断（它的图中断在第 {lines} 行）。",
    },
    "labs.break_not_costliest": {
        "en": "The break `{answer}` costs {ms} ms per call; another one costs more. Read the breaks table again.",
        "zh": "图中断 `{answer}` 每次调用花费 {ms} ms；另一个花费更多。请再看一遍图中断表格。",
    },
    "labs.break_ok": {
        "en": "Right: the break at line {line} costs the most, {ms} ms of {whole} ms per call.",
        "zh": "正确：第 {line} 行的图中断花费最多，每次调用 {whole} ms 中占 {ms} ms。",
    },
    "labs.break_still_there": {
        "en": "The costliest graph break of `{name}` is still there: rewrite that line with paddle operations.",
        "zh": "`{name}` 中花费最多的图中断仍然存在：请用 paddle 运算改写那一行。",
    },
    "labs.breaks_not_fewer": {
        "en": "{n} graph break(s) left, as many as `{name}` had ({was}): the break must go, not move.",
        "zh": "还剩 {n} 处图中断，和 `{name}` 一样多（{was}）：图中断要消除，而不是挪到别处。",
    },
    "labs.break_removed": {
        "en": "The costliest graph break of `{name}` is gone: {n} break(s) left of {was}.",
        "zh": "`{name}` 中花费最多的图中断已经消除：{was} 处图中断还剩 {n} 处。",
    },
    "labs.paths_not_timed": {
        "en": "`{name}` did not time the paths side by side: profile with --whatif.",
        "zh": "`{name}` 没有并列计时各条路径：请加上 --whatif 进行分析。",
    },
    "labs.path_unknown": {
        "en": "`{answer}` is not a path this profile timed ({names}).",
        "zh": "`{answer}` 不是本次分析计时的路径（{names}）。",
    },
    "labs.path_not_fastest": {
        "en": "`{answer}` was not the fastest path in this profile. Read its table of paths again.",
        "zh": "在本次分析中 `{answer}` 并不是最快的路径。请再看一遍路径表格。",
    },
    "labs.path_ok": {
        "en": "Right: {answer} was the fastest here, {ms} ms per call.",
        "zh": "正确：在这里 {answer} 最快，每次调用 {ms} ms。",
    },
    "labs.need_train": {
        "en": "`{name}` is not a training step's profile: profile with --train.",
        "zh": "`{name}` 不是训练步的性能分析：请加上 --train 进行分析。",
    },
    "labs.phase_unknown": {
        "en": "`{answer}` is not a phase of a training step ({names}).",
        "zh": "`{answer}` 不是训练步的阶段（{names}）。",
    },
    "labs.phase_wrong": {
        "en": "The {answer} ops do not take the most of this step. Read the table by phase again.",
        "zh": "在这个训练步中，{answer} 阶段的算子并不是耗时最多的。请再看一遍按阶段的表格。",
    },
    "labs.phase_ok": {
        "en": "Right: the {phase} ops take the most of this step, {pct} of it.",
        "zh": "正确：在这个训练步中 {phase} 阶段的算子耗时最多，占 {pct}。",
    },
}
