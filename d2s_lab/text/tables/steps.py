"""Words of the conversion steps: the stepper and the static view."""

TEXTS = {
    "steps.title": {
        "en": "Conversion steps",
        "zh": "转换步骤",
    },
    "steps.step": {
        "en": "Step",
        "zh": "步骤",
    },
    "steps.of": {
        "en": "of",
        "zh": "/",
    },
    "steps.prev": {
        "en": "◀ Prev",
        "zh": "◀ 上一步",
    },
    "steps.next": {
        "en": "Next ▶",
        "zh": "下一步 ▶",
    },
    "steps.unchanged": {
        "en": "no change",
        "zh": "无改动",
    },
    "steps.changed": {
        "en": "changed",
        "zh": "有改动",
    },
    "steps.skip": {
        "en": "skip steps that change nothing",
        "zh": "跳过无改动的步骤",
    },
    "steps.before": {
        "en": "before",
        "zh": "之前",
    },
    "steps.after": {
        "en": "after",
        "zh": "之后",
    },
    "steps.original": {
        "en": "Original",
        "zh": "原始代码",
    },
    "steps.shown_above": {
        "en": "The function as written is shown above, as the stepper's first page.",
        "zh": "原始函数已显示在上方，即单步查看器的第一页。",
    },
    "steps.left_out": {
        "en": "This step's code is left out of the saved copy so the notebook stays small; the stepper shows it "
              "while the kernel runs, and %d2s_steps with the conversion's name shows it again.",
        "zh": "为使 notebook 保持小巧，保存的副本中省略了这一步的代码；内核运行时单步查看器会显示它，"
              "用 %d2s_steps 加转换结果的名字可以再次查看。",
    },
    "steps.no_change_body": {
        "en": "This transformer found nothing to rewrite in this function.",
        "zh": "该转换器在此函数中没有需要改写的内容。",
    },
    "steps.static_title": {
        "en": "All steps (static view: reads without a kernel)",
        "zh": "全部步骤（静态视图：无需内核即可阅读）",
    },
    "steps.intro": {
        "en": "The code after each AST transformer of paddle.jit.to_static, in Paddle's order; "
            "each step shows the changes against the previous one.",
        "zh": "paddle.jit.to_static 的每个 AST 转换器执行后的代码，按 Paddle "
            "的顺序排列；每一步都显示与上一步相比的改动。",
    },
    "steps.intro_sot": {
        "en": "The code SOT runs instead of your function on the default path: your function, then the code SOT "
            "generated for it (decompiled from its bytecode), then each resume function a graph break made; "
            "each step shows the changes against the previous one. Converted with --mode ast, the steps are the "
            "AST transformers'.",
        "zh": "默认路径上 SOT 代替你的函数运行的代码：先是你的函数，然后是 SOT 为它生成的代码（从字节码反编译），"
            "再是每个由图中断产生的恢复函数；每一步都显示与上一步相比的改动。用 --mode ast 转换时，"
            "步骤是各个 AST 转换器的输出。",
    },
    "steps.original_sot": {
        "en": "Your function as written. SOT does not rewrite the source: the next steps are the code it runs "
            "instead, decompiled from the bytecode it generated.",
        "zh": "你写的原始函数。SOT 不改写源代码：后面的步骤是它代替原函数运行的代码，由它生成的字节码反编译而来。",
    },
    "steps.live_note": {
        "en": "Interactive stepper: needs a running kernel with ipywidgets; the static view below shows every step.",
        "zh": "交互式步进器：需要运行中的内核和 ipywidgets；下方静态视图包含全部步骤。",
    },
    "steps.steps_word": {
        "en": "steps",
        "zh": "个步骤",
    },
    "steps.none_to_show": {
        "en": "no steps to show",
        "zh": "没有可显示的步骤",
    },
    "steps.no_source": {
        "en": "Cannot read the source of {name}: {error}.",
        "zh": "无法读取 {name} 的源代码：{error}。",
    },
    "steps.no_source_hint": {
        "en": "Define it in a file or a notebook cell (not in exec() or the REPL).",
        "zh": "请在文件或笔记本单元格中定义它（不要用 exec() 或交互式解释器）。",
    },
    "steps.transformers_failed": {
        "en": "Paddle's transformers failed on {name} after {n} step(s): {error}",
        "zh": "Paddle 的转换器处理 {name} 时在第 {n} 步之后失败：{error}",
    },
    "steps.transformers_failed_hint": {
        "en": "paddle.jit.to_static(full_graph=True) fails the same way; see Paddle's message.",
        "zh": "paddle.jit.to_static(full_graph=True) 也会同样失败；请看 Paddle 的报错。",
    },
    "steps.no_layer": {
        "en": "No layer {path} in {model}; its layers include: {some}",
        "zh": "{model} 中没有层 {path}；它的层包括：{some}",
    },
    "steps.no_sublayers": {
        "en": "{model} has no sublayers, so no layer {path}: leave the layer path out for its own forward.",
        "zh": "{model} 没有子层，因此没有层 {path}：不给层路径即可查看它自己的 forward。",
    },
    "steps.sot_untranslated": {
        "en": "On this run SOT translated no frame of this function (Paddle ran it as written, in dygraph: the report's SOT section says why), so there is no code of SOT's to show. Below is what the AST transformers (--mode ast) would make of it.",
        "zh": "这次运行中 SOT 没有翻译这个函数的任何帧（Paddle 以动态图按原样运行它：报告的 SOT 部分说明了原因），所以没有 SOT 的代码可以显示。下面是 AST 转换器（--mode ast）会把它改写成的样子。",
    },
    "steps.runs_as_written": {
        "en": "Paddle does not rewrite its own code ({library}): converting a model, to_static runs this forward as written, on static tensors. Shown is what its transformers would make of it.",
        "zh": "Paddle 不会改写它自己的代码（{library}）：转换模型时，to_static 按原样在静态张量上运行这个 forward。这里显示的是转换器会把它改写成的样子。",
    },
    "steps.layer_needs_layer": {
        "en": "A layer path ({path}) needs a paddle.nn.Layer or a conversion of one, not a {type}.",
        "zh": "层路径（{path}）需要 paddle.nn.Layer 或它的转换结果，而不是 {type}。",
    },
}
