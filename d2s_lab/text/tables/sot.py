"""Words of the SOT graph-break report."""

TEXTS = {
    "sot.title": {
        "en": "SOT graph breaks",
        "zh": "SOT 图中断",
    },
    "sot.failed": {
        "en": "The SOT run failed:",
        "zh": "SOT 运行失败：",
    },
    "sot.subgraphs": {
        "en": "Subgraphs",
        "zh": "子图",
    },
    "sot.subgraphs_tail": {
        "en": "(what SOT compiled, in order):",
        "zh": "（SOT 编译的内容，按顺序）：",
    },
    "sot.col_what": {
        "en": "what",
        "zh": "类型",
    },
    "sot.col_reason": {
        "en": "reason",
        "zh": "原因",
    },
    "sot.col_message": {
        "en": "message",
        "zh": "信息",
    },
    "sot.col_where": {
        "en": "where",
        "zh": "位置",
    },
    "sot.kind_fallback": {
        "en": "fell back to dygraph (whole frame)",
        "zh": "回退到动态图（整个帧）",
    },
    "sot.kind_break": {
        "en": "graph break",
        "zh": "图中断",
    },
    "sot.in_function": {
        "en": "in {function}",
        "zh": "位于 {function}",
    },
    "sot.function_resumed": {
        "en": "{function} (resumed)",
        "zh": "{function}（图中断后的部分）",
    },
    "sot.subgraph_ops": {
        "en": "{name}: {n} ops",
        "zh": "{name}：{n} 个算子",
    },
    "sot.ast_mode": {
        "en": "AST mode",
        "zh": "AST 模式",
    },
    "sot.ast_ok": {
        "en": "{ast} ({flag}) converts this function into one static program{ops}.",
        "zh": "{ast}（{flag}）能把这个函数转换为一个静态程序{ops}。",
    },
    "sot.ast_ops": {
        "en": " ({n} ops)",
        "zh": "（{n} 个算子）",
    },
    "sot.ast_fails": {
        "en": "{ast} ({flag}) fails on it:",
        "zh": "{ast}（{flag}）在这个函数上失败：",
    },
    "sot.unavailable": {
        "en": "SOT report unavailable: {message}",
        "zh": "SOT 报告不可用：{message}",
    },
    "sot.one_graph": {
        "en": "SOT captured {name} in one graph ({n} ops): no graph break, no fallback.",
        "zh": "SOT 用一个图捕获了 {name}（{n} 个算子）：没有图中断，也没有回退。",
    },
    "sot.split": {
        "en": "SOT split {name} into {k} subgraph(s) ({sizes} ops) with {b} graph break(s) and {f} "
            "frame(s) falling back to dygraph; {tr} frame(s) translated, {ms} ms.",
        "zh": "SOT 把 {name} 拆成 {k} 个子图（算子数 {sizes}），有 {b} 处图中断、"
            "{f} 个帧回退到动态图；翻译了 {tr} 个帧，用时 {ms} ms。",
    },
    "sot.break_if": {
        "en": "an `if`/`while` on a Tensor's value: Python needs the value to choose a branch",
        "zh": "`if`/`while` 的条件取决于 Tensor 的值：Python 需要这个值才能选择分支",
    },
    "sot.note_no_program": {
        "en": "SOT mode translates bytecode at the first call: Paddle builds no single Program and no transformed source for it, so there is no whole-program op table here. The drawing shows the run as Paddle executes it (each subgraph SOT compiled, in order, and the graph breaks between them); each subgraph's ops, and the code SOT runs instead of each frame (Inside SOT, %d2s_steps), are in the SOT section. Use mode='ast' (--mode ast) for the full Program view.",
        "zh": "SOT 模式在第一次调用时翻译字节码：Paddle 不会为它构建单一的 Program，也没有转换后的源代码，所以这里没有整个程序的算子表。图中画出的是 Paddle 实际执行的过程（SOT 编译的每个子图，按顺序排列，以及它们之间的图中断）；每个子图的算子，以及 SOT 代替每个帧实际运行的代码（SOT 内部、%d2s_steps），都在 SOT 部分中。要查看完整的 Program，请用 mode='ast'（--mode ast）。",
    },
    "sot.break_call": {
        "en": "graph break at a call",
        "zh": "在一次调用处断图",
    },
    "sot.no_collector_partial": {
        "en": "Paddle {version} keeps no record of why SOT broke a graph (its info collector came in Paddle 3.0): each break below is where SOT split the frame, with Paddle's own message, and the subgraphs are those it compiled.",
        "zh": "Paddle {version} 不记录 SOT 断图的原因（它的信息收集器在 Paddle 3.0 才加入）：下面每一处断图都是 SOT 拆分帧的位置，附有 Paddle 自己的消息；子图是它编译出的那些。",
    },
    "sot.no_collector_no_breaks": {
        "en": "Paddle {version} keeps no record of why SOT broke a graph (its info collector came in Paddle 3.0); in this run SOT split no frame, so no graph break is listed.",
        "zh": "Paddle {version} 不记录 SOT 断图的原因（它的信息收集器在 Paddle 3.0 才加入）；这次运行中 SOT 没有拆分任何帧，所以没有列出图中断。",
    },
    "sot.no_sot": {
        "en": "this Paddle build has no SOT (bytecode translation) to report on ({error})",
        "zh": "这个 Paddle 版本没有可报告的 SOT（字节码翻译）（{error}）",
    },
    "sot.lacks_internals": {
        "en": "Paddle {version} lacks SOT internals this report reads ({missing}); it was written against Paddle 3.x.",
        "zh": "Paddle {version} 缺少本报告读取的 SOT 内部接口（{missing}）；本报告是按 Paddle 3.x 编写的。",
    },
    "sot.kind_skipped": {
        "en": "not translated",
        "zh": "未翻译",
    },
    "sot.skip_exception_table": {
        "en": "Paddle's SOT does not translate a function with try/except (an exception table) on Python {version}: the whole function runs in dygraph, and Paddle says nothing about it. Move the try/except out of the converted function, or use the AST path (--mode ast).",
        "zh": "在 Python {version} 上，Paddle 的 SOT 不翻译含 try/except（异常表）的函数：整个函数以动态图运行，Paddle 对此不作任何提示。请把 try/except 移出被转换的函数，或使用 AST 路径（--mode ast）。",
    },
    "sot.cache_full_frame": {
        "en": "SOT's cache for {name} is full ({n} entries, Paddle's MAX_CACHE_SIZE is {limit}): Paddle runs it in dygraph, without a word, and so did this run. Each earlier call that did not fit an entry added one (often each new instance of a Layer, or a Python value that changed). Convert one instance once and reuse it, pass changing numbers as tensors, or raise the limit (paddle.jit.sot's OpcodeExecutorCache.MAX_CACHE_SIZE) in a fresh kernel.",
        "zh": "SOT 对 {name} 的缓存已满（{n} 个条目，Paddle 的 MAX_CACHE_SIZE 为 {limit}）：Paddle 会不声不响地以动态图运行它，这次运行也是如此。之前每一次不符合已有条目的调用都会添加一个条目（常见原因是每次新建一个 Layer 实例，或某个 Python 值发生了变化）。请只转换一个实例并重复使用它，把变化的数值作为张量传入，或在新内核中提高上限（paddle.jit.sot 的 OpcodeExecutorCache.MAX_CACHE_SIZE）。",
    },
    "sot.skip_cache_full": {
        "en": "SOT's cache for this function is full ({limit} translations, Paddle's MAX_CACHE_SIZE): Paddle runs it in dygraph from now on.",
        "zh": "SOT 对这个函数的缓存已满（{limit} 个翻译结果，即 Paddle 的 MAX_CACHE_SIZE）：从现在起 Paddle 以动态图运行它。",
    },
    "sot.skip_file": {
        "en": "SOT never translates code in Paddle's own files or in the libraries it skips (paddle.jit.sot.opcode_translator.skip_files): {name} (in {file}) ran in dygraph, as plain to_static runs it. The Layers it calls through a frame SOT does translate (an nn.Sequential's forward) still become the subgraphs listed here, with their own lines. Convert a Layer of your own whose forward calls this one, or use --mode ast.",
        "zh": "SOT 从不翻译 Paddle 自己的文件或它跳过的库中的代码（paddle.jit.sot.opcode_translator.skip_files）：{name}（位于 {file}）以动态图运行，与直接调用 to_static 时一样。它通过 SOT 会翻译的帧（例如 nn.Sequential 的 forward）调用的层，仍然成为这里列出的子图，带有各自的行号。请转换一个你自己的 Layer，在它的 forward 中调用这个层，或者使用 --mode ast。",
    },
    "sot.skip_not_translated": {
        "en": "SOT did not translate this function during the run (Paddle skips some frames without a word): it ran in dygraph.",
        "zh": "这次运行中 SOT 没有翻译这个函数（Paddle 会不加提示地跳过某些帧）：它以动态图运行。",
    },
    "sot.not_shown": {
        "en": "Not drawn here, to keep the cell small: {how} draws it.",
        "zh": "为了让单元格保持精简，这里没有绘制：用 {how} 绘制它。",
    },
    "sot.not_drawn": {
        "en": "{name}: not drawn ({error})",
        "zh": "{name}：未能绘制（{error}）",
    },
    "sot.ast_not_tried": {
        "en": "AST mode not tried: {error}",
        "zh": "未尝试 AST 模式：{error}",
    },
    "sot.ast_on_request": {
        "en": "{ast} was not compared (it traces the function again): {how}.",
        "zh": "未与{ast}比较（那需要再追踪一次函数）：{how}。",
    },
    "sot.ast_how": {
        "en": "%%to_static --mode ast, or conv.sot.compare_ast()",
        "zh": "%%to_static --mode ast，或 conv.sot.compare_ast()",
    },
    "sot.runs_dygraph": {
        "en": "runs in dygraph: fewer ops than MIN_GRAPH_SIZE ({min})",
        "zh": "以动态图运行：算子数少于 MIN_GRAPH_SIZE（{min}）",
    },
    "sot.none_compiled": {
        "en": "SOT compiled no static graph for {name}: it ran in dygraph ({tr} frame(s) translated). Paddle compiles no graph smaller than MIN_GRAPH_SIZE ({min}) ops; set os.environ['MIN_GRAPH_SIZE'] = '0' (any time: Paddle reads it at each translation) and convert again to run small graphs statically, or see the whole Program with --mode ast.",
        "zh": "SOT 没有为 {name} 编译静态图：它以动态图运行（翻译了 {tr} 个帧）。Paddle 不编译小于 MIN_GRAPH_SIZE（{min}）个算子的图；若要让小图以静态方式运行，请设置 os.environ['MIN_GRAPH_SIZE'] = '0'（任何时候都可以：Paddle 每次翻译时都会读取它）并重新转换，或用 --mode ast 查看整个 Program。",
    },
    "sot.all_dygraph": {
        "en": "SOT traced {name} into {k} subgraph(s) ({sizes} ops), each smaller than MIN_GRAPH_SIZE ({min}): Paddle runs them in dygraph, so no static program runs. Set os.environ['MIN_GRAPH_SIZE'] = '0' (any time: Paddle reads it at each translation) and convert again to run small graphs statically.",
        "zh": "SOT 把 {name} 追踪成 {k} 个子图（算子数 {sizes}），每个都小于 MIN_GRAPH_SIZE（{min}）：Paddle 以动态图运行它们，没有静态程序在运行。若要让小图也以静态方式运行，请设置 os.environ['MIN_GRAPH_SIZE'] = '0'（任何时候都可以：Paddle 每次翻译时都会读取它）并重新转换。",
    },
    "sot.settings": {
        "en": "SOT settings in force: {items}.",
        "zh": "生效的 SOT 设置：{items}。",
    },
    "sot.frames_title": {
        "en": "Inside SOT: the code it runs instead ({n} frame(s))",
        "zh": "SOT 内部：它实际运行的代码（{n} 个帧）",
    },
    "sot.frames_intro": {
        "en": "For each frame SOT translated: the code it runs instead (decompiled from its bytecode), the guards a later call must meet to reuse it, and the resume functions that run the code after a graph break.",
        "zh": "SOT 翻译的每个帧：它实际运行的代码（由字节码反编译而来）、之后的调用要复用它必须满足的守卫条件，以及在图中断之后运行剩余代码的恢复函数（resume function）。",
    },
    "sot.frame_made_by": {
        "en": "made by the graph break at {where}",
        "zh": "由 {where} 处的图中断产生",
    },
    "sot.frame_calls": {
        "en": "calls {names}",
        "zh": "调用 {names}",
    },
    "sot.frame_guards": {
        "en": "Guards ({n})",
        "zh": "守卫条件（{n} 个）",
    },
    "sot.frame_no_guards": {
        "en": "no guard: every call reuses it",
        "zh": "没有守卫条件：每次调用都复用它",
    },
    "sot.frame_listing": {
        "en": "bytecode listing (the decompiler could not read this code)",
        "zh": "字节码列表（反编译器无法读取这段代码）",
    },
    "sot.frame_dygraph": {
        "en": "# SOT runs this frame as written (in dygraph)",
        "zh": "# SOT 按原样（以动态图）运行这个帧",
    },
    "sot.frame_original": {"en": "original", "zh": "原始代码"},
    "sot.frame_translated": {"en": "what SOT runs", "zh": "SOT 实际运行的代码"},
    "sot.frame_folded": {
        "en": "{n} more lines: {how}",
        "zh": "还有 {n} 行：{how}",
    },
    "sot.guard_times": {
        "en": "× {n}, for [N] = {which}",
        "zh": "× {n}，[N] 取 {which}",
    },
    "sot.guard_same_object": {
        "en": "{what} is (the same object)",
        "zh": "{what} 仍是（同一个对象）",
    },
    "sot.guard_repeated": {
        "en": "× {n}",
        "zh": "× {n}",
    },
    "sot.guards_more": {
        "en": "{n} more guard(s): {how}",
        "zh": "还有 {n} 个守卫条件：{how}",
    },
    "sot.subgraphs_more": {
        "en": "{n} more subgraph(s): {how}",
        "zh": "还有 {n} 个子图：{how}",
    },
    "sot.frames_more": {
        "en": "{n} more frame(s) (library code): {how}",
        "zh": "还有 {n} 个帧（库代码）：{how}",
    },
    "sot.frames_not_read": {
        "en": "the translated frames could not be read ({error})",
        "zh": "无法读取翻译后的帧（{error}）",
    },
    "sot.subgraph_code": {
        "en": "code of {name} (what SOT_EXPORT writes)",
        "zh": "{name} 的代码（即 SOT_EXPORT 写出的内容）",
    },
    "sot.export_failed": {
        "en": "SOT_EXPORT cannot write this subgraph as Python (Paddle: {error});\nSOT's own record of it, its statement IR, follows.",
        "zh": "SOT_EXPORT 无法把这个子图写成 Python（Paddle：{error}）；\n下面是 SOT 自己对它的记录，即语句 IR（StatementIR）。",
    },
    "sot.step_resume": {
        "en": "{name} (after the break at {where})",
        "zh": "{name}（{where} 处中断之后）",
    },
    "sot.export_failed_once": {
        "en": "Paddle's SOT_EXPORT cannot write {n} of these subgraphs as Python (Paddle: {error}; it exports no subgraph that calls a sublayer): their code shows SOT's own record, the statement IR.",
        "zh": "Paddle 的 SOT_EXPORT 无法把其中 {n} 个子图写成 Python（Paddle：{error}；调用子层的子图它都无法导出）：这些子图的代码显示的是 SOT 自己的记录，即语句 IR（StatementIR）。",
    },
    "sot.no_exporter_once": {
        "en": "This Paddle has no SOT_EXPORT (paddle.jit.sot.symbolic.export is new in Paddle 3): the subgraphs' code shows SOT's own record, the statement IR.",
        "zh": "这个版本的 Paddle 没有 SOT_EXPORT（paddle.jit.sot.symbolic.export 是 Paddle 3 新增的）：子图的代码显示的是 SOT 自己的记录，即语句 IR（StatementIR）。",
    },
    "sot.no_exporter": {
        "en": "This Paddle has no SOT_EXPORT (paddle.jit.sot.symbolic.export is new in Paddle 3);\nSOT's own record of the subgraph, its statement IR, follows.",
        "zh": "这个版本的 Paddle 没有 SOT_EXPORT（paddle.jit.sot.symbolic.export 是 Paddle 3 新增的）；\n下面是 SOT 自己对这个子图的记录，即语句 IR（StatementIR）。",
    },
    "sot.summary": {
        "en": "{name} [sot]: {n} subgraph(s) ({ops} ops{dygraph}), {breaks} break(s), {fallbacks} fallback(s); {ast}",
        "zh": "{name} [sot]：{n} 个子图（{ops} 个算子{dygraph}），{breaks} 处图中断，{fallbacks} 处回退；{ast}",
    },
    "sot.summary_dygraph": {
        "en": ", {n} run in dygraph",
        "zh": "，其中 {n} 个在动态图中运行",
    },
    "sot.summary_unavailable": {
        "en": "{name} [sot]: {message}",
        "zh": "{name} [sot]：{message}",
    },
    "sot.summary_ast_ok": {
        "en": "AST converts it",
        "zh": "AST 模式能转换它",
    },
    "sot.summary_ast_fails": {
        "en": "AST fails ({error})",
        "zh": "AST 模式失败（{error}）",
    },
    "sot.summary_ast_not_tried": {
        "en": "AST not tried",
        "zh": "尚未尝试 AST 模式",
    },
    "sot.no_inputs": {
        "en": "No inputs for {name}.",
        "zh": "{name} 没有输入。",
    },
    "sot.no_inputs_hint": {
        "en": "Pass inputs=[tensor, ...] or input_spec.",
        "zh": "请传入 inputs=[tensor, ...] 或 input_spec。",
    },
}
