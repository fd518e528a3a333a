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


def _conv_bn_relu(cin, cout):
    return nn.Sequential(nn.Conv2D(cin, cout, 3, padding=1), nn.BatchNorm2D(cout), nn.ReLU(),
                         nn.Conv2D(cout, cout, 3, padding=1), nn.BatchNorm2D(cout), nn.ReLU())


class _Encoder(nn.Layer):
    def __init__(self, widths):
        super().__init__()
        self.double_conv = _conv_bn_relu(3, widths[0])
        self.down_sample_list = nn.LayerList(
            [nn.Sequential(nn.MaxPool2D(2), _conv_bn_relu(a, b)) for a, b in zip(widths, widths[1:])])

    def forward(self, x):
        skips = []
        x = self.double_conv(x)
        for down in self.down_sample_list:
            skips.append(x)
            x = down(x)
        return x, skips


class _Up(nn.Layer):
    def __init__(self, cin, cout):
        super().__init__()
        self.deconv = nn.Conv2DTranspose(cin, cout, 2, stride=2)
        self.double_conv = _conv_bn_relu(2 * cout, cout)

    def forward(self, x, skip):
        return self.double_conv(paddle.concat([self.deconv(x), skip], axis=1))


class _Decoder(nn.Layer):
    def __init__(self, widths):
        super().__init__()
        rev = widths[::-1]
        self.up_sample_list = nn.LayerList([_Up(a, b) for a, b in zip(rev, rev[1:])])

    def forward(self, x, skips):
        for up, skip in zip(self.up_sample_list, skips[::-1]):
            x = up(x, skip)
        return x


class UNet(nn.Layer):
    """PaddleSeg's U-Net layout: ``encode`` and ``decode`` hold nearly every op, so a first
    view of the top level alone is 5 nodes."""

    def __init__(self, num_classes=2, widths=(8, 16, 32, 64)):
        super().__init__()
        self.encode = _Encoder(list(widths))
        self.decode = _Decoder(list(widths))
        self.cls = nn.Conv2D(widths[0], num_classes, 3, padding=1)

    def forward(self, x):
        x, skips = self.encode(x)
        return self.cls(self.decode(x, skips))


def model_module(folder, name: str, source: str):
    """``source`` written to ``folder/name.py`` and imported, as a user's model file (SOT
    and the AST transformers read the code from there)."""
    import importlib.util

    path = folder / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def with_try(x):
    """A ``try`` in the frame: Paddle 3's SOT (Python 3.11+) skips it before its cache and
    runs it in dygraph on every call."""
    try:
        y = x * 2
    except ValueError:
        y = x
    return y + 1
