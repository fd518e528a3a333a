"""Words shown in place of an inline drawing an untrusted notebook does not show."""

TEXTS = {
    "trustonly.timeline": {
        "en": "The timeline is drawn once the notebook is trusted.",
        "zh": "信任此笔记本后才会绘制时间线。",
    },
    "trustonly.timeline_events": {
        "en": "The timeline is drawn once the notebook is trusted; the events below list the same calls.",
        "zh": "信任此笔记本后才会绘制时间线；下面的事件表列出了相同的调用。",
    },
}
