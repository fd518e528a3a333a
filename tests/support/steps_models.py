"""Small functions exercising each AST transformer, for the step-capture tests."""
import paddle
from paddle import nn


def tensor_if(x):
    if paddle.mean(x) > 0:
        y = x * 2
    else:
        y = x - 1
    return y


def loops_break_continue(x):
    s = paddle.zeros_like(x)
    i = paddle.zeros([1], "int64")
    while i < 10:
        i += 1
        if s.sum() > 100.0:
            break
        s = s + x
    for k in range(4):
        if k == 1:
            continue
        s = s * 0.5
    return s


def early_return(x):
    if x.sum() > 0:
        return x * 2
    y = x + 1
    return y


def logical(x):
    a = x.mean() > 0
    b = x.sum() < 10
    if a and b or not a:
        return x + 1
    return x


def with_assert(x):
    assert x.shape[1] == 4, "need 4 columns"
    return x * 3


def _helper(x):
    if x.sum() > 0:
        return x * 2
    return x - 1


def nested_calls(x):
    y = _helper(x)
    return _helper(y) + 1


def script_text(x):
    note = "</pre><script>alert(1)</script>"
    if paddle.mean(x) > 0:
        x = x + len(note)
    return x


class Gate(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        if h.mean() > 0:
            h = paddle.nn.functional.relu(h)
        return h


FUNCTIONS = [tensor_if, loops_break_continue, early_return, logical, with_assert, nested_calls]
