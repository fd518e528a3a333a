"""Words of the conversion steps: the stepper, the static view, transformer explanations."""

TEXTS = {
    "steps.title": {"en": "Conversion steps", "zh": "转换步骤"},
}
