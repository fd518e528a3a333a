"""Example models used by the demo, the tests, the benchmarks and the CLI.

``EmbeddingNet`` is the seed model: the CIFAR-10 image-retrieval embedding
net from Paddle's dynamic-to-static tutorial.
"""
from __future__ import annotations

import paddle
from paddle import nn
import paddle.nn.functional as F


class EmbeddingNet(nn.Layer):
    """Three stride-2 3x3 convs (3->32->64->128) with ReLU, global average pool,
    Linear(128->8), L2-normalised: a 32x32 RGB image becomes a unit 8-vector."""

    def __init__(self, num_classes: int = 8):
        super().__init__()
        self.conv1 = nn.Conv2D(3, 32, kernel_size=3, stride=2)
        self.conv2 = nn.Conv2D(32, 64, kernel_size=3, stride=2)
        self.conv3 = nn.Conv2D(64, 128, kernel_size=3, stride=2)
        self.global_pool = nn.AdaptiveAvgPool2D((1, 1))
        self.fc1 = nn.Linear(128, num_classes)

    def forward(self, x):
        x = self.conv1(x)
        x = F.relu(x)
        x = self.conv2(x)
        x = F.relu(x)
        x = self.conv3(x)
        x = F.relu(x)
        x = self.global_pool(x)
        x = paddle.squeeze(x, axis=[2, 3])
        x = self.fc1(x)
        x = x / paddle.norm(x, axis=1, keepdim=True)
        return x


SEED_INPUT = "x: [None,3,32,32] float32"
