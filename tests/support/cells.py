"""Notebook cells several test modules run: the seed net, a cell that fails at a known line,
and the default path's function with a print between two halves."""

SEED_CELL = '''%%to_static --input "x: [None,3,32,32] float32"
import paddle
from paddle import nn
import paddle.nn.functional as F

class Net(nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2D(3, 32, 3, stride=2)
        self.conv2 = nn.Conv2D(32, 64, 3, stride=2)
        self.conv3 = nn.Conv2D(64, 128, 3, stride=2)
        self.pool = nn.AdaptiveAvgPool2D(1)
        self.fc = nn.Linear(128, 8)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        x = F.relu(self.conv3(x))
        x = paddle.squeeze(self.pool(x), axis=[2, 3])
        x = self.fc(x)
        return x / paddle.norm(x, axis=1, keepdim=True)

net = Net()
'''


BROKEN_CELL = '''%%to_static --input "x: [None, 8] float32"
import paddle
from paddle import nn

class Broken(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        y = self.fc(x)
        return paddle.matmul(y, y)

broken = Broken()
'''
BROKEN_LINE = 12


# The default path's picture case: six matmul+tanh, a print (a graph break), six more; two
# subgraphs on Paddle 3 (tests, the browser check and benchmarks/bench_sot_section.py).
HALVES = '''def halves(x, w):
    for _ in range(6):
        x = paddle.tanh(paddle.matmul(x, w))
    print("half way")
    for _ in range(6):
        x = paddle.tanh(paddle.matmul(x, w))
    return x
'''
