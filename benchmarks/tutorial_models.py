"""Models as Paddle's own tutorials write them, for the report benchmarks: PointNet
(classification and part segmentation, from the point-cloud tutorial), PetNet (the
U-Net of the pet-segmentation tutorial, separable convolutions and all) and a ViT-B/16
(the Vision Transformer tutorial). Random weights; only the shapes matter here.
"""
import paddle
import paddle.nn.functional as F
from paddle import nn


def _conv_bn_relu(sizes, bn=nn.BatchNorm):
    layers = []
    for cin, cout in zip(sizes, sizes[1:]):
        layers += [nn.Conv1D(cin, cout, 1), bn(cout), nn.ReLU()]
    return layers


def _mlp(sizes, last_relu=False):
    layers = []
    for k, (cin, cout) in enumerate(zip(sizes, sizes[1:])):
        layers.append(nn.Linear(cin, cout))
        if k < len(sizes) - 2 or last_relu:
            layers.append(nn.ReLU())
    return layers


class PointNet(nn.Layer):
    """The tutorial's PointNet classifier: input and feature transforms, then an MLP."""

    def __init__(self, num_classes=16, num_point=1024):
        super().__init__()
        self.input_transform_net = nn.Sequential(*_conv_bn_relu([3, 64, 128, 1024]), nn.MaxPool1D(num_point))
        self.input_fc = nn.Sequential(*_mlp([1024, 512, 256, 9]))
        self.mlp_1 = nn.Sequential(*_conv_bn_relu([3, 64, 64]))
        self.feature_transform_net = nn.Sequential(*_conv_bn_relu([64, 64, 128, 1024]), nn.MaxPool1D(num_point))
        self.feature_fc = nn.Sequential(*_mlp([1024, 512, 256, 64 * 64]))
        self.mlp_2 = nn.Sequential(*_conv_bn_relu([64, 64, 128, 1024]))
        self.fc = nn.Sequential(nn.Linear(1024, 512), nn.ReLU(), nn.Linear(512, 256), nn.ReLU(),
                                nn.Dropout(p=0.7), nn.Linear(256, num_classes), nn.LogSoftmax(axis=-1))

    def features(self, inputs):
        batchsize = inputs.shape[0]
        t_net = self.input_transform_net(inputs)
        t_net = paddle.squeeze(t_net, axis=-1)
        t_net = self.input_fc(t_net)
        t_net = paddle.reshape(t_net, [batchsize, 3, 3])
        x = paddle.transpose(inputs, (0, 2, 1))
        x = paddle.matmul(x, t_net)
        x = paddle.transpose(x, (0, 2, 1))
        x = self.mlp_1(x)
        t_net = self.feature_transform_net(x)
        t_net = paddle.squeeze(t_net, axis=-1)
        t_net = self.feature_fc(t_net)
        t_net = paddle.reshape(t_net, [batchsize, 64, 64])
        x = paddle.transpose(x, (0, 2, 1))
        x = paddle.matmul(x, t_net)
        local = paddle.transpose(x, (0, 2, 1))
        x = self.mlp_2(local)
        return local, paddle.max(x, axis=-1)

    def forward(self, inputs):
        _, x = self.features(inputs)
        return self.fc(x)


class PointNetSeg(PointNet):
    """Part segmentation: each point's local features beside the global one."""

    def __init__(self, num_classes=50, num_point=1024):
        super().__init__(16, num_point)
        self.num_point = num_point
        self.seg = nn.Sequential(*_conv_bn_relu([1088, 512, 256, 128]), nn.Conv1D(128, num_classes, 1))

    def forward(self, inputs):
        local, glob = self.features(inputs)
        glob = paddle.tile(paddle.unsqueeze(glob, -1), [1, 1, self.num_point])
        x = paddle.concat([local, glob], axis=1)
        return F.log_softmax(self.seg(x), axis=1)


class SeparableConv2D(nn.Layer):
    def __init__(self, in_channels, out_channels, kernel_size, padding=0):
        super().__init__()
        self._padding, self._in_channels = padding, in_channels
        self.weight_conv = self.create_parameter(shape=[in_channels, 1, kernel_size, kernel_size])
        self.bias_conv = self.create_parameter(shape=[in_channels], is_bias=True)
        self.weight_pointwise = self.create_parameter(shape=[out_channels, in_channels, 1, 1])
        self.bias_pointwise = self.create_parameter(shape=[out_channels], is_bias=True)

    def forward(self, inputs):
        conv_out = F.conv2d(inputs, self.weight_conv, self.bias_conv, padding=self._padding,
                            groups=self._in_channels)
        return F.conv2d(conv_out, self.weight_pointwise, self.bias_pointwise, padding=0)


