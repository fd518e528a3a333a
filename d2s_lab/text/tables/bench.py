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
}
