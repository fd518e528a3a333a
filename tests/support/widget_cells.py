"""The widgets notebook: ``%%to_static`` (the report and its stepper), ``%d2s_steps``
and ``%d2s_graph --explore`` on a small Layer with an ``if``; the first cell prints the
kernel's ipywidgets version. Run by tests/platform (nbclient, ipywidgets 7 and 8) and
tests/browser/test_frontends_browser.py (JupyterLab and Notebook 7).
"""

CELLS = [
    "%load_ext d2s_lab\nimport ipywidgets\nprint('ipywidgets', ipywidgets.__version__)",
    '''%%to_static --input "x: [None, 4] float32"
import paddle
from paddle import nn

class Gate(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x)
        if paddle.mean(y) > 0:
            y = paddle.nn.functional.relu(y)
        else:
            y = -y
        return y

gate = Gate()
''',
    "%d2s_steps gate",
    "%d2s_graph _d2s --explore",
]

STEPS_CELLS = (1, 2)  # cells with a stepper
EXPLORER_CELL = 3
