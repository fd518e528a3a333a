"""Words of the watch of a whole run (``d2s_lab.watch()``, ``%%d2s_watch``, ``d2s-lab watch``)."""

TEXTS = {
    "watch.summary": {
        "en": "Watched {functions} converted function(s) over {steps} call(s): {translations} translation(s), "
              "{recompiles} recompile(s), {fallbacks} run(s) in dygraph, {alerts} alert(s)",
        "zh": "监视到 {functions} 个转换后的函数，共 {steps} 次调用：翻译 {translations} 次，重新翻译 {recompiles} 次，"
              "以动态图运行 {fallbacks} 次，提醒 {alerts} 条",
    },
    "watch.row": {
        "en": "{name} ({where}, {path}): {calls} call(s), {translations} translation(s), {recompiles} recompile(s), "
              "{fallbacks} in dygraph",
        "zh": "{name}（{where}，{path}）：调用 {calls} 次，翻译 {translations} 次，重新翻译 {recompiles} 次，"
              "以动态图运行 {fallbacks} 次",
    },
    "watch.made_dynamic": {
        "en": "`{what}` is dynamic from now on (its size changed)",
        "zh": "`{what}` 从此是动态的（它的大小变了）",
    },
    "watch.alert.storm": {
        "en": "Recompile storm: {function} ({where}) was translated again {count} times because the Python value "
              "`{name}` changed.",
        "zh": "重新翻译风暴：{function}（{where}）因为 Python 值 `{name}` 改变而重新翻译了 {count} 次。",
    },
    "watch.fix.storm": {
        "en": "SOT guards a Python number by its value: pass `{name}` as a tensor "
              "(`paddle.to_tensor({name})`), or keep it out of the converted function.",
        "zh": "SOT 按值守护 Python 数字：把 `{name}` 作为张量传入（`paddle.to_tensor({name})`），"
              "或者不要把它传进转换后的函数。",
    },
    "watch.fix.storm_ast": {
        "en": "Each value of a Python argument builds a new Program: pass `{name}` as a tensor "
              "(`paddle.to_tensor({name})`).",
        "zh": "Python 参数的每个值都会构建一个新 Program：把 `{name}` 作为张量传入（`paddle.to_tensor({name})`）。",
    },
    "watch.alert.cache_full": {
        "en": "Cache full: {function} ({where}) ran in dygraph {count} time(s) from its call {call} on: SOT keeps "
              "at most {limit} entries (MAX_CACHE_SIZE) per function, then runs it as written, silently.",
        "zh": "缓存已满：{function}（{where}）从第 {call} 次调用起以动态图运行了 {count} 次：SOT 每个函数最多保留 "
              "{limit} 个缓存项（MAX_CACHE_SIZE），之后就静默地按原样运行它。",
    },
    "watch.alert.cache_near": {
        "en": "Cache nearly full: {function} ({where}) takes {count} of the {limit} entries SOT keeps per function "
              "(MAX_CACHE_SIZE); once they are all taken, Paddle runs it in dygraph, as written, silently.",
        "zh": "缓存将满：{function}（{where}）已占用 SOT 每个函数最多 {limit} 个缓存项（MAX_CACHE_SIZE）中的 {count} 个；"
              "全部占满后，Paddle 会静默地以动态图按原样运行它。",
    },
    "watch.fix.cache_full": {
        "en": "Find what changes between calls and make it stable (where the cache filled during the watch, the "
              "events below give each recompile's reason); for new Layers, convert one model and reuse it.",
        "zh": "找出每次调用之间变化的东西并让它保持不变（如果缓存是在监视期间填满的，下面的事件给出了每次重新翻译的原因）；"
              "如果是新建的 Layer，只转换一个模型并重复使用它。",
    },
    "watch.alert.per_instance": {
        "en": "Translated per instance: {function} ({where}) was called on {count} different Layer instances and "
              "translated again for nearly each one.",
        "zh": "每个实例都重新翻译：{function}（{where}）在 {count} 个不同的 Layer 实例上被调用，几乎每个都重新翻译了一次。",
    },
    "watch.fix.per_instance": {
        "en": "SOT's guards name the Layer object itself: create the Layer once and reuse it "
              "(load new weights with `set_state_dict`) instead of building a new one per step.",
        "zh": "SOT 的守护条件针对 Layer 对象本身：只创建一次 Layer 并重复使用（用 `set_state_dict` 加载新权重），"
              "不要每一步都新建一个。",
    },
    "watch.alert.loop_break": {
        "en": "Graph break inside a loop: {function} ({where}) breaks the graph at line {line} (`{code}`, {reason}), "
              "inside the loop of line {loop}: SOT leaves that statement to Python on every pass of the loop, "
              "in each of its {count} call(s).",
        "zh": "循环内的图中断：{function}（{where}）在第 {line} 行（`{code}`，{reason}）中断了图，它位于第 {loop} 行的"
              "循环内：在它的 {count} 次调用中，循环每执行一遍，SOT 都要把这条语句交给 Python 执行。",
    },
    "watch.fix.loop_break": {
        "en": "Move `{code}` out of the loop (keep the values in a tensor and read them once after it), "
              "or keep it a tensor operation (`paddle.where`, tensor arithmetic instead of `float()`, "
              "`.item()`, `.numpy()` or an `if` on a tensor).",
        "zh": "把 `{code}` 移到循环之外（把值留在张量里，循环结束后再读一次），或者让它保持为张量运算"
              "（用 `paddle.where`、张量运算代替 `float()`、`.item()`、`.numpy()` 或对张量的 `if`）。",
    },
    "watch.fix.catalogue": {
        "en": "{id}: {fix}",
        "zh": "{id}：{fix}",
    },
    "watch.status": {
        "en": "Watching… {steps} call(s) · {functions} function(s) · {translations} translation(s) · "
              "{recompiles} recompile(s) · {fallbacks} in dygraph · {alerts} alert(s) · {seconds} s",
        "zh": "监视中…… 调用 {steps} 次 · 函数 {functions} 个 · 翻译 {translations} 次 · 重新翻译 {recompiles} 次 · "
              "动态图运行 {fallbacks} 次 · 提醒 {alerts} 条 · {seconds} 秒",
    },
    "watch.ranks.no_folder": {
        "en": "No folder {folder}: nothing to merge.",
        "zh": "没有文件夹 {folder}：没有可合并的记录。",
    },
    "watch.ranks.none": {
        "en": "{folder} holds no watch record (watch-rank<N>.json).",
        "zh": "{folder} 里没有监视记录（watch-rank<N>.json）。",
    },
    "watch.ranks.bad_record": {
        "en": "Cannot read the watch record {path}: {error}",
        "zh": "无法读取监视记录 {path}：{error}",
    },
    "watch.ranks.hint": {
        "en": "Write one record per rank with d2s-lab watch SCRIPT --record DIR (rank from PADDLE_TRAINER_ID or "
              "RANK), then merge them with d2s-lab watch --merge DIR --html OUT.html.",
        "zh": "先用 d2s-lab watch SCRIPT --record DIR 为每个 rank 写一份记录（rank 取自 PADDLE_TRAINER_ID 或 RANK），"
              "再用 d2s-lab watch --merge DIR --html OUT.html 合并。",
    },
    "watch.ranks.page_title": {"en": "d2s_lab watch: {n} rank(s)", "zh": "d2s_lab 监视：{n} 个 rank"},
    "watch.ranks.summary": {
        "en": "{n} rank(s), {functions} converted function(s); {uneven} of them recompile or run in dygraph "
              "on some ranks and not on others.",
        "zh": "{n} 个 rank，{functions} 个转换后的函数；其中 {uneven} 个只在部分 rank 上重新翻译或以动态图运行。",
    },
    "watch.ranks.rank": {"en": "rank {rank}", "zh": "rank {rank}"},
    "watch.ranks.cell": {
        "en": "{calls} call(s) · {recompiles} recompile(s) · {fallbacks} in dygraph",
        "zh": "调用 {calls} 次 · 重新翻译 {recompiles} 次 · 动态图运行 {fallbacks} 次",
    },
    "watch.ranks.time": {
        "en": "{ms} ms: translating {translate} · static {static} · dygraph {dygraph}",
        "zh": "{ms} ms：翻译 {translate} · 静态 {static} · 动态图 {dygraph}",
    },
    "watch.ranks.slow": {
        "en": "{name} took {ratio}x as long on rank {rank} as on rank {fastest} ({ms} ms against {fast_ms} ms); "
              "most of the difference {part} (+{part_ms} ms).",
        "zh": "{name} 在 rank {rank} 上花的时间是 rank {fastest} 的 {ratio} 倍（{ms} ms 对 {fast_ms} ms）；"
              "差别主要在{part}（多 {part_ms} ms）。",
    },
    "watch.ranks.part.translate": {"en": "translating", "zh": "翻译"},
    "watch.ranks.part.static": {"en": "in calls run from the cache", "zh": "从缓存运行的调用"},
    "watch.ranks.part.dygraph": {"en": "in calls run in dygraph", "zh": "以动态图运行的调用"},
    "watch.ranks.slow_fix.translate": {
        "en": "That rank translates more: its recompile reasons (its report below) name the value that differs.",
        "zh": "这个 rank 翻译得更多：它的重新翻译原因（见下面它的报告）指出了不同的值。",
    },
    "watch.ranks.slow_fix.static": {
        "en": "The same compiled code runs longer there: that rank's data (shapes, batch) or its device differs.",
        "zh": "同样的编译代码在那里运行得更久：那个 rank 的数据（形状、批大小）或设备不同。",
    },
    "watch.ranks.slow_fix.dygraph": {
        "en": "That rank runs more of the function in dygraph: see its runs in dygraph and graph breaks below.",
        "zh": "那个 rank 以动态图运行了函数的更多部分：见下面它以动态图运行的调用和图中断。",
    },
    "watch.ranks.not_run": {"en": "not run", "zh": "未运行"},
    "watch.ranks.uneven.recompiles": {
        "en": "recompiles on some ranks only",
        "zh": "只在部分 rank 上重新翻译",
    },
    "watch.ranks.uneven.fallbacks": {
        "en": "runs in dygraph on some ranks only",
        "zh": "只在部分 rank 上以动态图运行",
    },
    "watch.ranks.uneven_fix": {
        "en": "The ranks wait for the slowest: find what differs between the ranks' inputs (the recompile reasons "
              "in each rank's report below) and make it the same.",
        "zh": "各个 rank 要等最慢的那个：找出各 rank 输入之间的不同（见下面各 rank 报告中的重新翻译原因），让它们一致。",
    },
    "watch.ranks.flag": {"en": "uneven", "zh": "不一致"},
    "watch.ranks.col.flag": {"en": "across ranks", "zh": "跨 rank"},
    "watch.ranks.report_of": {"en": "Rank {rank}", "zh": "Rank {rank}"},
    "watch.no_paddle": {
        "en": "This Paddle has no converted-function class to watch: nothing was recorded.",
        "zh": "这个 Paddle 没有可监视的转换函数类：没有记录任何内容。",
    },
    "watch.bad_name": {
        "en": "{name!r} is not a Python name to store the report under.",
        "zh": "{name!r} 不是可以保存报告的 Python 变量名。",
    },
    "watch.usage": {
        "en": "Usage: %%d2s_watch [--lang zh] [--as NAME] on the first line of a cell; the cell runs as written.",
        "zh": "用法：在单元格第一行写 %%d2s_watch [--lang zh] [--as NAME]；单元格会照原样运行。",
    },
    "watch.no_alert": {"en": "No alert: nothing translated again more than it should.",
                       "zh": "没有提醒：没有多余的重新翻译。"},
    "watch.alerts": {"en": "Alerts", "zh": "提醒"},
    "watch.functions": {"en": "Converted functions", "zh": "转换后的函数"},
    "watch.timeline": {"en": "Timeline", "zh": "时间线"},
    "watch.timeline_axis": {"en": "calls 1 → {n}", "zh": "调用 1 → {n}"},
    "watch.events": {"en": "Events", "zh": "事件"},
    "watch.nothing": {
        "en": "No converted function ran inside the watch (call a function made with paddle.jit.to_static in it).",
        "zh": "监视期间没有运行任何转换后的函数（请在其中调用用 paddle.jit.to_static 转换的函数）。",
    },
    "watch.stored": {"en": "The report is stored as {var} (a WatchReport).",
                     "zh": "报告已保存为 {var}（一个 WatchReport）。"},
    "watch.page_title": {"en": "d2s_lab watch: {title}", "zh": "d2s_lab 监视：{title}"},
    "watch.page_title_plain": {"en": "d2s_lab watch", "zh": "d2s_lab 监视"},
    "watch.events_dropped": {"en": "… {n} event(s) not kept …", "zh": "…… 有 {n} 个事件未保留 ……"},
    "watch.dropped": {"en": "Events not kept (only the first and last are): {counts}",
                      "zh": "未保留的事件（只保留最早和最新的）：{counts}"},
    "watch.kind.translate": {"en": "translated", "zh": "翻译"},
    "watch.kind.recompile": {"en": "recompiled", "zh": "重新翻译"},
    "watch.kind.fallback": {"en": "ran in dygraph", "zh": "以动态图运行"},
    "watch.kind.dynamic": {"en": "made dynamic", "zh": "变为动态"},
    "watch.col.function": {"en": "function", "zh": "函数"},
    "watch.col.where": {"en": "file:line", "zh": "文件:行"},
    "watch.col.path": {"en": "path", "zh": "路径"},
    "watch.col.calls": {"en": "calls", "zh": "调用"},
    "watch.col.translations": {"en": "translations", "zh": "翻译"},
    "watch.col.recompiles": {"en": "recompiles", "zh": "重新翻译"},
    "watch.col.fallbacks": {"en": "in dygraph", "zh": "动态图运行"},
    "watch.col.translate_s": {"en": "translate/compile", "zh": "翻译/编译"},
    "watch.col.total_s": {"en": "all calls", "zh": "调用总时间"},
    "watch.col.dynamic": {"en": "dynamic", "zh": "动态维度"},
    "watch.col.step": {"en": "call", "zh": "调用"},
    "watch.col.event": {"en": "event", "zh": "事件"},
    "watch.col.call": {"en": "its call", "zh": "第几次调用"},
    "watch.col.why": {"en": "why", "zh": "原因"},
    "watch.cell_title": {"en": "the cell", "zh": "单元格"},
    "watch.skip_exception_table": {
        "en": "Paddle's SOT does not translate a function with try/except (an exception table) on Python {version}: "
              "the whole function runs in dygraph, and Paddle says nothing about it. Move the try/except out of the "
              "function given to paddle.jit.to_static, or convert it with paddle.jit.to_static(..., "
              "full_graph=True) (the AST path).",
        "zh": "在 Python {version} 上，Paddle 的 SOT 不翻译含 try/except（异常表）的函数：整个函数以动态图运行，"
              "Paddle 对此不作任何提示。请把 try/except 移出交给 paddle.jit.to_static 的函数，"
              "或用 paddle.jit.to_static(..., full_graph=True)（AST 路径）转换它。",
    },
    "watch.skip_file": {
        "en": "SOT never translates code in Paddle's own files or in the libraries it skips "
              "(paddle.jit.sot.opcode_translator.skip_files): {name} (in {file}) runs in dygraph. Give "
              "paddle.jit.to_static a Layer of your own whose forward calls this one, or convert with "
              "paddle.jit.to_static(..., full_graph=True) (the AST path).",
        "zh": "SOT 从不翻译 Paddle 自己的文件或它跳过的库中的代码（paddle.jit.sot.opcode_translator.skip_files）："
              "{name}（位于 {file}）以动态图运行。请把你自己的 Layer 交给 paddle.jit.to_static，在它的 forward 中"
              "调用这个层，或用 paddle.jit.to_static(..., full_graph=True)（AST 路径）转换。",
    },
    "watch.always_dygraph": {
        "en": "runs in dygraph on every call, because SOT skips it before its cache: {reason}",
        "zh": "每次调用都以动态图运行，因为 SOT 在查缓存之前就跳过了它：{reason}",
    },
    "watch.every_call": {"en": "every call", "zh": "每次调用"},
    "watch.col.static_s": {"en": "static", "zh": "静态图"},
    "watch.col.dygraph_s": {"en": "dygraph", "zh": "动态图"},
    "watch.per_call": {"en": "{time}/call", "zh": "每次 {time}"},
    "watch.time_note": {
        "en": "Time of the calls: translate/compile (SOT translating, Programs built), then the rest of the "
              "calls run from the cache (static) or in dygraph.",
        "zh": "调用的时间：翻译/编译（SOT 翻译、构建 Program），其余是从缓存运行的时间（静态图）或以动态图运行的时间。",
    },
    "watch.legend.time": {"en": "time per step:", "zh": "每步时间："},
    "watch.legend.marks": {"en": "marks:", "zh": "标记："},
    "watch.twin_note": {
        "en": "The picture above is the timeline (steps left to right, one row per function; the bar on top "
              "stacks each step's time); the events below list the same calls.",
        "zh": "上面的图片就是时间线（从左到右是各步，每个函数一行；顶部的条形图叠放每步的时间）；下面的事件表列出了相同的调用。",
    },
    "watch.picture": {"en": "The timeline as a picture (PNG)", "zh": "时间线图片（PNG）"},
    "watch.no_await": {
        "en": "%%d2s_watch cannot run a cell with a top-level `await`: nothing was run.",
        "zh": "%%d2s_watch 不能运行含顶层 `await` 的单元格：什么都没有运行。",
    },
    "watch.no_await_hint": {
        "en": "Watch it in Python instead: `with d2s_lab.watch() as w:` around the lines in a plain cell "
              "(IPython runs its `await`), then `w.report()`.",
        "zh": "改用 Python 监视：在普通单元格中用 `with d2s_lab.watch() as w:` 包住这些行（IPython 会运行其中的 `await`），"
              "然后查看 `w.report()`。",
    },
}
