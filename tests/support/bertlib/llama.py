"""LlamaForCausalLM's shape, built from paddle.nn as PaddleFormers lays it out: ``llama``
(embeddings, a causal mask built under an ``if`` on the sequence length, a LayerList of
decoder layers, a final RMSNorm) and an ``lm_head`` holding its own weight.

Each decoder layer: RMSNorm, attention (``q_proj``/``k_proj``/``v_proj``, a rotary
embedding, ``o_proj``), RMSNorm, a gated MLP (``gate_proj``/``up_proj``/``down_proj``).
With a dynamic sequence length the mask's ``if`` becomes a Program ``if`` op in AST mode:
a PIR block then counts its branches' ops among its own.
"""
import paddle
import paddle.nn.functional as F
from paddle import nn


class LlamaConfig:
    def __init__(self, vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=4,
                 num_attention_heads=4, rms_norm_eps=1e-6):
        self.vocab_size, self.hidden_size, self.intermediate_size = vocab_size, hidden_size, intermediate_size
        self.num_hidden_layers, self.num_attention_heads = num_hidden_layers, num_attention_heads
        self.rms_norm_eps = rms_norm_eps


class LlamaRMSNorm(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.weight = self.create_parameter([c.hidden_size], default_initializer=nn.initializer.Constant(1.0))
        self.eps = c.rms_norm_eps

    def forward(self, x):
        variance = x.pow(2).mean(-1, keepdim=True)
        return paddle.rsqrt(variance + self.eps) * x * self.weight  # LLAMA_RMS


class LlamaRotaryEmbedding(nn.Layer):
    def __init__(self, dim, base=10000.0):
        super().__init__()
        self.inv_freq = 1.0 / base ** (paddle.arange(0, dim, 2, dtype="float32") / dim)

    def forward(self, x, seq_len):
        t = paddle.arange(seq_len, dtype="float32")
        freqs = paddle.einsum("i,j->ij", t, self.inv_freq)
        emb = paddle.concat([freqs, freqs], axis=-1)
        return emb.cos()[None, :, None, :], emb.sin()[None, :, None, :]


def rotate_half(x):
    half = x.shape[-1] // 2
    return paddle.concat([-x[..., half:], x[..., :half]], axis=-1)


class LlamaAttention(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.heads, self.head_dim = c.num_attention_heads, c.hidden_size // c.num_attention_heads
        self.q_proj = nn.Linear(c.hidden_size, c.hidden_size, bias_attr=False)
        self.k_proj = nn.Linear(c.hidden_size, c.hidden_size, bias_attr=False)
        self.v_proj = nn.Linear(c.hidden_size, c.hidden_size, bias_attr=False)
        self.o_proj = nn.Linear(c.hidden_size, c.hidden_size, bias_attr=False)
        self.rotary_emb = LlamaRotaryEmbedding(self.head_dim)

    def forward(self, x, mask):
        b, s = x.shape[0], x.shape[1]
        q = self.q_proj(x).reshape([b, s, self.heads, self.head_dim])
        k = self.k_proj(x).reshape([b, s, self.heads, self.head_dim])
        v = self.v_proj(x).reshape([b, s, self.heads, self.head_dim])
        cos, sin = self.rotary_emb(v, s)
        q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin
        q, k, v = (t.transpose([0, 2, 1, 3]) for t in (q, k, v))
        weights = F.softmax(paddle.matmul(q, k, transpose_y=True) / self.head_dim ** 0.5 + mask, axis=-1)
        out = paddle.matmul(weights, v).transpose([0, 2, 1, 3]).reshape([b, s, self.heads * self.head_dim])
        return self.o_proj(out)


class LlamaMLP(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.gate_proj = nn.Linear(c.hidden_size, c.intermediate_size, bias_attr=False)
        self.up_proj = nn.Linear(c.hidden_size, c.intermediate_size, bias_attr=False)
        self.down_proj = nn.Linear(c.intermediate_size, c.hidden_size, bias_attr=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class LlamaDecoderLayer(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = LlamaRMSNorm(c)
        self.self_attn = LlamaAttention(c)
        self.post_attention_layernorm = LlamaRMSNorm(c)
        self.mlp = LlamaMLP(c)

    def forward(self, x, mask):
        x = x + self.self_attn(self.input_layernorm(x), mask)
        return x + self.mlp(self.post_attention_layernorm(x))


def causal_mask(input_ids):
    s = input_ids.shape[-1]
    if s > 1:  # LLAMA_MASK_IF
        mask = paddle.triu(paddle.full([s, s], -1e4, dtype="float32"), diagonal=1)
    else:
        mask = paddle.zeros([s, s], dtype="float32")
    return mask[None, None, :, :]


class LlamaModel(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.embed_tokens = nn.Embedding(c.vocab_size, c.hidden_size)
        self.layers = nn.LayerList([LlamaDecoderLayer(c) for _ in range(c.num_hidden_layers)])
        self.norm = LlamaRMSNorm(c)

    def forward(self, input_ids):
        mask = causal_mask(input_ids)
        x = self.embed_tokens(input_ids)
        for layer in self.layers:
            x = layer(x, mask)
        return self.norm(x)


class LlamaLMHead(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.weight = self.create_parameter([c.hidden_size, c.vocab_size])

    def forward(self, hidden):
        return paddle.matmul(hidden, self.weight)


class LlamaForCausalLM(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.llama = LlamaModel(c)
        self.lm_head = LlamaLMHead(c)

    def forward(self, input_ids):
        return self.lm_head(self.llama(input_ids))
