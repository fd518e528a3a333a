"""Models whose inputs are Python values, nested structures or several converted methods
(a module file, so Paddle can read their source)."""
import paddle
from paddle.static import InputSpec


def repeat_add(x, n):
    for _ in range(n):
        x = x + 1
    return x


def many_kinds(x, flag=False, scale=1.0, mode="sum", opt=None, dims=(1,)):
    y = x * scale
    if flag:
        y = y + 1
    if mode == "sum":
        y = y.sum(axis=dims[0], keepdim=True)
    if opt is not None:
        y = y + opt
    return y


def nested(xs, cfg):
    return xs[0] * cfg["scale"] + xs[1]


class Gate(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 3)

    def forward(self, x, use_act=False):
        y = self.fc(x)
        if use_act:
            y = paddle.nn.functional.relu(y)
        return y


class TwoMethods(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 3)
        self.head = paddle.nn.Linear(3, 2)

    def forward(self, x):
        return self.head(self.fc(x))

    @paddle.jit.to_static(input_spec=[InputSpec([None, 4], "float32", "x")], full_graph=True)
    def embed(self, x):
        return self.fc(x)


class Image(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(8, 2)

    def forward(self, image, label):
        return self.fc(image) + label
