"""Words about the other programs (train, amp, inference)."""

TEXTS = {
    "programs.build_hint.train": {
        "en": "The forward Program converts; Paddle failed to append its backward ops.",
        "zh": "前向程序可以转换；Paddle 未能追加它的反向算子。",
    },
    "programs.build_hint.amp": {
        "en": "Try the other --amp-dtype (a CPU has bfloat16 kernels only) or --amp-level.",
        "zh": "试试另一个 --amp-dtype（CPU 只有 bfloat16 内核）或 --amp-level。",
    },
    "programs.build_hint.inference": {
        "en": "Check the saved model with %d2s_show and %d2s_bench (they load it the same way).",
        "zh": "用 %d2s_show 和 %d2s_bench 检查保存的模型（它们以相同方式加载模型）。",
    },
    "programs.unknown": {
        "en": "Unknown program {program}.",
        "zh": "未知的程序 {program}。",
    },
    "programs.choose": {
        "en": "Choose one of {programs}.",
        "zh": "请从以下选择一个：{programs}。",
    },
    "programs.not_converted": {
        "en": "{name} did not convert, so it has no {which} program.",
        "zh": "{name} 没有转换成功，所以没有 {which} 程序。",
    },
    "programs.not_converted_hint": {
        "en": "Fix the conversion error first: its report says why.",
        "zh": "请先修好转换错误：它的报告说明了原因。",
    },
    "programs.needs_ast": {
        "en": "The {which} program is built from an AST-mode Program; {name} was converted in {mode} mode.",
        "zh": "{which} 程序是由 AST 模式的 Program 构建的；{name} 是用 {mode} 模式转换的。",
    },
    "programs.needs_ast_hint": {
        "en": "Convert with mode='ast' (%%to_static --mode ast).",
        "zh": "请用 mode='ast'（%%to_static --mode ast）转换。",
    },
    "programs.build_failed": {
        "en": "Paddle could not build the {which} program of {name}: {error}",
        "zh": "Paddle 无法构建 {name} 的 {which} 程序：{error}",
    },
    "programs.forward_itself": {
        "en": "The forward program compared with itself shows nothing.",
        "zh": "前向程序和它自己比较，看不出任何差异。",
    },
    "programs.forward_itself_hint": {
        "en": "Give train, amp or inference.",
        "zh": "请给出 train、amp 或 inference。",
    },
    "programs.no_program_file": {
        "en": "paddle.jit.save wrote no program file for {name}.",
        "zh": "paddle.jit.save 没有为 {name} 写出程序文件。",
    },
    "programs.no_params": {
        "en": "This model has no parameters, so Paddle Inference writes no optimised program for it (its passes save the parameters with the program).",
        "zh": "该模型没有参数，因此 Paddle Inference 不会为它写出优化后的程序（其优化过程会把参数与程序一起保存）。",
    },
    "programs.no_params_hint": {
        "en": "Its inference program is the saved program itself: draw it with %d2s_graph NAME (the forward program).",
        "zh": "它的推理程序就是保存的程序本身：用 %d2s_graph NAME（前向程序）画出即可。",
    },
    "programs.only_outputs_differ": {
        "en": "The programs compute the same: they differ only in {n} op(s) that hand results out (shadow_output, fetch), which depend on how each program was built.",
        "zh": "两个程序的计算相同：仅有 {n} 个负责输出结果的算子（shadow_output、fetch）不同，这取决于各程序的构建方式。",
    },
}
