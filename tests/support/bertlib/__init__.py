"""A BERT-shaped model library for the tests, laid out as PaddleFormers lays out its
BertModel (embeddings, an attention mask from the ids, an encoder of layers, a pooler)
with random weights, and a LLaMA-shaped causal LM (:mod:`bertlib.llama`) as PaddleFormers
lays out its LlamaForCausalLM (0.4.x: :mod:`bertlib.llama`; 1.x: :mod:`bertlib.llama1x`).
Tests install it into a ``site-packages`` folder, so its lines
are an installed library's, not the test's."""
from bertlib.modeling import BertConfig, BertForSequenceClassification, BertModel, ConfigCaller  # noqa: F401
from bertlib.llama import LlamaConfig, LlamaForCausalLM  # noqa: F401
from bertlib.llama1x import Llama1xConfig, Llama1xForCausalLM  # noqa: F401
