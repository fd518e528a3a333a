"""Words of the benchmark: runtime names, the predictor's rewrites table."""

TEXTS = {
    "bench.predictor_runs": {
        "en": "What the predictor runs: its IR passes rewrite the saved program",
        "zh": "预测器实际运行的程序：它的 IR pass 改写了保存的程序",
    },
    "bench.predictor_runs_how": {
        "en": "shows it op by op",
        "zh": "逐个算子显示",
    },
    "bench.col_predictor": {
        "en": "predictor",
        "zh": "预测器",
    },
    "bench.col_ops_saved_run": {
        "en": "ops saved → run",
        "zh": "算子数 保存 → 运行",
    },
    "bench.col_rewrites": {
        "en": "rewrites",
        "zh": "改写",
    },
    "bench.runtime.eager": {
        "en": "dygraph (eager)",
        "zh": "动态图 (eager)",
    },
    "bench.runtime.to_static": {
        "en": "to_static",
        "zh": "to_static",
    },
    "bench.runtime.predictor": {
        "en": "Paddle Inference",
        "zh": "Paddle Inference",
    },
    "bench.runtime.predictor_onednn": {
        "en": "Paddle Inference + oneDNN",
        "zh": "Paddle Inference + oneDNN",
    },
    "bench.runtime.onnxruntime": {
        "en": "ONNX Runtime",
        "zh": "ONNX Runtime",
    },
    "bench.reference": {
        "en": "reference",
        "zh": "基准",
    },
    "bench.differs": {
        "en": "differs",
        "zh": "不一致",
    },
    "bench.skipped": {
        "en": "{runtime}: skipped ({why})",
        "zh": "{runtime}：已跳过（{why}）",
    },
    "bench.kind_train": {
        "en": "training step (forward, backward, SGD)",
        "zh": "训练步（前向、反向、SGD）",
    },
    "bench.kind_inference": {
        "en": "inference",
        "zh": "推理",
    },
    "bench.threads": {
        "en": "{n} thread(s)",
        "zh": "{n} 个线程",
    },
    "bench.chart_alt": {
        "en": "median latency per runtime",
        "zh": "各运行时的延迟中位数",
    },
    "bench.col_runtime": {
        "en": "runtime",
        "zh": "运行时",
    },
    "bench.col_batch": {
        "en": "batch",
        "zh": "批大小",
    },
    "bench.col_median": {
        "en": "median ms",
        "zh": "中位数 ms",
    },
    "bench.col_samples": {
        "en": "samples/s",
        "zh": "样本/秒",
    },
    "bench.col_runs": {
        "en": "runs",
        "zh": "运行次数",
    },
    "bench.col_diff": {
        "en": "max |diff| vs eager",
        "zh": "与 eager 的最大 |差异|",
    },
    "bench.advice.none": {
        "en": "No timings to compare.",
        "zh": "没有可比较的计时。",
    },
    "bench.advice.at_batch": {
        "en": "at batch {b}",
        "zh": "批大小 {b} 时",
    },
    "bench.advice.on_input": {
        "en": "on the given input",
        "zh": "在给定输入上",
    },
    "bench.advice.train_eager": {
        "en": "A training step takes {eager} in eager mode {at}.",
        "zh": "{at}，动态图模式下一个训练步用时 {eager}。",
    },
    "bench.advice.train_faster": {
        "en": "to_static makes a training step of {name} {s}x faster",
        "zh": "to_static 让 {name} 的训练步快了 {s} 倍",
    },
    "bench.advice.train_slower": {
        "en": "to_static makes a training step of {name} {s}x slower",
        "zh": "to_static 让 {name} 的训练步慢了 {s} 倍",
    },
    "bench.advice.train_same": {
        "en": "to_static does not change the speed of a training step of {name} much",
        "zh": "to_static 对 {name} 训练步的速度影响不大",
    },
    "bench.advice.train_line": {
        "en": "{verdict} ({ts} vs eager {eager} {at}).",
        "zh": "{verdict}（{at}：{ts}，动态图 {eager}）。",
    },
    "bench.advice.ts_faster": {
        "en": "to_static alone speeds {name} up {s}x ({ts} vs eager {eager} {at})",
        "zh": "仅 to_static 就让 {name} 快了 {s} 倍（{at}：{ts}，动态图 {eager}）",
    },
    "bench.advice.ts_same": {
        "en": "to_static alone does not speed {name} up ({ts} vs eager {eager} {at})",
        "zh": "仅 to_static 并没有让 {name} 变快（{at}：{ts}，动态图 {eager}）",
    },
    "bench.advice.predictor_faster": {
        "en": "the {label} predictor does: {s}x faster than eager ({ms})",
        "zh": "{label} 预测器做到了：比动态图快 {s} 倍（{ms}）",
    },
    "bench.advice.runtime_faster": {
        "en": "{label} does: {s}x faster than eager ({ms})",
        "zh": "{label} 做到了：比动态图快 {s} 倍（{ms}）",
    },
    "bench.advice.predictor_same": {
        "en": "the Paddle Inference predictor is not much faster either ({label}: {s}x eager)",
        "zh": "Paddle Inference 预测器也快不了多少（{label}：动态图的 {s} 倍）",
    },
    "bench.advice.onnx": {
        "en": "ONNX Runtime: {s}x eager ({ms})",
        "zh": "ONNX Runtime：动态图的 {s} 倍（{ms}）",
    },
    "bench.advice.passes": {
        "en": "the {label} program has {n_run} ops where the saved one has {n_saved}: {passes}",
        "zh": "{label} 的程序有 {n_run} 个算子，而保存的程序有 {n_saved} 个：{passes}",
    },
    "bench.advice.mismatch": {
        "en": "outputs differ from eager for {which}: check before deploying",
        "zh": "{which} 的输出与动态图不同：部署前请检查",
    },
    "bench.advice.eager_only": {
        "en": "eager takes {eager} {at}",
        "zh": "{at}，动态图用时 {eager}",
    },
    "bench.advice.sep": {
        "en": "; ",
        "zh": "；",
    },
    "bench.advice.end": {
        "en": ".",
        "zh": "。",
    },
}
