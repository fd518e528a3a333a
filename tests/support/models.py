"""Small models for the tests. Line numbers matter: tests look them up by marker comments."""
import paddle
from paddle import nn
import paddle.nn.functional as F


def line_in(path: str, marker: str) -> int:
    """The number of the line of ``path`` that ends with the comment ``# marker``."""
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh, 1):
            if line.rstrip().endswith("# " + marker):
                return i
    raise KeyError(marker)


def line_of(marker: str) -> int:
    return line_in(__file__, marker)


def branchy(x):
    if paddle.mean(x) > 0:
        y = x * 2  # IF_TRUE
    else:
        y = x - 1  # IF_FALSE
    return paddle.nn.functional.relu(y)  # AFTER_IF


def loopy(x, n):
    i = paddle.zeros([1], "int64")
    s = paddle.zeros_like(x)
    while i < n:
        s = s + x  # WHILE_BODY
        if s.sum() > 100.0:
            break
        i += 1
    for _ in range(3):  # python loop: unrolled
        s = s * 1.5
    return s


def for_tensor(x):
    acc = paddle.zeros([4], "float32")
    for row in x:  # rows of a dynamic dim: becomes a while
        if row.sum() > 2.0:
            continue
        acc = acc + row
    return acc


class Inner(nn.Layer):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 8))

    def forward(self, x):
        return self.body(x) + x  # INNER_RESIDUAL


class Outer(nn.Layer):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(4, 8)
        self.blocks = nn.LayerList([Inner(), Inner()])
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        x = self.stem(x)
        for blk in self.blocks:
            x = blk(x)
        return self.head(x)  # OUTER_HEAD


# A small net and the same net with one edit in forward (diffs, other programs).
class Before(nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(3, 8, 3)
        self.bn = nn.BatchNorm2D(8)
        self.drop = nn.Dropout(0.5)
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        x = self.bn(self.conv(x))
        x = x.mean(axis=[2, 3])
        return self.fc(self.drop(x))


class After(Before):  # Before with one edit in forward: a relu after the batch norm
    def forward(self, x):
        x = self.bn(self.conv(x))
        x = F.relu(x)
        x = x.mean(axis=[2, 3])
        return self.fc(self.drop(x))
