"""Messages about d2s_lab's hooks into Paddle's internals (on, off, not firing)."""

TEXTS = {
    "hooks.off_env": {
        "en": "d2s_lab's hooks into Paddle are off ({env}=1): nothing of Paddle is patched, so this view, which reads SOT from inside, is not available. Unset {env} (before d2s_lab is imported) to have it.",
        "zh": "d2s_lab 对 Paddle 的钩子已关闭（{env}=1）：Paddle 的任何部分都没有被修改，因此这个需要从内部读取 SOT 的视图不可用。要使用它，请在导入 d2s_lab 之前取消 {env}。",
    },
    "hooks.off_call": {
        "en": "d2s_lab's hooks into Paddle are off (d2s_lab.set_hooks(False)): nothing of Paddle is patched, so this view, which reads SOT from inside, is not available. d2s_lab.set_hooks(True) turns them on again.",
        "zh": "d2s_lab 对 Paddle 的钩子已关闭（d2s_lab.set_hooks(False)）：Paddle 的任何部分都没有被修改，因此这个需要从内部读取 SOT 的视图不可用。d2s_lab.set_hooks(True) 可重新打开它们。",
    },
    "hooks.not_firing": {
        "en": "{what}: Paddle {version} translated in this run, but the hook d2s_lab puts on its {where} did not fire, so this part is not shown (Paddle's internals may have changed).",
        "zh": "{what}：Paddle {version} 在这次运行中进行了翻译，但 d2s_lab 在它的 {where} 上设置的钩子没有触发，因此这部分不显示（Paddle 的内部实现可能已经改变）。",
    },
    "hooks.what_frames": {
        "en": "The frames SOT translated and where it broke them",
        "zh": "SOT 翻译的帧以及它在哪里拆分这些帧",
    },
    "hooks.what_calls": {
        "en": "The record of later calls (%d2s_calls)",
        "zh": "之后调用的记录（%d2s_calls）",
    },
    "hooks.what_lines": {
        "en": "The line of each subgraph op",
        "zh": "每个子图算子所在的行",
    },
}
