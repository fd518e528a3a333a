"""PaddleFormers 1.x's LlamaForCausalLM layout: ``model`` (the decoder stack), an
``lm_head`` that reads its config in forward (``config.get(...)``), and a config class
derived from a base that defines ``__getattribute__`` with ``super()``: AST mode's rewrite
of that ``super()`` recurses without end, as with PaddleFormers 1.2.0 on Paddle 3.3."""
import paddle
from paddle import nn

from bertlib.llama import LlamaConfig, LlamaModel


class PretrainedConfig(LlamaConfig):
    attribute_map = {"hidden_dim": "hidden_size"}

    def __getattribute__(self, key):
        if key != "attribute_map" and key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        return super().__getattribute__(key)  # LIB1X_SUPER

    def get(self, key, default=None):
        try:
            return self.__getattribute__(key)
        except AttributeError:
            return default


class Llama1xConfig(PretrainedConfig):
    pass


class LMHead(nn.Layer):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.weight = self.create_parameter([config.hidden_size, config.vocab_size])

    def forward(self, hidden):
        if self.config.get("use_fused_head_and_loss_fn", False):  # LIB1X_GET
            return hidden
        return paddle.matmul(hidden, self.weight)


class Llama1xForCausalLM(nn.Layer):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.model = LlamaModel(config)
        self.lm_head = LMHead(config)

    def forward(self, input_ids):
        return self.lm_head(self.model(input_ids))
