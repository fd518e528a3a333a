"""Graph drawing speed: d2s_lab's Program diagram, and torchview as the peer.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_graph.py [--runs 5]``.
Prints medians as a Markdown table. The peer needs the benchmarks extra:
``pip install -r requirements/benchmarks.txt`` (torch, torchview); without it that row is skipped.

Targets: seed net walk + SVG < 0.3 s; ResNet-50 full detail < 2 s, depth 1 < 0.5 s;
12-layer TransformerEncoder (d_model 768, 12 heads) default view < 3 s.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("GLOG_minloglevel", "2")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import warnings  # noqa: E402

warnings.filterwarnings("ignore")


def median_time(fn, runs):
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def draw(graph, **kw):
    from d2s_lab.viz.graph_view import draw_graph

    view = draw_graph(graph, **kw)
    _ = view.svg  # render now
    return view


def row(rows, name, seconds, view=None, target=None, note=""):
    info = ""
    if view is not None:
        svg_kb = len(view.svg) / 1024
        info = (f"{view.info.nodes} nodes, {view.info.edges} edges, SVG {svg_kb:.0f} KB "
                f"({len(view.svg) / max(view.info.nodes, 1):.0f} B/node)")
    ok = "" if target is None else ("yes" if seconds < target else "NO")
    rows.append((name, f"{seconds:.3f}", f"< {target}" if target else "", ok, info or note))
    print(f"  {name}: {seconds:.3f} s {info or note}", flush=True)


def bench_paddle(rows, runs):
    import paddle

    from d2s_lab.core.convert import convert
    from d2s_lab.core.paddle_compat.walk import program_to_graph
    from d2s_lab.teaching.examples import SEED_INPUT, EmbeddingNet

    paddle.set_device("cpu")
    conv = convert(EmbeddingNet(), SEED_INPUT, run=False)
    t, view = median_time(lambda: (program_to_graph(conv.program), draw(conv.drawn_graph, depth="all"))[1],
                          runs)
    row(rows, "seed net: walk Program + SVG (full detail)", t, view, 0.3)
    t, view = median_time(lambda: (program_to_graph(conv.program), draw(conv.drawn_graph))[1], runs)
    row(rows, "seed net: walk Program + SVG (depth 1)", t, view, 0.3)

    model = paddle.vision.models.resnet50()
    model.eval()
    t_conv, conv = median_time(lambda: convert(model, "x: [None,3,224,224] float32", run=False),
                               max(1, runs // 2))
    row(rows, f"ResNet-50: to_static + Program walk ({conv.drawn_graph.num_ops()} ops)", t_conv)
    t, view = median_time(lambda: draw(conv.drawn_graph, depth="all", budget=None), runs)
    row(rows, "ResNet-50: full-detail SVG", t, view, 2.0)
    t_full = t
    t, view = median_time(lambda: draw(conv.drawn_graph, depth=1), runs)
    row(rows, "ResNet-50: depth-1 SVG", t, view, 0.5)

    layer = paddle.nn.TransformerEncoderLayer(768, 12, 3072)
    enc = paddle.nn.TransformerEncoder(layer, 12)
    enc.eval()
    _, econv = median_time(lambda: convert(enc, "src: [None,None,768] float32", run=False), 1)
    t, view = median_time(lambda: draw(econv.drawn_graph), runs)
    row(rows, f"TransformerEncoder x12 ({econv.drawn_graph.num_ops()} ops): default view", t, view, 3.0)
    t, view = median_time(lambda: draw(econv.drawn_graph, depth="all", budget=None), max(1, runs // 2))
    row(rows, "TransformerEncoder x12: full detail", t, view)

    # big-graph guard: 48 small layers, full detail asked for
    deep = paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer(64, 4, 128), 48)
    deep.eval()
    _, dconv = median_time(lambda: convert(deep, "src: [None,None,64] float32", run=False), 1)
    t, view = median_time(lambda: draw(dconv.drawn_graph, depth="all"), max(1, runs // 2))
    row(rows, f"TransformerEncoder x48 ({dconv.drawn_graph.num_ops()} ops): depth all, default budget "
              f"(auto-collapsed to depth {view.info.depth})", t, view)
    t, view = median_time(lambda: draw(dconv.drawn_graph, depth="all", budget=None), max(1, runs // 2))
    row(rows, "TransformerEncoder x48: depth all, budget=None (bounded dot layout)", t, view)
    return t_full, t_conv


def resnet50_torch():
    """The standard bottleneck ResNet-50 (torchvision's layout), defined here."""
    import torch
    from torch import nn

    class Bottleneck(nn.Module):
        expansion = 4

        def __init__(self, inplanes, planes, stride=1, downsample=None):
            super().__init__()
            self.conv1 = nn.Conv2d(inplanes, planes, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(planes)
            self.conv2 = nn.Conv2d(planes, planes, 3, stride, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(planes)
            self.conv3 = nn.Conv2d(planes, planes * 4, 1, bias=False)
            self.bn3 = nn.BatchNorm2d(planes * 4)
            self.relu = nn.ReLU(inplace=True)
            self.downsample = downsample

        def forward(self, x):
            identity = x
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.relu(self.bn2(self.conv2(out)))
            out = self.bn3(self.conv3(out))
            if self.downsample is not None:
                identity = self.downsample(x)
            return self.relu(out + identity)

    class ResNet(nn.Module):
        def __init__(self, layers=(3, 4, 6, 3), num_classes=1000):
            super().__init__()
            self.inplanes = 64
            self.conv1 = nn.Conv2d(3, 64, 7, 2, 3, bias=False)
            self.bn1 = nn.BatchNorm2d(64)
            self.relu = nn.ReLU(inplace=True)
            self.maxpool = nn.MaxPool2d(3, 2, 1)
            self.layer1 = self._make(64, layers[0])
            self.layer2 = self._make(128, layers[1], 2)
            self.layer3 = self._make(256, layers[2], 2)
            self.layer4 = self._make(512, layers[3], 2)
            self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
            self.fc = nn.Linear(2048, num_classes)

        def _make(self, planes, blocks, stride=1):
            down = None
            if stride != 1 or self.inplanes != planes * 4:
                down = nn.Sequential(nn.Conv2d(self.inplanes, planes * 4, 1, stride, bias=False),
                                     nn.BatchNorm2d(planes * 4))
            layers = [Bottleneck(self.inplanes, planes, stride, down)]
            self.inplanes = planes * 4
            layers += [Bottleneck(self.inplanes, planes) for _ in range(1, blocks)]
            return nn.Sequential(*layers)

        def forward(self, x):
            x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
            x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
            return self.fc(torch.flatten(self.avgpool(x), 1))

    return ResNet().eval()


def bench_torchview(rows, runs):
    try:
        import torch  # noqa: F401
        from torchview import draw_graph as tv_draw
    except ImportError:
        print("  torchview/torch not installed (pip install -r requirements/benchmarks.txt): peer skipped")
        return None
    model = resnet50_torch()

    def once():
        g = tv_draw(model, input_size=(1, 3, 224, 224), depth=100, expand_nested=True,
                    device="cpu")
        return g, g.visual_graph.pipe(format="svg")

    t, (g, svg) = median_time(once, runs)
    nodes = svg.count(b'class="node"')
    row(rows, "peer: torchview ResNet-50 (PyTorch), full depth, trace + SVG", t,
        note=f"{nodes} nodes, SVG {len(svg) / 1024:.0f} KB ({len(svg) / max(nodes, 1):.0f} B/node)")
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    import paddle

    from d2s_lab.viz.dot.render import available_renderer

    print(f"Paddle {paddle.__version__}, renderer {available_renderer()}, "
          f"{os.cpu_count()} CPUs, median of {args.runs} runs")
    rows = []
    t_full, t_conv = bench_paddle(rows, args.runs)
    t_peer = bench_torchview(rows, args.runs)
    if t_peer:
        rows.append(("ratio: torchview / d2s_lab ResNet-50 full detail (SVG only)",
                     f"{t_peer / t_full:.1f}x", "", "", ""))
        rows.append(("ratio: torchview / d2s_lab incl. to_static + walk",
                     f"{t_peer / (t_full + t_conv):.1f}x", "", "", ""))
    print()
    print("| case | median s | target | met | size |")
    print("| --- | --- | --- | --- | --- |")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
