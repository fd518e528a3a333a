"""Words of the SOT section when the report's run drawing already shows its subgraphs."""

TEXTS = {
    "sotrun.in_run": {
        "en": "Drawn once, above: the cluster {name} of the run's drawing.",
        "zh": "已在上方绘制一次：即运行图中的 {name} 簇。",
    },
}
