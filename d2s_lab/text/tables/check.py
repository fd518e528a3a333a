"""Words of the numeric check (``d2s_lab.check``) itself; its view's words are elsewhere."""

TEXTS = {
    # when the dygraph output changes with the random seed
    "check.random.general": {
        "en": "The dygraph output changes with the random seed (dropout or random ops are active "
              "in this mode): a difference from static mode may be randomness, not a conversion bug.",
        "zh": "动态图输出随随机种子变化（此模式下 dropout 或随机算子处于激活状态）：与静态图的差异可能来自随机性，"
              "而不是转换错误。",
    },
    "check.random.places": {
        "en": " Randomness is forced at {places}: `training=True` written out keeps dropout on in eval "
              "mode (pass `training=self.training`), and random ops draw new numbers each run.",
        "zh": " 强制随机的位置：{places}。写死的 `training=True` 会让 dropout 在 eval 模式下仍然生效"
              "（请传入 `training=self.training`），随机算子每次运行都会生成新的数。",
    },
    "check.summary_failed": {
        "en": "{name}: check failed: {error}",
        "zh": "{name}：检查失败：{error}",
    },
    "check.summary_agree": {
        "en": "dygraph and static agree",
        "zh": "动态图与静态图结果一致",
    },
    "check.summary_differ": {
        "en": "dygraph and static DIFFER",
        "zh": "动态图与静态图结果不一致",
    },
    "check.summary_first_layer": {
        "en": "; first divergent layer: {layer}",
        "zh": "；最先出现差异的层：{layer}",
    },
    "check.summary": {
        "en": "{name} [{mode}]: {verdict} (rtol {rtol}, atol {atol}, max abs diff {worst}){where}",
        "zh": "{name} [{mode}]：{verdict}（rtol {rtol}，atol {atol}，最大绝对误差 {worst}）{where}",
    },
}
