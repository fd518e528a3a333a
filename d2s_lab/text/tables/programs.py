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
}
