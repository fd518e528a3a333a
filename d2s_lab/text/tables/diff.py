"""Words of the graph comparison (``%d2s_diff``)."""

TEXTS = {
    "diff.rewrites_label": {
        "en": "Rewrites:",
        "zh": "改写：",
    },
}
