"""Plain-language explanations of Paddle's AST transformers, in English and Simplified Chinese.

Keys are short transformer names (``IfElse`` for ``IfElseTransformer``).  A
transformer this table does not know (a newer Paddle) gets a generic text.
"""
from __future__ import annotations

from typing import Dict, Optional

from d2s_lab.text.lang import get_lang

EXPLANATIONS: Dict[str, Dict[str, str]] = {
    "Original": {
        "en": "Your function as Paddle parses it, before any transformer runs. Comments and "
              "formatting are normalised, so later diffs show only what the transformers change.",
        "zh": "Paddle 解析后的原始函数，尚未经过任何转换器。注释和排版已统一，"
              "因此后面的差异只显示转换器真正改动的地方。",
    },
    "TypeHint": {
        "en": "Removes type annotations (x: Tensor -> x). Static conversion does not need them, and "
              "later transformers create variables whose annotations would no longer be valid.",
        "zh": "删除类型注解（x: Tensor -> x）。静态图转换用不到它们，而且后续转换器生成的变量会让注解失效。",
    },
    "Super": {
        "en": "Rewrites super() as super(__class__, self). The converted function is re-created outside "
              "its class, where the zero-argument super() would no longer know the class.",
        "zh": "把 super() 改写为 super(__class__, self)。转换后的函数在类外重新生成，"
              "无参数的 super() 在那里找不到所属的类。",
    },
    "RegisterHook": {
        "en": "Moves tensor.register_hook(...) calls right after the line that defines the tensor, "
              "because in a static graph a gradient hook must be attached when the variable is created.",
        "zh": "把 tensor.register_hook(...) 调用移到定义该张量的语句之后：静态图中梯度钩子必须在变量创建时挂上。",
    },
    "EarlyReturn": {
        "en": "When an if-branch returns early, moves the code that follows into an else branch, so "
              "every path is an explicit branch that later becomes a cond with two sub-blocks.",
        "zh": "当 if 分支提前 return 时，把其后的代码移入 else 分支，使每条执行路径都成为显式分支，"
              "之后才能变成带两个子块的 cond。",
    },
    "AttributeJst": {
        "en": "Turns tensor attributes that are methods in static mode (x.size) into calls (x.size()). "
              "Only the legacy IR needs it.",
        "zh": "把静态图下为方法的张量属性（x.size）改成调用（x.size()）。仅旧版 IR 需要。",
    },
    "TensorShape": {
        "en": "Rewrites x.shape as _jst.Shape(x): known dims stay plain numbers, and dims unknown until "
              "run time (None / -1) are read from the tensor (paddle.shape(x)[i]) instead of baking "
              "-1 into the program.",
        "zh": "把 x.shape 改写为 _jst.Shape(x)：已知的维度仍是普通数字，运行时才知道的维度（None / -1）"
              "从张量中读取（paddle.shape(x)[i]），而不是把 -1 写死在程序里。",
    },
    "BreakContinue": {
        "en": "Replaces break and continue with boolean flags (__break_0, __continue_0): the loop "
              "condition checks the flag and the statements after it are guarded by an if, because a "
              "static while op has no jump instructions.",
        "zh": "用布尔标志（__break_0、__continue_0）代替 break 和 continue：循环条件检查标志，"
              "其后的语句用 if 保护，因为静态图的 while 算子没有跳转指令。",
    },
    "Return": {
        "en": "Gives the function a single return at its end: each return sets __return_N and "
              "__return_value_N, and the code after it is guarded, so branches that return can become "
              "cond/while sub-blocks.",
        "zh": "让函数只在末尾返回一次：每个 return 改为设置 __return_N 和 __return_value_N，"
              "其后的代码被条件保护，这样含 return 的分支才能变成 cond/while 子块。",
    },
    "Logical": {
        "en": "Rewrites and / or / not as _jst.And / _jst.Or / _jst.Not with lambdas. On Python values "
              "they short-circuit as usual; on tensors they become logical_and/or/not ops.",
        "zh": "把 and / or / not 改写为带 lambda 的 _jst.And / _jst.Or / _jst.Not。对 Python 值照常短路求值，"
              "对张量则生成 logical_and/or/not 算子。",
    },
    "CreateVariable": {
        "en": "Declares variables that are first assigned inside an if or a loop "
              "(x = _jst.UndefinedVar('x')), so both branches and the loop body can share them.",
        "zh": "为首次在 if 或循环内赋值的变量预先声明（x = _jst.UndefinedVar('x')），"
              "使两个分支和循环体都能使用它们。",
    },
    "Loop": {
        "en": "Turns for and while loops into _jst.While(condition_fn, body_fn, get_args, set_args). "
              "If the condition is a tensor at run time this builds a while op with a body sub-block; "
              "with a Python condition the loop simply runs (is unrolled) while tracing.",
        "zh": "把 for 和 while 循环改成 _jst.While(条件函数, 循环体函数, get_args, set_args)。"
              "若运行时条件是张量，就生成带循环体子块的 while 算子；若是 Python 值，循环在追踪时直接展开。",
    },
    "IfElse": {
        "en": "Turns an if statement into _jst.IfElse(pred, true_fn, false_fn, ...). When pred is a tensor "
              "this becomes a cond op (pd_op.if) with true and false sub-blocks; when it is a Python bool "
              "only the taken branch is traced.",
        "zh": "把 if 语句改成 _jst.IfElse(条件, true_fn, false_fn, ...)。条件是张量时生成带 true/false "
              "两个子块的 cond 算子（pd_op.if）；是 Python 布尔值时只追踪实际执行的分支。",
    },
    "Assert": {
        "en": "Rewrites assert as _jst.Assert(cond, msg): on a tensor condition it adds an assert op that "
              "checks the value when the program runs, not while it is being built.",
        "zh": "把 assert 改写为 _jst.Assert(条件, 信息)：条件是张量时添加 assert 算子，在程序运行时检查，而不是构建时。",
    },
    "Call": {
        "en": "Wraps calls as _jst.Call(f)(args), so that functions and sub-layers you call are converted "
              "too (recursively) when they are reached; Paddle's own APIs and builtins are left alone.",
        "zh": "把函数调用包装为 _jst.Call(f)(参数)，使被调用的函数和子层在执行到时也被递归转换；"
              "Paddle 自身的 API 和内置函数保持不变。",
    },
    "Cast": {
        "en": "Rewrites bool(x), int(x), float(x) as _jst.AsDtype(x, ...): on a tensor this is a cast op, "
              "because Python cannot read a static tensor's value while building the program.",
        "zh": "把 bool(x)、int(x)、float(x) 改写为 _jst.AsDtype(x, ...)：对张量生成 cast 算子，"
              "因为构建程序时 Python 读不到静态张量的值。",
    },
    "Decorator": {
        "en": "Turns the function's other decorators into explicit calls around the converted function, "
              "so they still apply; the to_static decorator itself is dropped.",
        "zh": "把函数上的其他装饰器改写为对转换后函数的显式调用，使它们仍然生效；to_static 装饰器本身被去掉。",
    },
    "NameloadJst": {
        "en": "Wraps every name that is read in _jst.Ld(name), so that at run time Paddle can substitute "
              "static variables for eager tensors (e.g. a global tensor).",
        "zh": "把每个被读取的名字包装成 _jst.Ld(name)，使 Paddle 在运行时能用静态变量替换动态图张量"
              "（例如全局张量）。",
    },
    "BasicApi": {
        "en": "Paddle 2.x only: rewrites paddle.to_tensor(...) inside the function as paddle.assign(...), "
              "which builds a tensor in a static program.",
        "zh": "仅 Paddle 2.x：把函数内的 paddle.to_tensor(...) 改写为 paddle.assign(...)，后者能在静态程序中创建张量。",
    },
    "BreakTransformOptimizer": {
        "en": "Optional optimisation (FLAGS_optim_transformation=1): folds a simple break condition into "
              "the loop condition instead of using a flag.",
        "zh": "可选优化（FLAGS_optim_transformation=1）：把简单的 break 条件并入循环条件，而不使用标志变量。",
    },
}

