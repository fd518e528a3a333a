"""Words of the later-calls record (``conv.calls()``, ``%d2s_calls``)."""

TEXTS = {
    "calls.summary": {
        "en": "{name}: {n} later call(s), {new} made a new cache entry or Program",
        "zh": "{name}：之后调用了 {n} 次，其中 {new} 次新建了缓存项或 Program",
    },
    "calls.not_watched": {
        "en": "No later call is recorded for this object (it was not converted by d2s_lab, or its conversion failed).",
        "zh": "这个对象没有记录之后的调用（它不是由 d2s_lab 转换的，或转换失败了）。",
    },
    "calls.not_converted": {
        "en": "{name} has no converted function to call: its conversion failed. See the report.",
        "zh": "{name} 没有可调用的转换结果：转换失败了。请查看报告。",
    },
    "calls.none_yet": {
        "en": "No call of {name} since its conversion. Call it (e.g. {how}) and run this again.",
        "zh": "{name} 转换之后还没有被调用。调用它（例如 {how}）后再运行一次。",
    },
    "calls.always_dygraph": {
        "en": "{name} runs in dygraph on every call: SOT gave up on it at {where} ({reason}; see the report). "
              "SOT skips such a function before its cache, so its calls translate nothing and none is listed.",
        "zh": "{name} 每次调用都以动态图运行：SOT 在 {where} 放弃了它（{reason}；见报告）。"
              "SOT 在查缓存之前就跳过这样的函数，所以它的调用不会翻译任何东西，这里也不列出。",
    },
    "calls.guard_failed": {
        "en": "`{guard}` failed: now {now}",
        "zh": "`{guard}` 不成立：现在是 {now}",
    },
    "calls.guard_failed_type": {
        "en": "`{guard}` failed: {name} is a {type} now",
        "zh": "`{guard}` 不成立：{name} 现在是 {type}",
    },
    "calls.guard_failed_plain": {
        "en": "`{guard}` failed",
        "zh": "`{guard}` 不成立",
    },
    "calls.now_dynamic": {
        "en": ", so {what} is dynamic in the new entry",
        "zh": "，因此新缓存项中 {what} 是动态的",
    },
    "calls.in_frames": {
        "en": " (in {frames})",
        "zh": "（在 {frames} 中）",
    },
    "calls.first_resume": {
        "en": "first call of {frame} (code after a graph break, translated when first reached)",
        "zh": "第一次调用 {frame}（图中断之后的代码，第一次执行到时才翻译）",
    },
    "calls.cache_full": {
        "en": "the cache of {frame} is full (MAX_CACHE_SIZE {limit}): it runs in dygraph",
        "zh": "{frame} 的缓存已满（MAX_CACHE_SIZE {limit}）：它以动态图运行",
    },
    "calls.not_kept_dygraph": {
        "en": "; SOT translated it again but kept no cache entry: this call ran in dygraph",
        "zh": "；SOT 重新翻译了它，但没有保留缓存项：这次调用以动态图运行",
    },
    "calls.not_kept": {
        "en": "; SOT translated it again but kept no cache entry",
        "zh": "；SOT 重新翻译了它，但没有保留缓存项",
    },
    "calls.new_entry_unknown": {
        "en": "{frame} translated again (no single failing guard found)",
        "zh": "{frame} 被重新翻译（没有找到单个不成立的守卫条件）",
    },
    "calls.ast_changed": {
        "en": "{name} was {before}, now {now}: a new Program",
        "zh": "{name} 原为 {before}，现在是 {now}：新建了一个 Program",
    },
    "calls.col_call": {"en": "call", "zh": "调用"},
    "calls.col_result": {"en": "result", "zh": "结果"},
    "calls.col_why": {"en": "why", "zh": "原因"},
    "calls.col_cache": {"en": "cache", "zh": "缓存"},
    "calls.col_translate": {"en": "translating", "zh": "翻译耗时"},
    "calls.hit": {"en": "cache hit", "zh": "命中缓存"},
    "calls.new": {"en": "new entry", "zh": "新缓存项"},
    "calls.new_program": {"en": "new Program", "zh": "新 Program"},
    "calls.dygraph": {"en": "dygraph", "zh": "动态图"},
    "calls.older_dropped": {
        "en": "Only the last {n} calls are kept.",
        "zh": "只保留最近 {n} 次调用。",
    },
    "calls.how_avoid_sot": {
        "en": "A new entry costs a translation. Pass changing numbers as tensors, not Python values; for a batch size that changes, SOT makes the dimension dynamic after its second value.",
        "zh": "每个新缓存项都要重新翻译一次。变化的数值请以 Tensor 传入，而不是 Python 值；批大小变化时，SOT 在看到第二个取值后会把该维度设为动态。",
    },
    "calls.how_avoid_ast": {
        "en": "A new Program costs a trace. Give dimensions that change as None in the InputSpec (--input \"x: [None,3] float32\"), and pass changing numbers as tensors.",
        "zh": "每个新 Program 都要重新追踪一次。会变化的维度请在 InputSpec 中写成 None（--input \"x: [None,3] float32\"），变化的数值请以 Tensor 传入。",
    },
    "calls.usage": {
        "en": "Usage: %d2s_calls [NAME] (a Conversion, default _d2s)",
        "zh": "用法：%d2s_calls [NAME]（一个 Conversion，默认 _d2s）",
    },
    "calls.not_conversion": {
        "en": "{name} is a {type}, not a Conversion: pass the name %%to_static --as gave (default _d2s).",
        "zh": "{name} 是 {type}，不是 Conversion：请传入 %%to_static --as 给出的名字（默认 _d2s）。",
    },
    "calls.what": {
        "en": "Give a Conversion: the name %%to_static --as gave it (default _d2s), or what d2s_lab.convert returned.",
        "zh": "请给出一个 Conversion：%%to_static --as 给它的名字（默认 _d2s），或 d2s_lab.convert 返回的对象。",
    },
}
