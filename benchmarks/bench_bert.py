"""A BERT-base-shaped classifier across runtimes: dygraph, to_static, Paddle Inference
(its default configuration and the oneDNN variant) and ONNX Runtime (run by hand, not a test).

``.venv/bin/python benchmarks/bench_bert.py [--model auto|paddleformers|encoder]
[--batch 1,8] [--seq 128] [--layers 12] [--threads 1] [--repeat 3] [--budget SECONDS]``

The tutorial comparison (a BERT sentiment classifier, sequence 128) on random weights:
nothing is downloaded. ``--model paddleformers`` builds PaddleFormers'
``BertForSequenceClassification`` from a ``BertConfig`` (BERT-base: 12 layers, hidden
768, 12 heads); ``encoder`` a BERT-shaped model from ``paddle.nn.TransformerEncoder``
defined here (embeddings, post-norm encoder, pooler, classifier), which needs nothing
beyond Paddle; ``auto`` (default) takes PaddleFormers when it is importable. The input
is ``input_ids: [None, None] int64``: the batch sizes fill axis 0, ``--seq`` axis 1.

Prints the table, writes it as Markdown to build/bench/bert.md and the chart to
build/bench/bert.png.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys

os.environ.setdefault("GLOG_minloglevel", "2")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import warnings  # noqa: E402

warnings.filterwarnings("ignore")


def encoder_model(layers: int, hidden: int, heads: int, vocab: int = 30522, labels: int = 2):
    """BERT-shaped: word, position and token-type embeddings with LayerNorm, a post-norm
    GELU TransformerEncoder with a padding mask, a tanh pooler on the first token and a
    classifier; random weights."""
    import paddle
    from paddle import nn

    class BertShaped(nn.Layer):
        def __init__(self):
            super().__init__()
            self.word = nn.Embedding(vocab, hidden)
            self.position = nn.Embedding(512, hidden)
            self.token_type = nn.Embedding(2, hidden)
            self.norm = nn.LayerNorm(hidden)
            layer = nn.TransformerEncoderLayer(hidden, heads, 4 * hidden, dropout=0.0,
                                               activation="gelu", attn_dropout=0.0, act_dropout=0.0)
            self.encoder = nn.TransformerEncoder(layer, layers)
            self.pooler = nn.Linear(hidden, hidden)
            self.classifier = nn.Linear(hidden, labels)

        def forward(self, input_ids):
            ones = paddle.ones_like(input_ids)
            positions = paddle.cumsum(ones, axis=1) - ones  # 0, 1, ... without a shape read
            h = self.norm(self.word(input_ids) + self.position(positions)
                          + self.token_type(paddle.zeros_like(input_ids)))
            # BERT's additive mask: padding (id 0) gets -1e4 before the softmax
            mask = paddle.unsqueeze((input_ids == 0).astype("float32") * -1e4, axis=[1, 2])
            h = self.encoder(h, mask)
            pooled = paddle.tanh(self.pooler(h[:, 0]))
            return self.classifier(pooled)

    return BertShaped()


def paddleformers_model(layers: int, hidden: int, heads: int, labels: int = 2):
    """PaddleFormers' BertForSequenceClassification from a BertConfig, random weights;
    forward takes input_ids and returns the logits."""
    import paddle
    from paddleformers.transformers import BertConfig, BertForSequenceClassification

    cfg = BertConfig(num_hidden_layers=layers, hidden_size=hidden, num_attention_heads=heads,
                     intermediate_size=4 * hidden, num_labels=labels,
                     hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)

    class Classifier(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.bert = BertForSequenceClassification(cfg)

        def forward(self, input_ids):
            out = self.bert(input_ids, return_dict=False)
            return out[0] if isinstance(out, (list, tuple)) else out

    return Classifier()


def markdown(res) -> str:
    """The result as the Markdown table docs/bench.md quotes."""
    batches = [b for b in res.batches if any(r.batch == b for r in res.rows)]
    head = "| runtime | " + " | ".join(
        f"batch {b} ({res.shapes_text(b)}) ms" for b in batches) + " |"
    lines = [head, "|---|" + "---:|" * len(batches)]
    for k in res.runtimes:
        cells = []
        for b in batches:
            r = res.row(k, b)
            cells.append("-" if r is None else f"{r.median_s * 1000:,.0f}" + ("" if r.ok else " (!)"))
        lines.append(f"| {res.label(k)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", choices=["auto", "paddleformers", "encoder"], default="auto")
    ap.add_argument("--batch", default="1,8")
    ap.add_argument("--seq", type=int, default=128)
    ap.add_argument("--layers", type=int, default=12)
    ap.add_argument("--hidden", type=int, default=768)
    ap.add_argument("--heads", type=int, default=12)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--budget", type=float, default=None)
    a = ap.parse_args()
    import paddle

    import d2s_lab
    from d2s_lab.viz.bench_view import figure_bytes, text_progress

    kind = a.model
    if kind == "auto":
        try:
            import paddleformers  # noqa: F401

            kind = "paddleformers"
        except ImportError:
            kind = "encoder"
    paddle.seed(0)
    net = (paddleformers_model if kind == "paddleformers" else encoder_model)(a.layers, a.hidden, a.heads)
    net.eval()
    name = f"BERT-shaped ({kind}, {a.layers} layers, hidden {a.hidden})"
    conv = d2s_lab.convert(net, ["input_ids: [None, None] int64"], name="bert")
    res = d2s_lab.bench(conv, batch=[int(b) for b in a.batch.split(",")], dims={1: a.seq},
                        threads=a.threads, repeat=a.repeat, warmup=1, min_time=0.0,
                        budget=a.budget, progress=text_progress(sys.stderr), name=name)
    print(res)
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), platform.processor()) if os.path.exists(
        "/proc/cpuinfo") else platform.processor()
    print(f"machine: {cpu}, {os.cpu_count()} cores; Paddle {paddle.__version__}; "
          f"threads {a.threads}; {kind}")
    os.makedirs("build/bench", exist_ok=True)
    with open("build/bench/bert.md", "w") as fh:
        fh.write(f"{name}; {cpu}, {os.cpu_count()} cores; Paddle {paddle.__version__}; "
                 f"{a.threads} thread(s)\n\n{markdown(res)}\n\n{res.advice}\n")
    with open("build/bench/bert.png", "wb") as fh:
        fh.write(figure_bytes(res))
    print("table: build/bench/bert.md, chart: build/bench/bert.png")


if __name__ == "__main__":
    main()
