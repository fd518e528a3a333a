"""What a cell shows when a d2s_lab call in it raises (the handler ``%load_ext d2s_lab``
sets up in IPython): the line that marks the cell as failed, and the notes under the box."""

TEXTS = {
    "apierr.stopped": {
        "en": "{ename}: the cell stopped at a d2s_lab call (the message above says what to do; %tb shows the full traceback).",
        "zh": "{ename}：单元格在一次 d2s_lab 调用处停止（上面的消息说明了该怎么做；%tb 显示完整的回溯）。",
    },
    "apierr.via": {
        "en": "Raised inside your function {function} ({place}).",
        "zh": "在你的函数 {function}（{place}）内部引发。",
    },
    "apierr.partial": {
        "en": "What was gathered before the failure: sys.last_value.conversion.",
        "zh": "失败之前收集到的内容：sys.last_value.conversion。",
    },
}