GENERIC = {
    "en": "A transformer this version of d2s_lab has no description for; the diff shows what it changed.",
    "zh": "d2s_lab 暂无该转换器的说明；差异部分显示了它的改动。",
}

# Interface words of the step views.
UI: Dict[str, Dict[str, str]] = {
    "en": {
        "steps": "Conversion steps", "step": "Step", "of": "of", "prev": "◀ Prev", "next": "Next ▶",
        "unchanged": "no change", "changed": "changed", "skip": "skip steps that change nothing",
        "before": "before", "after": "after", "original": "Original", "transformer": "transformer",
        "no_change_body": "This transformer found nothing to rewrite in this function.",
        "static_title": "All steps (static view: reads without a kernel)",
        "twin_note": "This notebook is not trusted, so the interactive drawing is off: the picture "
                     "above is the graph. Run the cell, or File > Trust Notebook, for the interactive view.",
        "no_twin_note": "This notebook is not trusted, so the drawing is not shown: run the cell, or "
                        "File > Trust Notebook. (%d2s_graph and %%to_static also leave a picture that "
                        "shows without trust.)",
        "rewrites_label": "Rewrites:",
        "predictor_runs": "What the predictor runs: its IR passes rewrite the saved program",
        "predictor_runs_how": "shows it op by op",
        "col_predictor": "predictor", "col_ops_saved_run": "ops saved → run", "col_rewrites": "rewrites",
        "steps_word": "steps",
        "intro": "The code after each AST transformer of paddle.jit.to_static, in Paddle's order; "
                 "each step shows the changes against the previous one.",
        "live_note": "Interactive stepper: needs a running kernel with ipywidgets; "
                     "the static view below shows every step.",
        "lines_changed": "lines changed",
        "source_original": "Original (dygraph)", "source_transformed": "Transformed by to_static",
        "converted_too": "Also converted (called from it)",
        "by_line": "Ops by source line", "line": "line", "ops": "ops",
        "no_line": "no source line (inputs, constants, control-flow plumbing)",
        "by_line_hint": "Hover over or click a source line (here or in the original source) to "
                        "highlight its ops in the diagram.",
        # error box
        "err_run": "{who}{mode}: the converted function failed on its first static run",
        "err_convert": "paddle.jit.to_static could not convert {who}{mode}",
        "err_other": "{who}{mode} failed", "the_function": "the function",
        "at": "at", "in_fn": "in", "line_of": "{file} line {line}",
        "matching_transformed": "Matching line of the transformed code",
        "generated_code": "code generated by to_static",
        "hint": "Hint", "full_tb": "Full traceback (Paddle's original text)",
        # report
        "ops_word": "ops", "params_word": "params", "in_word": "in", "out_word": "out",
        "paddle": "Paddle", "ops_title": "Ops",
        "op_h": "op", "inputs_h": "inputs", "outputs_h": "outputs", "params_h": "params",
        "layer_h": "layer", "line_h": "line",
        # rewrites
        "rewrites": "Paddle rewrote Python values",
        "rewrites_intro": "These lines turn a Tensor into a Python value. Paddle converted them "
                          "without an error but changed what they mean:",
        "rw_line": "line", "rw_code": "your code", "rw_made": "what Paddle made", "rw_why": "why it matters",
        # check
        "check_title": "Numeric check: dygraph vs static",
        "check_failed": "The numeric check could not run both versions:",
        "agree": "Dygraph and static agree", "differ": "Dygraph and static differ",
        "agree_tail": "on {n} output(s) (inputs {ins}; eval mode unless asked otherwise; same seed).",
        "first_div": "First divergent layer:", "localized": "found by comparing every sublayer's outputs",
        "sublayers_compared": "Sublayer outputs compared",
        "output_h": "output", "shape_h": "shape (dygraph vs static)", "dtype_h": "dtype",
        "maxabs_h": "max abs diff", "maxrel_h": "max rel diff", "note_h": "note",
        "layer_order_h": "layer (in the order they finish)", "class_h": "class", "agrees_h": "agrees",
        "random_line": "Randomness forced at",
        # SOT
        "sot_title": "SOT graph breaks", "sot_failed": "The SOT run failed:",
        "subgraphs": "Subgraphs", "subgraphs_tail": "(what SOT compiled, in order):",
        "what_h": "what", "reason_h": "reason", "message_h": "message", "where_h": "where",
    },
    "zh": {
        "steps": "转换步骤", "step": "步骤", "of": "/", "prev": "◀ 上一步", "next": "下一步 ▶",
        "unchanged": "无改动", "changed": "有改动", "skip": "跳过无改动的步骤",
        "before": "之前", "after": "之后", "original": "原始代码", "transformer": "转换器",
        "no_change_body": "该转换器在此函数中没有需要改写的内容。",
        "static_title": "全部步骤（静态视图：无需内核即可阅读）",
        "twin_note": "此笔记本未被信任，交互式图已关闭：上方的图片就是计算图。重新运行该单元格，"
                     "或选择 File > Trust Notebook，即可看到交互式视图。",
        "no_twin_note": "此笔记本未被信任，图未显示：请重新运行该单元格，或选择 File > Trust Notebook。"
                        "（%d2s_graph 和 %%to_static 还会留下一张无需信任即可显示的图片。）",
        "rewrites_label": "改写：",
        "predictor_runs": "预测器实际运行的程序：它的 IR pass 改写了保存的程序",
        "predictor_runs_how": "逐个算子显示",
        "col_predictor": "预测器", "col_ops_saved_run": "算子数 保存 → 运行", "col_rewrites": "改写",
        "steps_word": "个步骤",
        "intro": "paddle.jit.to_static 的每个 AST 转换器执行后的代码，按 Paddle 的顺序排列；"
                 "每一步都显示与上一步相比的改动。",
        "live_note": "交互式步进器：需要运行中的内核和 ipywidgets；下方静态视图包含全部步骤。",
        "lines_changed": "行有改动",
        "source_original": "原始代码（动态图）", "source_transformed": "to_static 转换后",
        "converted_too": "同时被转换的函数（由它调用）",
        "by_line": "按源代码行分组的算子", "line": "行", "ops": "算子",
        "no_line": "无对应源代码行（输入、常量、控制流辅助算子）",
        "by_line_hint": "将鼠标悬停或点击源代码行（此处或原始代码中），即可在计算图中高亮它生成的算子。",
        "err_run": "{who}{mode}：转换后的函数在第一次静态运行时失败",
        "err_convert": "paddle.jit.to_static 无法转换 {who}{mode}",
        "err_other": "{who}{mode} 失败", "the_function": "该函数",
        "at": "位置", "in_fn": "函数", "line_of": "{file} 第 {line} 行",
        "matching_transformed": "转换后代码中对应的行",
        "generated_code": "to_static 生成的代码",
        "hint": "提示", "full_tb": "完整 traceback（Paddle 原文）",
        "ops_word": "个算子", "params_word": "个参数", "in_word": "输入", "out_word": "输出",
        "paddle": "Paddle", "ops_title": "算子",
        "op_h": "算子", "inputs_h": "输入", "outputs_h": "输出", "params_h": "参数",
        "layer_h": "层", "line_h": "行",
        "rewrites": "Paddle 改写了 Python 值",
        "rewrites_intro": "以下各行把 Tensor 转成了 Python 值。Paddle 转换时没有报错，但改变了它们的含义：",
        "rw_line": "行", "rw_code": "你的代码", "rw_made": "Paddle 生成了什么", "rw_why": "为什么要注意",
        "check_title": "数值检查：动态图 vs 静态图",
        "check_failed": "数值检查无法运行两个版本：",
        "agree": "动态图与静态图结果一致", "differ": "动态图与静态图结果不同",
        "agree_tail": "共 {n} 个输出（输入 {ins}；除非另行指定均为 eval 模式；相同随机种子）。",
        "first_div": "第一个出现差异的层：", "localized": "通过比较每个子层的输出找到",
        "sublayers_compared": "已比较的子层输出",
        "output_h": "输出", "shape_h": "形状（动态图 vs 静态图）", "dtype_h": "dtype",
        "maxabs_h": "最大绝对误差", "maxrel_h": "最大相对误差", "note_h": "备注",
        "layer_order_h": "层（按完成顺序）", "class_h": "类", "agrees_h": "一致",
        "random_line": "强制随机的位置",
        "sot_title": "SOT 图中断", "sot_failed": "SOT 运行失败：",
        "subgraphs": "子图", "subgraphs_tail": "（SOT 编译的内容，按顺序）：",
        "what_h": "类型", "reason_h": "原因", "message_h": "信息", "where_h": "位置",
    },
}


def explain(transformer: str, lang: Optional[str] = None) -> str:
    """The explanation of a transformer (short or class name) in ``lang`` (en/zh)."""
    lang = get_lang(lang)
    name = transformer[: -len("Transformer")] if transformer.endswith("Transformer") else transformer
    entry = EXPLANATIONS.get(name)
    return (entry or GENERIC)[lang]


def ui(key: str, lang: Optional[str] = None) -> str:
    return UI[get_lang(lang)][key]
