"""A BERT-shaped model library for the tests, laid out as PaddleFormers lays out its
BertModel (embeddings, an attention mask from the ids, an encoder of layers, a pooler)
with random weights, and a LLaMA-shaped causal LM (:mod:`bertlib.llama`) as PaddleFormers
lays out its LlamaForCausalLM. Tests install it into a ``site-packages`` folder, so its lines
are an installed library's, not the test's."""
from bertlib.modeling import BertConfig, BertForSequenceClassification, BertModel, ConfigCaller  # noqa: F401
from bertlib.llama import LlamaConfig, LlamaForCausalLM  # noqa: F401
