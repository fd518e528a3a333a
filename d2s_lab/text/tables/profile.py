"""Words of the profile (``d2s_lab.profile``, ``%d2s_profile``, ``d2s-lab profile``)."""

TEXTS = {
    "profile.head": {
        "en": "{name}: where a call's time goes ({mode}, {device}, {calls} profiled calls, Paddle {version})",
        "zh": "{name}：一次调用的时间花在哪里（{mode}，{device}，分析了 {calls} 次调用，Paddle {version}）",
    },
    "profile.mode.ast": {
        "en": "AST path, full_graph=True",
        "zh": "AST 路径，full_graph=True",
    },
    "profile.mode.sot": {
        "en": "default path (SOT)",
        "zh": "默认路径（SOT）",
    },
    "profile.path.dygraph": {
        "en": "dygraph (eager)",
        "zh": "动态图（eager）",
    },
    "profile.path.sot": {
        "en": "to_static, Paddle's default (SOT)",
        "zh": "to_static，Paddle 默认（SOT）",
    },
    "profile.path.sot_min0": {
        "en": "SOT with MIN_GRAPH_SIZE=0",
        "zh": "SOT，MIN_GRAPH_SIZE=0",
    },
    "profile.path.dygraph_amp": {
        "en": "dygraph, AMP (auto_cast)",
        "zh": "动态图，AMP（auto_cast）",
    },
    "profile.path.sot_amp": {
        "en": "to_static (SOT), AMP (auto_cast)",
        "zh": "to_static（SOT），AMP（auto_cast）",
    },
    "profile.path.ast_amp": {
        "en": "to_static (AST), AMP (auto_cast)",
        "zh": "to_static（AST），AMP（auto_cast）",
    },
    "profile.path.ast": {
        "en": "AST, full_graph=True",
        "zh": "AST，full_graph=True",
    },
    "profile.kind.static": {
        "en": "static",
        "zh": "静态图",
    },
    "profile.kind.dygraph": {
        "en": "dygraph",
        "zh": "动态图",
    },
    "profile.kind.guard": {
        "en": "guards",
        "zh": "守卫检查",
    },
    "profile.kind.translate": {
        "en": "translation",
        "zh": "翻译",
    },
    "profile.kind.python": {
        "en": "Python",
        "zh": "Python",
    },
    "profile.overhead": {
        "en": "Without the profiler a call takes {plain} ms, under it {profiled} ms ({pct} %: the profiler's own cost).",
        "zh": "不开分析器时一次调用 {plain} ms，开启时 {profiled} ms（{pct} %：分析器自身的开销）。",
    },
    "profile.overhead_none": {
        "en": "Without the profiler a call takes {plain} ms, under it {profiled} ms ({pct} %): no cost of the profiler measurable here; calls this short vary more than that between runs.",
        "zh": "不开分析器时一次调用 {plain} ms，开启时 {profiled} ms（{pct} %）：这里测不出分析器的开销；这么短的调用在不同轮次之间的差别比这更大。",
    },
    "profile.overhead_sot": {
        "en": "Without the profiler (only the subgraphs clocked) a call takes {plain} ms, under it {profiled} ms ({pct} %: the profiler's own cost).",
        "zh": "不开分析器（只为子图计时）时一次调用 {plain} ms，开启时 {profiled} ms（{pct} %：分析器自身的开销）。",
    },
    "profile.overhead_none_sot": {
        "en": "Without the profiler (only the subgraphs clocked) a call takes {plain} ms, under it {profiled} ms ({pct} %): no cost of the profiler measurable here; the clocks weigh on calls this short, and such calls vary more than that between runs. The side-by-side timing (--whatif) times calls with no clock.",
        "zh": "不开分析器（只为子图计时）时一次调用 {plain} ms，开启时 {profiled} ms（{pct} %）：这里测不出分析器的开销；计时本身对这么短的调用有影响，而且这样的调用在不同轮次之间差别更大。并排计时（--whatif）测量的调用不带计时。",
    },
    "profile.clocked": {
        "en": "The segments come from calls with only the subgraphs clocked (no profiler): {ms} ms per call.",
        "zh": "各段来自只为子图计时（不开分析器）的调用：每次调用 {ms} ms。",
    },
    "profile.at_line": {
        "en": "line {line}",
        "zh": "第 {line} 行",
    },
    "profile.h_segments": {
        "en": "Segments of one call:",
        "zh": "一次调用的各段：",
    },
    "profile.h_breaks": {
        "en": "Graph breaks, by time per call:",
        "zh": "图中断，按每次调用的耗时排列：",
    },
    "profile.h_ops": {
        "en": "Ops, by time per call:",
        "zh": "算子，按每次调用的耗时排列：",
    },
    "profile.h_whatif": {
        "en": "Each path on the same inputs, side by side:",
        "zh": "同样的输入下各条路径并列计时：",
    },
    "profile.h_lines": {
        "en": "By source line",
        "zh": "按源代码行",
    },
    "profile.h_layers": {
        "en": "By layer",
        "zh": "按层",
    },
    "profile.other_row": {
        "en": "other (Python, executor)",
        "zh": "其他（Python、执行器）",
    },
    "profile.top_layer": {
        "en": "(forward itself)",
        "zh": "（forward 本身）",
    },
    "profile.same": {
        "en": "same as dygraph",
        "zh": "与动态图一致",
    },
    "profile.differs": {
        "en": "DIFFERS from dygraph",
        "zh": "与动态图不一致",
    },
    "profile.col_op": {
        "en": "op",
        "zh": "算子",
    },
    "profile.col_layer": {
        "en": "layer",
        "zh": "层",
    },
    "profile.col_segment": {
        "en": "segment",
        "zh": "段",
    },
    "profile.col_line": {
        "en": "line",
        "zh": "行",
    },
    "profile.col_calls": {
        "en": "runs per call",
        "zh": "每次调用运行次数",
    },
    "profile.col_ms": {
        "en": "ms per call",
        "zh": "每次调用 ms",
    },
    "profile.col_share": {
        "en": "share",
        "zh": "占比",
    },
    "profile.col_kind": {
        "en": "kind",
        "zh": "类型",
    },
    "profile.col_name": {
        "en": "name",
        "zh": "名称",
    },
    "profile.col_why": {
        "en": "why",
        "zh": "原因",
    },
    "profile.col_reason": {
        "en": "reason",
        "zh": "原因",
    },
    "profile.col_path": {
        "en": "path",
        "zh": "路径",
    },
    "profile.col_median": {
        "en": "median ms per call",
        "zh": "每次调用中位数 ms",
    },
    "profile.col_check": {
        "en": "outputs",
        "zh": "输出",
    },
    "profile.col_where": {
        "en": "source",
        "zh": "源代码",
    },
    "profile.reference": {
        "en": "reference",
        "zh": "参照",
    },
    "profile.chart_title": {
        "en": "One call, {ms} ms",
        "zh": "一次调用，{ms} ms",
    },
    "profile.chart_rest": {
        "en": "the rest (other ops, Python, the executor)",
        "zh": "其余（其他算子、Python、执行器）",
    },
    "profile.shapes": {
        "en": "Inputs: {shapes}",
        "zh": "输入：{shapes}",
    },
    "profile.took": {
        "en": "The profile took {took}.",
        "zh": "分析用时 {took}。",
    },
    "profile.bad_device": {
        "en": "Unknown device {device!r}: give cpu or gpu.",
        "zh": "未知设备 {device!r}：请用 cpu 或 gpu。",
    },
    "profile.no_gpu": {
        "en": "This Paddle is a CPU-only build: profile with device=\"cpu\" (install paddlepaddle-gpu for the GPU).",
        "zh": "这个 Paddle 只支持 CPU：请用 device=\"cpu\" 分析（要用 GPU 请安装 paddlepaddle-gpu）。",
    },
    "profile.gpu_note": {
        "en": "On the GPU the op rows are the host's time per op (launches); kernels run on after them, and the call's time includes waiting for them.",
        "zh": "在 GPU 上，算子行是主机端每个算子的时间（启动内核）；内核在其后运行，调用时间包含等待它们的时间。",
    },
    "profile.train_needs_layer": {
        "en": "{name} is a function: a training step needs a Layer with parameters.",
        "zh": "{name} 是一个函数：训练步骤需要一个带参数的层。",
    },
    "profile.train_needs_layer_hint": {
        "en": "Profile the Layer's conversion with --train, or drop --train to profile the call.",
        "zh": "请对层的转换结果使用 --train，或去掉 --train 分析调用本身。",
    },
    "profile.train_head": {
        "en": " · a training step (forward, backward, an SGD update)",
        "zh": " · 一个训练步（前向、反向、一次 SGD 更新）",
    },
    "profile.train_note": {
        "en": "A training step of copies of the model (the model's weights are not changed); its ops are summed by type and phase, not matched to the Program's lines.",
        "zh": "训练的是模型的副本（模型的权重不会改变）；其算子按类型和阶段汇总，没有对应到 Program 的行。",
    },
    "profile.train_no_amp": {
        "en": "No AMP step on the CPU: Paddle's auto_cast does nothing there in dygraph (it runs on a GPU, XPU or custom device only), so an AMP step would time the same float32 step twice. Profile with device=\"gpu\" (--device gpu) for the AMP rows.",
        "zh": "CPU 上没有 AMP 训练步：Paddle 的 auto_cast 在 CPU 上的动态图中不起作用（只在 GPU、XPU 或自定义设备上生效），AMP 训练步只会把同一个 float32 训练步计时两次。请用 device=\"gpu\"（--device gpu）分析，以得到 AMP 的几行。",
    },
    "profile.h_phases": {
        "en": "By phase",
        "zh": "按阶段",
    },
    "profile.col_phase": {
        "en": "phase",
        "zh": "阶段",
    },
    "profile.model_not_on_gpu": {
        "en": "{name}'s weights are not on the GPU.",
        "zh": "{name} 的权重不在 GPU 上。",
    },
    "profile.model_not_on_gpu_hint": {
        "en": "Move the model first (net.to(\"gpu\")) and convert it again, then profile with device=\"gpu\".",
        "zh": "请先移动模型（net.to(\"gpu\")）并重新转换，再用 device=\"gpu\" 分析。",
    },
    "profile.not_converted": {
        "en": "{name} has no converted function to profile: its conversion failed.",
        "zh": "{name} 没有可分析的转换结果：转换失败了。",
    },
    "profile.not_converted_hint": {
        "en": "Fix the conversion first (see its report), then profile it.",
        "zh": "请先修好转换（见其报告），再分析。",
    },
    "profile.interrupted": {
        "en": "Profiling stopped after {seconds} s (interrupted). Nothing was changed.",
        "zh": "分析在 {seconds} 秒后停止（被中断）。没有改动任何东西。",
    },
    "profile.interrupted_hint": {
        "en": "Give fewer calls (--calls 5) or a time budget (--budget 30).",
        "zh": "请减少调用次数（--calls 5）或给出时间预算（--budget 30）。",
    },
    "profile.budget_calls": {
        "en": "To fit the budget of {budget} s, {calls} calls were profiled instead of {was}.",
        "zh": "为了不超过 {budget} 秒的预算，只分析了 {calls} 次调用，而不是 {was} 次。",
    },
    "profile.budget_no_paths": {
        "en": "The budget of {budget} s was spent: the paths were not timed side by side.",
        "zh": "{budget} 秒的预算已用完：没有并列计时各条路径。",
    },
    "profile.no_clock": {
        "en": "The subgraphs could not be clocked here (no SOT, or d2s_lab's hooks are off): no segments.",
        "zh": "这里无法为子图计时（没有 SOT，或 d2s_lab 的钩子已关闭）：没有分段。",
    },
    "profile.no_events": {
        "en": "Paddle's profiler recorded no op events here: the call's time is not split by op.",
        "zh": "Paddle 的分析器在这里没有记录算子事件：调用时间没有按算子拆分。",
    },
    "profile.no_graph": {
        "en": "The conversion has no Program graph: ops are shown without layers or lines.",
        "zh": "这个转换没有 Program 图：算子不带层和行号显示。",
    },
    "profile.calls_differ": {
        "en": "{n} of {calls} calls ran other segments (a guard failed, or the data took another branch); the segments are those of the others.",
        "zh": "{calls} 次调用中有 {n} 次运行了不同的段（某个守卫不成立，或数据走了另一个分支）；这里显示的是其余调用的段。",
    },
    "profile.small_graph": {
        "en": "its graph is under MIN_GRAPH_SIZE ({n}), so Paddle runs it in dygraph",
        "zh": "其图小于 MIN_GRAPH_SIZE（{n}），因此 Paddle 以动态图运行它",
    },
    "profile.no_sot_here": {
        "en": "this Paddle's to_static takes the AST path by default",
        "zh": "这个 Paddle 的 to_static 默认走 AST 路径",
    },
    "profile.hooks_off_path": {
        "en": "not timed: d2s_lab's hooks are off, and this path needs a SOT cache of its own",
        "zh": "未计时：d2s_lab 的钩子已关闭，而这条路径需要自己的 SOT 缓存",
    },
    "profile.ast_fails": {
        "en": "does not convert: {error}",
        "zh": "无法转换：{error}",
    },
    "profile.path_failed": {
        "en": "failed: {error}",
        "zh": "失败：{error}",
    },
    "profile.advice.saves": {
        "en": "{path} saves {pct} % per call here ({ms} ms against dygraph's {dy} ms).",
        "zh": "这里 {path} 每次调用节省 {pct} %（{ms} ms，动态图为 {dy} ms）。",
    },
    "profile.advice.costs": {
        "en": "{path} costs {pct} % more per call than dygraph here ({ms} ms against {dy} ms).",
        "zh": "这里 {path} 每次调用比动态图多花 {pct} %（{ms} ms，动态图为 {dy} ms）。",
    },
    "profile.advice.same": {
        "en": "{path} takes about as long as dygraph here ({ms} ms against {dy} ms).",
        "zh": "这里 {path} 与动态图用时相近（{ms} ms，动态图为 {dy} ms）。",
    },
    "profile.advice.break": {
        "en": "The graph break at {what} (line {line}) costs {ms} ms of {whole} ms per call, run in dygraph.",
        "zh": "{what}（第 {line} 行）处的图中断每次调用花费 {ms} ms（共 {whole} ms），以动态图运行。",
    },
    "profile.advice.min0": {
        "en": "MIN_GRAPH_SIZE=0 saves {pct} % per call ({ms} ms against {sot} ms).",
        "zh": "MIN_GRAPH_SIZE=0 每次调用节省 {pct} %（{ms} ms，默认为 {sot} ms）。",
    },
    "profile.advice.ast": {
        "en": "full_graph=True (the AST path) saves {pct} % per call ({ms} ms against {sot} ms).",
        "zh": "full_graph=True（AST 路径）每次调用节省 {pct} %（{ms} ms，默认为 {sot} ms）。",
    },
    "profile.advice.top_op": {
        "en": "The costliest op is {op} in {layer} (line {line}): {pct} % of a call.",
        "zh": "最耗时的算子是 {layer} 中的 {op}（第 {line} 行）：占一次调用的 {pct} %。",
    },
    "profile.advice.phases": {
        "en": "Of a step, the forward ops take {fwd} %, the backward ops {bwd} %, the optimizer {opt} %; the rest is Python and the executor.",
        "zh": "一个训练步中，前向算子占 {fwd} %，反向算子占 {bwd} %，优化器占 {opt} %；其余是 Python 和执行器。",
    },
    "profile.usage": {
        "en": "Usage: %d2s_profile [NAME] [--calls N] [--budget S] [--lang zh]",
        "zh": "用法：%d2s_profile [NAME] [--calls N] [--budget S] [--lang zh]",
    },
    "profile.what": {
        "en": "a conversion (from %%to_static or d2s_lab.convert)",
        "zh": "一个转换结果（来自 %%to_static 或 d2s_lab.convert）",
    },
    "profile.no_d2s": {
        "en": "Run a %%to_static cell first, or name a conversion: %d2s_profile net_s",
        "zh": "请先运行一个 %%to_static 单元格，或指定一个转换结果：%d2s_profile net_s",
    },
    "profile.bad_output": {
        "en": "-o {out}: use an .html file name.",
        "zh": "-o {out}：请使用 .html 文件名。",
    },
    "profile.page_title": {
        "en": "{name}: profile",
        "zh": "{name}：性能分析",
    },
    "profile.printed": {
        "en": "What the function printed during the profile ({n} lines) was kept out of the output; printing still counts in the times.",
        "zh": "分析期间函数打印的内容（{n} 行）没有显示；打印的耗时仍计入时间。",
    },
    "profile.no_drawing": {
        "en": "Nothing to draw on the {mode}: no op ran in a compiled subgraph while it was profiled.",
        "zh": "{mode}上没有可绘制的内容：分析期间没有算子在编译后的子图中运行。",
    },
    "profile.no_drawing_hint": {
        "en": "The segments and breaks tables show where its time goes; profile an AST conversion (--mode ast) to draw its Program.",
        "zh": "各段和中断的表格显示其时间花在哪里；分析 AST 转换（--mode ast）才能绘制它的 Program。",
    },
    "profile.no_subgraph": {
        "en": "No compiled subgraph named {name} ran ops while it was profiled.",
        "zh": "分析期间没有名为 {name} 的编译后子图运行算子。",
    },
    "profile.no_subgraph_hint": {
        "en": "Draw one of: {names}.",
        "zh": "请绘制其中之一：{names}。",
    },
    "profile.drawing_title": {
        "en": "{name}: each op filled by its time per call, from light (0 ms) to dark red ({top} ms); hover a node for its ms",
        "zh": "{name}：每个算子按每次调用的耗时着色，从浅色（0 ms）到深红（{top} ms）；悬停节点可见其耗时",
    },
    "profile.whatif_off": {
        "en": "not timed: whatif=True (--whatif) times every path side by side, at the cost of a conversion each",
        "zh": "未计时：whatif=True（--whatif）会并列计时每条路径，代价是每条路径各转换一次",
    },
    "profile.min0_same": {
        "en": "the same subgraphs as SOT (none is under MIN_GRAPH_SIZE): SOT's times, not translated again",
        "zh": "与 SOT 的子图相同（没有小于 MIN_GRAPH_SIZE 的子图）：沿用 SOT 的时间，没有再次翻译",
    },
    "profile.progress.warmup": {
        "en": "warming up",
        "zh": "预热",
    },
    "profile.progress.plain": {
        "en": "{calls} calls without the profiler",
        "zh": "不开分析器调用 {calls} 次",
    },
    "profile.progress.profiled": {
        "en": "{calls} calls under the profiler",
        "zh": "在分析器下调用 {calls} 次",
    },
    "profile.progress.profiler_warmup": {
        "en": "a first call under the profiler, not counted",
        "zh": "在分析器下的第一次调用，不计入",
    },
    "profile.progress.read": {
        "en": "reading the profiler's events",
        "zh": "读取分析器的事件",
    },
    "profile.progress.attribute": {
        "en": "matching the events to the ops",
        "zh": "把事件对应到算子",
    },
    "profile.progress.check": {
        "en": "checking the outputs against dygraph",
        "zh": "与动态图核对输出",
    },
    "profile.progress.convert": {
        "en": "converting and checking: {path}",
        "zh": "转换并核对：{path}",
    },
    "profile.progress.whatif": {
        "en": "timing {n} paths side by side",
        "zh": "并列计时 {n} 条路径",
    },
    "profile.stages": {
        "en": "The profile took {took}: {parts}.",
        "zh": "本次分析用时 {took}：{parts}。",
    },
    "profile.stage.convert": {"en": "converting", "zh": "转换"},
    "profile.stage.warmup": {"en": "warm-up", "zh": "预热"},
    "profile.stage.plain": {"en": "plain calls", "zh": "普通调用"},
    "profile.stage.profiled": {"en": "profiled calls", "zh": "分析器下的调用"},
    "profile.stage.profiler_warmup": {"en": "first call under the profiler", "zh": "分析器下的第一次调用"},
    "profile.stage.read": {"en": "reading the events", "zh": "读取事件"},
    "profile.stage.attribute": {"en": "matching ops", "zh": "对应算子"},
    "profile.stage.check": {"en": "checking outputs", "zh": "核对输出"},
    "profile.stage.convert_sot": {"en": "converting SOT", "zh": "转换 SOT"},
    "profile.stage.convert_sot_min0": {"en": "converting SOT (MIN_GRAPH_SIZE=0)", "zh": "转换 SOT（MIN_GRAPH_SIZE=0）"},
    "profile.stage.convert_ast": {"en": "converting AST", "zh": "转换 AST"},
    "profile.stage.whatif": {"en": "paths side by side", "zh": "并列计时各路径"},
    "profile.failed": {
        "en": "Profiling failed: {error}",
        "zh": "分析失败：{error}",
    },
    "profile.h_source": {
        "en": "The source, each line coloured by its time per call",
        "zh": "源代码，每行按其每次调用的耗时着色",
    },
    "profile.source_legend": {
        "en": "Lighter to darker: less to more of a call's time. The slowest line, {line}, takes {ms} ms ({pct}) "
              "per call; a line without colour ran nothing that was timed.",
        "zh": "颜色由浅到深：占一次调用的时间由少到多。最慢的是第 {line} 行，每次调用 {ms} 毫秒（{pct}）；"
              "没有颜色的行没有运行任何被计时的内容。",
    },
    "profile.source_more": {
        "en": "… {n} more lines not shown (see the table by source line)",
        "zh": "…… 另有 {n} 行未显示（见按源代码行的表）",
    },
    "profile.col_ran": {
        "en": "ran in",
        "zh": "运行于",
    },
    "profile.col_code": {
        "en": "code",
        "zh": "代码",
    },
}
