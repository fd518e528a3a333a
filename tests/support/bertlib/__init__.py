"""A BERT-shaped model library for the tests, laid out as PaddleFormers lays out its
BertModel (embeddings, an attention mask from the ids, an encoder of layers, a pooler)
with random weights. Tests install it into a ``site-packages`` folder, so its lines
are an installed library's, not the test's."""
from bertlib.modeling import BertConfig, BertForSequenceClassification, BertModel, ConfigCaller  # noqa: F401