class Encoder(nn.Layer):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.relus = nn.LayerList([nn.ReLU() for _ in range(2)])
        self.separable_conv_01 = SeparableConv2D(in_channels, out_channels, 3, padding="same")
        self.bns = nn.LayerList([nn.BatchNorm2D(out_channels) for _ in range(2)])
        self.separable_conv_02 = SeparableConv2D(out_channels, out_channels, 3, padding="same")
        self.pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self.residual_conv = nn.Conv2D(in_channels, out_channels, kernel_size=1, stride=2, padding="same")

    def forward(self, inputs):
        y = self.bns[0](self.separable_conv_01(self.relus[0](inputs)))
        y = self.bns[1](self.separable_conv_02(self.relus[1](y)))
        return paddle.add(self.pool(y), self.residual_conv(inputs))


class Decoder(nn.Layer):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.relus = nn.LayerList([nn.ReLU() for _ in range(2)])
        self.conv_transpose_01 = nn.Conv2DTranspose(in_channels, out_channels, 3, padding=1)
        self.conv_transpose_02 = nn.Conv2DTranspose(out_channels, out_channels, 3, padding=1)
        self.bns = nn.LayerList([nn.BatchNorm2D(out_channels) for _ in range(2)])
        self.upsamples = nn.LayerList([nn.Upsample(scale_factor=2.0) for _ in range(2)])
        self.residual_conv = nn.Conv2D(in_channels, out_channels, kernel_size=1, padding="same")

    def forward(self, inputs):
        y = self.bns[0](self.conv_transpose_01(self.relus[0](inputs)))
        y = self.bns[1](self.conv_transpose_02(self.relus[1](y)))
        y = self.upsamples[0](y)
        residual = self.residual_conv(self.upsamples[1](inputs))
        return paddle.add(y, residual)


class PetNet(nn.Layer):
    """The pet-segmentation tutorial's U-Net."""

    def __init__(self, num_classes=4):
        super().__init__()
        self.conv_1 = nn.Conv2D(3, 32, kernel_size=3, stride=2, padding="same")
        self.bn = nn.BatchNorm2D(32)
        self.relu = nn.ReLU()
        in_channels = 32
        self.encoders, self.decoders = [], []
        for out_channels in [64, 128, 256]:
            self.encoders.append(self.add_sublayer(f"encoder_{out_channels}", Encoder(in_channels, out_channels)))
            in_channels = out_channels
        for out_channels in [256, 128, 64, 32]:
            self.decoders.append(self.add_sublayer(f"decoder_{out_channels}", Decoder(in_channels, out_channels)))
            in_channels = out_channels
        self.output_conv = nn.Conv2D(in_channels, num_classes, kernel_size=3, padding="same")

    def forward(self, inputs):
        y = self.relu(self.bn(self.conv_1(inputs)))
        for encoder in self.encoders:
            y = encoder(y)
        for decoder in self.decoders:
            y = decoder(y)
        return self.output_conv(y)


class Attention(nn.Layer):
    def __init__(self, dim, num_heads=12):
        super().__init__()
        self.num_heads, self.scale = num_heads, (dim // num_heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        N, C = x.shape[1], x.shape[2]
        qkv = self.qkv(x).reshape((-1, N, 3, self.num_heads, C // self.num_heads)).transpose((2, 0, 3, 1, 4))
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = F.softmax(q.matmul(k.transpose((0, 1, 3, 2))) * self.scale, axis=-1)
        x = (attn.matmul(v)).transpose((0, 2, 1, 3)).reshape((-1, N, C))
        return self.proj(x)


class Block(nn.Layer):
    def __init__(self, dim, num_heads, mlp_ratio=4.0):
        super().__init__()
        self.norm1, self.attn = nn.LayerNorm(dim, epsilon=1e-6), Attention(dim, num_heads)
        self.norm2 = nn.LayerNorm(dim, epsilon=1e-6)
        self.mlp = nn.Sequential(nn.Linear(dim, int(dim * mlp_ratio)), nn.GELU(), nn.Linear(int(dim * mlp_ratio), dim))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class VisionTransformer(nn.Layer):
    """The tutorial's ViT-B/16: patch embedding, class token, 12 blocks, head."""

    def __init__(self, img_size=224, patch_size=16, class_dim=1000, embed_dim=768, depth=12, num_heads=12):
        super().__init__()
        self.patch_embed = nn.Conv2D(3, embed_dim, patch_size, stride=patch_size)
        num_patches = (img_size // patch_size) ** 2
        self.pos_embed = self.create_parameter(shape=(1, num_patches + 1, embed_dim))
        self.cls_token = self.create_parameter(shape=(1, 1, embed_dim))
        self.blocks = nn.LayerList([Block(embed_dim, num_heads) for _ in range(depth)])
        self.norm = nn.LayerNorm(embed_dim, epsilon=1e-6)
        self.head = nn.Linear(embed_dim, class_dim)

    def forward(self, x):
        B = paddle.shape(x)[0]
        x = self.patch_embed(x).flatten(2).transpose((0, 2, 1))
        cls_tokens = self.cls_token.expand((B, -1, -1))
        x = paddle.concat((cls_tokens, x), axis=1) + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x)[:, 0])
