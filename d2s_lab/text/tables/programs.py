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
    "programs.same_twice": {
        "en": "--programs names {program} twice.",
        "zh": "--programs 两次都写了 {program}。",
    },
    "programs.same_twice_hint": {
        "en": "Give two different programs, e.g. --programs train,inference.",
        "zh": "请给出两个不同的程序，例如 --programs train,inference。",
    },
    "programs.grad_set_apart": {
        "en": "The train program's {n} backward ops (the *_grad ops and what they use) are set apart: forward ops are paired with forward ops.",
        "zh": "train 程序的 {n} 个反向算子（*_grad 算子及其用到的算子）已单独放开：正向算子只与正向算子配对。",
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
    "programs.train_not_found": {
        "en": "This Paddle ({version}) keeps its training program where d2s_lab does not know to look ({type} has neither train_program nor _train_program).",
        "zh": "这个 Paddle（{version}）把训练程序放在 d2s_lab 不知道的地方（{type} 既没有 train_program 也没有 _train_program）。",
    },
    "programs.amp_level": {
        "en": "AMP level {level} is not one Paddle knows.",
        "zh": "Paddle 不认识 AMP 级别 {level}。",
    },
    "programs.amp_level_hint": {
        "en": "Use O1 or O2.",
        "zh": "请用 O1 或 O2。",
    },
    "programs.amp_dtype": {
        "en": "AMP dtype {dtype} is not one Paddle knows.",
        "zh": "Paddle 不认识 AMP 数据类型 {dtype}。",
    },
    "programs.amp_dtype_hint": {
        "en": "Use float16 (GPU) or bfloat16.",
        "zh": "请用 float16（GPU）或 bfloat16。",
    },
    "programs.no_amp_pass": {
        "en": "This Paddle ({version}) has no static AMP pass to show ({error}).",
        "zh": "这个 Paddle（{version}）没有可展示的静态图 AMP pass（{error}）。",
    },
    "programs.inference_load_failed": {
        "en": "Paddle Inference could not load the saved program: {error}",
        "zh": "Paddle Inference 无法加载保存的程序：{error}",
    },
    "programs.no_optimized": {
        "en": "This Paddle ({version}) wrote no optimised inference program (no _optimized.json / .pdmodel in {folder}; its inference Config needs enable_save_optim_model and set_optim_cache_dir).",
        "zh": "这个 Paddle（{version}）没有写出优化后的推理程序（{folder} 中没有 _optimized.json / .pdmodel；它的推理 Config 需要 enable_save_optim_model 和 set_optim_cache_dir）。",
    },
}
