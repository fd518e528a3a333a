"""Saved models: one bounded reader per file format, nothing executed, no Paddle.

``model`` finds a saved model's files and assembles a :class:`SavedModel`;
``pir_json`` reads Paddle 3's ``.json`` program, ``pdmodel`` the legacy ``.pdmodel``
protobuf, ``pdiparams`` the tensor headers of ``.pdiparams``, ``pdiparams_info`` the
pickle in ``.pdiparams.info`` (opcodes read, never unpickled); ``safe_io`` holds the
size checks and the protobuf wire decoder they share.
"""
from d2s_lab.core.saved.model import SavedModel, load_saved, read_saved

__all__ = ["SavedModel", "load_saved", "read_saved"]
