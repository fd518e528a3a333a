"""What ``%load_ext d2s_lab`` and the next ``d2s-lab`` command say of a process that ended
inside a conversion or a benchmark (Paddle's C++ aborted it, or it was restarted mid-run)."""

TEXTS = {
    "ended.message": {
        "en": "Process {pid} (a kernel, or a d2s-lab command) ended at {when} while d2s_lab was {doing}: it stopped inside that step (an abort in Paddle's C++ code, or it was killed or restarted).",
        "zh": "进程 {pid}（一个内核或一条 d2s-lab 命令）在 {when} d2s_lab {doing}时结束：它在这一步中停止（Paddle 的 C++ 代码中止，或进程被杀死、重启）。",
    },
    "ended.converting": {
        "en": "converting {name}",
        "zh": "转换 {name} ",
    },
    "ended.benchmarking": {
        "en": "benchmarking {name}",
        "zh": "测速 {name} ",
    },
    "ended.working": {
        "en": "running a step",
        "zh": "运行某一步",
    },
    "ended.paddle_said": {
        "en": "The last lines printed from native code (where Paddle's C++ writes), as printed:",
        "zh": "本机代码（Paddle 的 C++ 输出的地方）最后打印的几行，原样如下：",
    },
    "ended.paddle_silent": {
        "en": "Nothing was printed from native code before it ended.",
        "zh": "结束之前本机代码没有打印任何内容。",
    },
    "ended.hint": {
        "en": "Run it again to see whether it happens again; the same code as a plain Python script (without d2s_lab) shows Paddle's whole output in the terminal.",
        "zh": "再运行一次，看是否会重现；把同样的代码作为普通 Python 脚本（不用 d2s_lab）运行，可以在终端中看到 Paddle 的全部输出。",
    },
}
