"""BertModel's shape, built from paddle.nn (see the package's docstring)."""
import paddle
from paddle import nn


class BertConfig:
    """Sizes; ``attribute_map`` aliases names as PaddleFormers' configs do."""

    attribute_map = {"hidden_dim": "hidden_size"}

    def __init__(self, vocab_size=100, hidden_size=32, num_hidden_layers=12, num_attention_heads=4,
                 intermediate_size=64, max_position_embeddings=64, type_vocab_size=2, num_labels=2,
                 pad_token_id=0):
        self.vocab_size, self.hidden_size = vocab_size, hidden_size
        self.num_hidden_layers, self.num_attention_heads = num_hidden_layers, num_attention_heads
        self.intermediate_size, self.max_position_embeddings = intermediate_size, max_position_embeddings
        self.type_vocab_size, self.num_labels, self.pad_token_id = type_vocab_size, num_labels, pad_token_id

    def __getattribute__(self, key):
        if key != "attribute_map" and key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        return super().__getattribute__(key)  # LIB_GETATTRIBUTE


class BertEmbeddings(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.word_embeddings = nn.Embedding(c.vocab_size, c.hidden_size)
        self.position_embeddings = nn.Embedding(c.max_position_embeddings, c.hidden_size)
        self.token_type_embeddings = nn.Embedding(c.type_vocab_size, c.hidden_size)
        self.layer_norm = nn.LayerNorm(c.hidden_size)
        self.dropout = nn.Dropout(0.1)

    def forward(self, input_ids):
        ones = paddle.ones_like(input_ids, dtype="int64")
        position_ids = paddle.cumsum(ones, axis=-1) - ones  # LIB_POSITIONS
        token_type_ids = paddle.zeros_like(input_ids)
        x = self.word_embeddings(input_ids) + self.position_embeddings(position_ids)
        x = x + self.token_type_embeddings(token_type_ids)
        return self.dropout(self.layer_norm(x))


class BertPooler(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.dense = nn.Linear(c.hidden_size, c.hidden_size)
        self.activation = nn.Tanh()

    def forward(self, hidden):
        return self.activation(self.dense(hidden[:, 0]))


class BertModel(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.pad_token_id = c.pad_token_id
        self.embeddings = BertEmbeddings(c)
        layer = nn.TransformerEncoderLayer(c.hidden_size, c.num_attention_heads, c.intermediate_size,
                                           dropout=0.1, activation="gelu")
        self.encoder = nn.TransformerEncoder(layer, c.num_hidden_layers)
        self.pooler = BertPooler(c)

    def forward(self, input_ids):
        mask = paddle.unsqueeze((input_ids == self.pad_token_id).astype("float32") * -1e4, axis=[1, 2])  # LIB_MASK
        hidden = self.encoder(self.embeddings(input_ids), mask)
        return hidden, self.pooler(hidden)


class BertForSequenceClassification(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.bert = BertModel(c)
        self.dropout = nn.Dropout(0.1)
        self.classifier = nn.Linear(c.hidden_size, c.num_labels)

    def forward(self, input_ids):
        _, pooled = self.bert(input_ids)
        return self.classifier(self.dropout(pooled))  # LIB_CLASSIFIER


def sum_rows(x, n):
    """Recurses once per row, counting down from the batch size: in AST mode a dynamic
    batch size reads -1 and the count never reaches 1 (a RecursionError, as LLM-style
    library code hits); SOT traces the real size."""
    if n == 1:
        return x[0]
    return x[0] + sum_rows(x[1:], n - 1)  # LIB_RECURSES


class ConfigCaller(nn.Layer):
    """Reads its config and sums its rows with :func:`sum_rows` in forward."""

    def __init__(self, c):
        super().__init__()
        self.config = c
        self.linear = nn.Linear(c.hidden_dim, c.hidden_size)

    def forward(self, x):
        return self.linear(sum_rows(x, x.shape[0]))
