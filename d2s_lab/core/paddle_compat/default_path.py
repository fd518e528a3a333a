"""Which path plain ``paddle.jit.to_static(fn)`` takes on the installed Paddle.

Paddle decides it when it wraps a function: ``full_graph`` given, else the
``ENABLE_FALL_BACK`` switch (on by default since Paddle 2.6) and the Python version
(SOT needs Python < 3.12 on Paddle 2.6, < 3.15 on Paddle 3.x) give SOT
(``SymbolicStaticFunction``) or the AST transformers (``ASTStaticFunction``). The rule
moves between versions, so it is not copied: a throwaway function is wrapped and the
class Paddle picked is read. Wrapping translates nothing and fills no cache.
"""
from __future__ import annotations

import warnings

from d2s_lab.core.paddle_compat import require_paddle


def _probe(x):  # never called: only wrapped
    return x


def path_of(static_function) -> str:
    """``"sot"`` or ``"ast"`` for what ``to_static`` returned (None when it is neither)."""
    name = type(static_function).__name__
    return {"SymbolicStaticFunction": "sot", "ASTStaticFunction": "ast"}.get(name)


def paddle_default_mode() -> str:
    """``"sot"`` where plain ``paddle.jit.to_static(fn)`` translates bytecode here, else ``"ast"``."""
    paddle = require_paddle()
    with warnings.catch_warnings():  # Python 3.12+ on Paddle 2.6 warns that it falls back to AST
        warnings.simplefilter("ignore")
        try:
            wrapped = paddle.jit.to_static(_probe)
        except Exception:  # an odd build: the AST path is the one every Paddle has
            return "ast"
    return path_of(wrapped) or "ast"
