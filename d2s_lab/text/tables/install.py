"""Words about optional packages (which extra adds a feature) and the labs command's output."""

TEXTS = {
    "install.onnx_missing": {
        "en": "paddle2onnx and onnxruntime are not installed; pip install \"d2s_lab[bench]\" adds this column",
        "zh": "未安装 paddle2onnx 和 onnxruntime；pip install \"d2s_lab[bench]\" 可添加这一列",
    },
    "install.onnx_too_old": {
        "en": "paddle2onnx {version} has no export(); pip install \"d2s_lab[bench]\" installs a newer one",
        "zh": "paddle2onnx {version} 没有 export()；pip install \"d2s_lab[bench]\" 会安装较新的版本",
    },
    "install.chart_missing": {
        "en": "The chart needs matplotlib: pip install \"d2s_lab[bench]\" draws it (the table above is complete).",
        "zh": "图表需要 matplotlib：pip install \"d2s_lab[bench]\" 后即可绘制（上面的表格是完整的）。",
    },
    "install.chart_file_missing": {
        "en": "Writing a chart needs matplotlib: pip install \"d2s_lab[bench]\", or use -o bench.html.",
        "zh": "写出图表需要 matplotlib：pip install \"d2s_lab[bench]\"，或改用 -o bench.html。",
    },
    "install.run_needs_nbclient": {
        "en": "--run executes the labs with nbclient and ipykernel and exports them with nbconvert; "
              "missing here: {missing}. pip install \"d2s_lab[notebook]\" adds them.",
        "zh": "--run 用 nbclient 和 ipykernel 运行实验，并用 nbconvert 导出；这里缺少：{missing}。"
              "pip install \"d2s_lab[notebook]\" 可安装它们。",
    },
    "install.out_inside_package": {
        "en": "--out {path} is inside the installed d2s_lab package; choose a folder of your own, e.g. --out my_labs.",
        "zh": "--out {path} 位于已安装的 d2s_lab 包内；请选择你自己的文件夹，例如 --out my_labs。",
    },
    "install.labs_written": {
        "en": "Wrote {n} lab(s) in {langs} to {path}: student/ (to hand out, no solutions) and "
              "teacher/ (with solutions).",
        "zh": "已将 {n} 个实验（{langs}）写到 {path}：student/（发给学生，无答案）和 teacher/（含答案）。",
    },
    "install.labs_run_hint": {
        "en": "Add --run to execute each lab with its solutions and write HTML handouts.",
        "zh": "加上 --run 可用答案运行每个实验并生成 HTML 讲义。",
    },
    "install.progress_cell": {
        "en": "    [{s} s] cell {k}/{n}: {first}",
        "zh": "    [{s} 秒] 单元格 {k}/{n}：{first}",
    },
    "install.progress_running": {
        "en": "{name}: running ({mode} mode)...",
        "zh": "{name}：正在运行（{mode}模式）……",
    },
    "install.mode_quick": {
        "en": "quick",
        "zh": "快速",
    },
    "install.mode_full": {
        "en": "full",
        "zh": "完整",
    },
    "install.status_ok": {
        "en": "ok",
        "zh": "通过",
    },
    "install.status_failed": {
        "en": "FAILED",
        "zh": "未通过",
    },
    "install.progress_done": {
        "en": "{name}: {status} in {s} s, checks {passed}/{checks}",
        "zh": "{name}：{status}，用时 {s} 秒，自测 {passed}/{checks}",
    },
    "install.progress_failed_cells": {
        "en": ", failed check cells {cells}",
        "zh": "，未通过的自测单元格 {cells}",
    },
    "install.progress_error_cells": {
        "en": ", cells with errors {cells}",
        "zh": "，出错的单元格 {cells}",
    },
    "install.no_lab_matched": {
        "en": "No lab matched --only; the labs: {names}.",
        "zh": "--only 没有匹配任何实验；可用的实验：{names}。",
    },
    "install.runs_done": {
        "en": "{n} lab run(s) in {s} s; handouts in {path}",
        "zh": "运行了 {n} 个实验，用时 {s} 秒；讲义在 {path}",
    },
    "install.partial": {
        "en": " ({n} partly not checked on this Paddle)",
        "zh": "（其中 {n} 项在这个 Paddle 版本上部分未检查）",
    },
    "install.run_line": {
        "en": "  {lab}: {s} s, checks {passed}/{checks} pass{partial}",
        "zh": "  {lab}：{s} 秒，自测通过 {passed}/{checks}{partial}",
    },
    "install.not_passing": {
        "en": "Not passing: {labs}",
        "zh": "未通过：{labs}",
    },
    "install.lang_use": {
        "en": "--lang: use {langs}",
        "zh": "--lang：请用 {langs}",
    },
    "install.demo_cell": {
        "en": "[{s} s] cell {k}/{n}: {first}",
        "zh": "[{s} 秒] 单元格 {k}/{n}：{first}",
    },
    "install.demo_cifar": {
        "en": "CIFAR-10: {where}",
        "zh": "CIFAR-10：{where}",
    },
    "install.demo_cifar_download": {
        "en": "Paddle download/cache (set {var} to use a local file)",
        "zh": "Paddle 下载/缓存（设置 {var} 可使用本地文件）",
    },
    "install.demo_running": {
        "en": "Running {name} ({mode} mode) in a fresh kernel ({python})...",
        "zh": "正在新内核（{python}）中运行 {name}（{mode}模式）……",
    },
    "install.demo_stopped": {
        "en": "The notebook stopped with an error:\n{error}",
        "zh": "笔记本因错误而停止：\n{error}",
    },
    "install.demo_as_far": {
        "en": "The notebook as far as it ran: {path}",
        "zh": "笔记本已运行的部分：{path}",
    },
    "install.demo_no_results": {
        "en": "The notebook wrote no results.json.",
        "zh": "笔记本没有写出 results.json。",
    },
    "install.demo_finished": {
        "en": "d2s_lab demo finished in {s} s.",
        "zh": "d2s_lab 演示完成，用时 {s} 秒。",
    },
    "install.demo_output": {
        "en": "Output: {html}\n        {folder} (results.json, figures, exported model)\n        {report} (seed model report)",
        "zh": "输出：{html}\n      {folder}（results.json、图表、导出的模型）\n      {report}（示例模型报告）",
    },
}
