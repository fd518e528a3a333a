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
        "en": "Paddle Inference, oneDNN off",
        "zh": "Paddle Inference，关闭 oneDNN",
    },
    "bench.runtime.predictor_onednn": {
        "en": "Paddle Inference, oneDNN on",
        "zh": "Paddle Inference，开启 oneDNN",
    },
    "bench.default_predictor": {
        "en": "Paddle Inference (default: oneDNN off)",
        "zh": "Paddle Inference（默认：关闭 oneDNN）",
    },
    "bench.default_predictor_onednn": {
        "en": "Paddle Inference (default: oneDNN on)",
        "zh": "Paddle Inference（默认：开启 oneDNN）",
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
    "bench.advice.ts_slower": {
        "en": "to_static alone makes {name} {s}x slower ({ts} vs eager {eager} {at})",
        "zh": "仅 to_static 反而让 {name} 慢了 {s} 倍（{at}：{ts}，动态图 {eager}）",
    },
    "bench.advice.predictor_slower": {
        "en": "the fastest Paddle Inference predictor is {s}x slower than eager ({label}: {ms})",
        "zh": "最快的 Paddle Inference 预测器比动态图慢 {s} 倍（{label}：{ms}）",
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
    "bench.advice.rows_missing": {
        "en": "{labels}: no timings (the row's note says why)",
        "zh": "{labels}：没有计时（原因见该行的说明）",
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
    "bench.dur_s": {
        "en": "{s} s",
        "zh": "{s} 秒",
    },
    "bench.dur_min": {
        "en": "{m} min {s} s",
        "zh": "{m} 分 {s} 秒",
    },
    "bench.dur_h": {
        "en": "{h} h {m} min",
        "zh": "{h} 小时 {m} 分",
    },
    "bench.progress_left": {
        "en": "{msg} · about {left} left",
        "zh": "{msg} · 约剩 {left}",
    },
    "bench.progress_elapsed": {
        "en": "{msg} ({elapsed} so far)",
        "zh": "{msg}（已用 {elapsed}）",
    },
    "bench.progress_done": {
        "en": "done in {took}",
        "zh": "完成，用时 {took}",
    },
    "bench.progress_check": {
        "en": "checking {runtime}, batch {batch}",
        "zh": "检查 {runtime}，批大小 {batch}",
    },
    "bench.progress_check_train": {
        "en": "checking a training step, {runtime}, batch {batch}",
        "zh": "检查一个训练步，{runtime}，批大小 {batch}",
    },
    "bench.progress_estimate": {
        "en": "estimating {runtime}, batch {batch}",
        "zh": "估计 {runtime} 的用时，批大小 {batch}",
    },
    "bench.progress_timing": {
        "en": "timing batch {batch}: {n} runtimes in turn",
        "zh": "计时批大小 {batch}：{n} 个运行时轮流运行",
    },
    "bench.budget_bad": {
        "en": "Time budget {budget}: give a number of seconds above 0.",
        "zh": "时间预算 {budget}：请给出大于 0 的秒数。",
    },
    "bench.budget_hint": {
        "en": "For example --budget 120 (budget=120 in d2s_lab.bench or d2s_lab.profile), or leave it out for no limit.",
        "zh": "例如 --budget 120（d2s_lab.bench 或 d2s_lab.profile 中为 budget=120），不限时则省略。",
    },
    "bench.budget_batches": {
        "en": "Time budget {budget}: batch {batches} left out (estimated {est} more).",
        "zh": "时间预算 {budget}：省略了批大小 {batches}（估计还需 {est}）。",
    },
    "bench.budget_runs": {
        "en": "Time budget {budget}: one warm-up call, no minimum time, at least {runs} timed "
              "calls per runtime (asked: {was}); the timing was estimated at {est}.",
        "zh": "时间预算 {budget}：预热 1 次，不设最短时间，每个运行时至少计时 {runs} 次"
              "（要求 {was} 次）；计时估计用时 {est}。",
    },
    "bench.budget_over": {
        "en": "Time budget {budget}: even the smallest plan needs about {est}; the timing stops "
              "at the budget, with fewer calls.",
        "zh": "时间预算 {budget}：即使最小的方案也需要约 {est}；计时到预算即停止，调用次数更少。",
    },
    "bench.dim_batch_twice": {
        "en": "--dim {entry} and --batch {batch} both size axis 0, the batch.",
        "zh": "--dim {entry} 和 --batch {batch} 都在指定第 0 维（批维度）的大小。",
    },
    "bench.dim_batch_twice_hint": {
        "en": "Give one: --dim 0=N times batch N alone, as --batch N does; --batch 1,8 times several.",
        "zh": "请只给出其中一个：--dim 0=N 只对批大小 N 计时，与 --batch N 相同；--batch 1,8 对多个批大小计时。",
    },
    "bench.dim_missing": {
        "en": "The benchmark needs a size for each dynamic axis after the batch axis: "
              "{which} has none.",
        "zh": "基准测试需要批维度之后每个动态维度的大小：{which} 没有给出。",
    },
    "bench.dim_missing_hint": {
        "en": "Give it, e.g. {option} for a sequence length of 128 ({api} in d2s_lab.bench), "
              "or convert with an example input of the size to time.",
        "zh": "请给出大小，例如序列长度 128 时用 {option}（d2s_lab.bench 中为 {api}），"
              "或者用要计时的大小的示例输入来转换。",
    },
    "bench.shapes_line": {
        "en": "batch {batch}: inputs {shapes}",
        "zh": "批大小 {batch}：输入 {shapes}",
    },
    "bench.took": {
        "en": "took {took} (estimated {est} before the timing)",
        "zh": "用时 {took}（计时前估计 {est}）",
    },
    "bench.passes_none": {
        "en": "its passes changed no op",
        "zh": "它的 pass 没有改动任何算子",
    },
    "bench.tcol_diff": {
        "en": "max |diff|",
        "zh": "最大 |差异|",
    },
    "bench.mismatch": {
        "en": "MISMATCH",
        "zh": "结果不一致",
    },
    "bench.str_train": {
        "en": "training step",
        "zh": "训练步",
    },
    "bench.str_note": {
        "en": "note: {note}",
        "zh": "注：{note}",
    },
    "bench.str_head": {
        "en": "{name}: {kind} on {device}, {threads}, Paddle {version}",
        "zh": "{name}：在 {device} 上{kind}，{threads}，Paddle {version}",
    },
    "bench.no_cuda": {
        "en": "device={device}: this Paddle build has no CUDA support.",
        "zh": "device={device}：这个 Paddle 版本不支持 CUDA。",
    },
    "bench.no_cuda_hint": {
        "en": "Install paddlepaddle-gpu, or use device='cpu'.",
        "zh": "请安装 paddlepaddle-gpu，或使用 device='cpu'。",
    },
    "bench.unknown_device": {
        "en": "Unknown device {device}.",
        "zh": "未知的设备 {device}。",
    },
    "bench.unknown_device_hint": {
        "en": "Use 'cpu' or 'gpu' (or 'gpu:N').",
        "zh": "请用 'cpu' 或 'gpu'（或 'gpu:N'）。",
    },
    "bench.nothing_to_time": {
        "en": "{name} has no converted function to time.",
        "zh": "{name} 没有可计时的转换后函数。",
    },
    "bench.nothing_to_time_hint": {
        "en": "Fix the conversion error first (see the %%to_static report).",
        "zh": "请先修好转换错误（见 %%to_static 的报告）。",
    },
    "bench.unknown_runtimes": {
        "en": "Unknown runtime(s): {runtimes}.",
        "zh": "未知的运行时：{runtimes}。",
    },
    "bench.choose_runtimes": {
        "en": "Choose from {runtimes}.",
        "zh": "请从以下选择：{runtimes}。",
    },
    "bench.batch_not_positive": {
        "en": "Batch size {b} is not positive.",
        "zh": "批大小 {b} 不是正数。",
    },
    "bench.interrupted": {
        "en": "The benchmark was interrupted after {seconds} s; nothing was stored.",
        "zh": "基准测试在 {seconds} s 后被中断；未保存任何结果。",
    },
    "bench.interrupted_hint": {
        "en": "If the model never returns (a loop whose end depends on the data), check it with %%to_static --run-timeout first; --budget SECONDS bounds a long benchmark.",
        "zh": "如果模型一直不返回（循环的结束取决于数据），请先用 %%to_static --run-timeout 检查；--budget SECONDS 可限制较长的基准测试。",
    },
    "bench.first_call_stopped": {
        "en": "its first call at batch {batch} was still running when the budget ran out after {seconds} s, and was stopped; does a loop's end depend on the data?",
        "zh": "它在批大小 {batch} 的第一次调用在 {seconds} s 后预算用完时仍在运行，已被停止；是否有循环的结束取决于数据？",
    },
    "bench.first_call_died": {
        "en": "its first call at batch {batch}, tried in a separate process first, ended that process",
        "zh": "它在批大小 {batch} 的第一次调用（先在单独的进程中尝试）使该进程结束",
    },
    "bench.no_inference": {
        "en": "This Paddle build has no Paddle Inference ({error}).",
        "zh": "这个 Paddle 版本没有 Paddle Inference（{error}）。",
    },
    "bench.no_set_threads": {
        "en": "Paddle {version} has neither paddle.set_num_threads nor paddle.base.core.set_num_threads: dygraph and to_static use its default number of CPU threads.",
        "zh": "Paddle {version} 既没有 paddle.set_num_threads 也没有 paddle.base.core.set_num_threads：动态图和 to_static 使用默认的 CPU 线程数。",
    },
    "bench.no_onednn": {
        "en": "Paddle {version}'s inference Config has neither enable_onednn nor enable_mkldnn: no oneDNN backend.",
        "zh": "Paddle {version} 的推理 Config 既没有 enable_onednn 也没有 enable_mkldnn：没有 oneDNN 后端。",
    },
    "bench.onednn_list_attr": {
        "en": "Paddle's oneDNN executor cannot run this program: it has no conversion for a list of float64 "
              "attribute values, a known issue of Paddle 3.3.0 and 3.3.1 (Paddle: \"{paddle}\"). The ops of "
              "its program holding such a list: {ops}. The Paddle Inference row without oneDNN does not use "
              "this executor.",
        "zh": "Paddle 的 oneDNN 执行器无法运行这个程序：它不支持转换 float64 列表类型的属性值，这是 Paddle 3.3.0 和 "
              "3.3.1 的已知问题（Paddle 原话：\"{paddle}\"）。程序中带有这种列表的算子：{ops}。不用 oneDNN 的 "
              "Paddle Inference 那一行不使用这个执行器。",
    },
    "bench.onednn_list_unknown": {
        "en": "not found in the program Paddle wrote",
        "zh": "在 Paddle 写出的程序中未找到",
    },
    "bench.onnx_unsupported": {
        "en": "paddle2onnx does not convert these operators, so it stopped the export: {ops}",
        "zh": "paddle2onnx 不支持转换这些算子，因此中止了导出：{ops}",
    },
    "bench.onnx_export_died": {
        "en": "paddle2onnx ended its process ({sig}) while exporting; the kernel goes on without this row",
        "zh": "paddle2onnx 在导出时结束了自己的进程（{sig}）；内核不受影响，只是没有这一行",
    },
    "bench.onnx_export_failed": {
        "en": "paddle2onnx could not export the model: {error}",
        "zh": "paddle2onnx 无法导出该模型：{error}",
    },
    "bench.onnx_export_timeout": {
        "en": "the ONNX export took longer than {s} s and was stopped",
        "zh": "ONNX 导出用时超过 {s} s，已被停止",
    },
    "bench.onnx_no_model": {
        "en": "paddle2onnx wrote no model",
        "zh": "paddle2onnx 没有写出模型",
    },
    "bench.onnx_no_cuda": {
        "en": "this onnxruntime has no CUDA provider (install onnxruntime-gpu)",
        "zh": "这个 onnxruntime 没有 CUDA provider（请安装 onnxruntime-gpu）",
    },
    "bench.train_needs_layer": {
        "en": "--train needs a paddle.nn.Layer; {name} is a function.",
        "zh": "--train 需要 paddle.nn.Layer；{name} 是一个函数。",
    },
    "bench.train_needs_layer_hint": {
        "en": "Benchmark the Layer that owns the parameters.",
        "zh": "请对拥有这些参数的层做基准测试。",
    },
    "bench.failed_at_batch": {
        "en": "failed at batch {batch}: {error}",
        "zh": "在批大小 {batch} 时失败：{error}",
    },
    "bench.no_program_file": {
        "en": "paddle.jit.save wrote no program file",
        "zh": "paddle.jit.save 没有写出程序文件",
    },
    "bench.onednn_cpu_only": {
        "en": "oneDNN is a CPU backend",
        "zh": "oneDNN 是 CPU 后端",
    },
    "bench.no_predictor": {
        "en": "could not create the predictor: {error}",
        "zh": "无法创建预测器：{error}",
    },
    "bench.progress_saving": {
        "en": "saving the model for the deployment runtimes",
        "zh": "正在为部署运行时保存模型",
    },
    "bench.note_sot": {
        "en": "to_static here is SOT (bytecode translation, Paddle's default); the predictor and ONNX columns use the saved full Program.",
        "zh": "这里的 to_static 是 SOT（字节码翻译，Paddle 的默认方式）；预测器和 ONNX 两列使用保存的完整 Program。",
    },
    "bench.note_fixed_shape": {
        "en": "The inputs have no dynamic dimension: timed at their fixed shape only.",
        "zh": "输入没有动态维度：只在其固定形状下计时。",
    },
    "bench.printed": {
        "en": "What the function printed while it was timed ({n} lines) was kept out of the output; printing still counts in the times.",
        "zh": "函数在计时期间打印的内容（{n} 行）没有放进输出；打印的耗时仍计入时间。",
    },
}
