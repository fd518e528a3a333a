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
    "check.summary_nothing": {
        "en": "nothing compared (no output is a tensor or a plain value)",
        "zh": "没有可比较的输出（没有输出是张量或普通值）",
    },
    "check.summary_no_static": {
        "en": " (in dygraph both: Paddle ran no static subgraph)",
        "zh": "（两边都是动态图：Paddle 没有运行静态子图）",
    },
    "check.no_static_ran": {
        "en": "Paddle ran every subgraph of this function in dygraph (each is under MIN_GRAPH_SIZE), so this compared dygraph with dygraph: it says nothing about a static program. Set os.environ['MIN_GRAPH_SIZE'] = '0' and convert again to compare a static run.",
        "zh": "Paddle 在动态图中运行了这个函数的每个子图（每个都小于 MIN_GRAPH_SIZE），所以这里比较的是动态图与动态图，并不说明静态程序的情况。设置 os.environ['MIN_GRAPH_SIZE'] = '0' 后重新转换，才能比较静态运行。",
    },
    "check.object_not_compared": {
        "en": "An output is a {kind} object, not a tensor, and was not compared. On this path the graph breaks where it is built and Python builds it again on every call; compare its tensors (e.g. the logits or probabilities) by returning them.",
        "zh": "有一个输出是 {kind} 对象而不是张量，没有参与比较。在这条路径上，图在构建它的地方中断，Python 每次调用都会重新构建它；若要比较，请返回它的张量（例如 logits 或概率）。",
    },
    "check.summary_agree": {
        "en": "dygraph and static agree",
        "zh": "动态图与静态图结果一致",
    },
    "check.summary_noise": {
        "en": "dygraph and static agree (within float rounding)",
        "zh": "动态图与静态图结果一致（在浮点舍入误差之内）",
    },
    "check.within_noise": {
        "en": "float rounding: the difference is within what {ops} {dtype} ops can accumulate ({bound})",
        "zh": "浮点舍入：差异在 {ops} 个 {dtype} 算子可能累积的误差之内（{bound}）",
    },
    "check.layer_not_fetched": {
        "en": "not fetched (inside control flow, or not called in static mode)",
        "zh": "未取到（在控制流内部，或在静态模式下没有被调用）",
    },
    "check.layer_not_alone": {
        "en": "could not run alone",
        "zh": "无法单独运行",
    },
    "check.frozen_object": {
        "en": "a {kind} object, not a tensor: not compared",
        "zh": "一个 {kind} 对象，不是张量：未比较",
    },
    "check.frozen_warning": {
        "en": "An output is a {kind} object, not a tensor: the static program returns the one built while Paddle traced forward, with the values of that trace, on every call. Return its tensors (e.g. the logits or probabilities) and build the object outside the converted function.",
        "zh": "有一个输出是 {kind} 对象，不是张量：静态程序每次调用都返回 Paddle 追踪 forward 时构建的那一个，带着那次追踪的值。请返回它的张量（例如 logits 或概率），并在转换的函数之外构建这个对象。",
    },
    "check.frozen_value": {
        "en": "An output is a Python {kind}, not a Tensor: in static mode it is frozen at what the first trace saw.",
        "zh": "有一个输出是 Python 的 {kind}，不是 Tensor：在静态模式下它固定为第一次追踪时看到的值。",
    },
    "check.frozen_at": {
        "en": "It is built at {place}.",
        "zh": "它在 {place} 处构建。",
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
    # the old name of d2s_lab.NumericCheck, still importable
    "check.renamed": {
        "en": "d2s_lab.CheckResult is now called d2s_lab.NumericCheck; the old name will be removed.",
        "zh": "d2s_lab.CheckResult 已改名为 d2s_lab.NumericCheck；旧名称将被移除。",
    },
}
