"""Hook: the user's line of every op of an SOT subgraph (``function_graph.log_do``,
``interpreter.log_do`` and ``FunctionGraph.get_opcode_executor_stack``, for one run).

Each statement SOT records (``symbolic/statement_ir.py``) has a ``stmt_stack``, and
the interpreter that builds a subgraph's Program copies it onto each op it makes
(``op.callstack``), but Paddle fills both only at ``SOT_LOG_LEVEL=3`` and keeps just the
innermost frame (for a Linear, a line in ``paddle/nn``). While
:func:`keeping_statement_stacks` is on, both run at any log level, with every frame SOT
is simulating (the user's ``forward`` and the layers it calls), so an op's callstack
leads to the user's line the way an AST op's does. Nothing is printed and nothing else
changes. The loggers are recognised by the names of their closure's variables; where
Paddle renamed them, :attr:`StackCapture.fired` stays False and the report says the
lines are missing, rather than showing none.
"""
from __future__ import annotations

import contextlib
import dis
import linecache
from typing import List

from d2s_lab.core.paddle_compat import hooks


def _executor_stack() -> List[str]:
    """Every frame SOT is simulating, outermost first, as traceback lines."""
    from paddle.jit.sot.opcode_translator.executor.opcode_executor import OpcodeExecutorBase

    out = []
    for ex in list(getattr(OpcodeExecutorBase, "call_stack", ())):
        vframe = getattr(ex, "vframe", None)
        code = vframe.code if vframe is not None else getattr(ex, "_code", None)
        line = _line_now(ex, vframe, code, getattr(ex, "_current_line", None))
        if code is None or not isinstance(line, int) or line <= 0:
            continue
        out.append(f'  File "{code.co_filename}", line {line}, in {code.co_name}')
        out.append("    " + linecache.getline(code.co_filename, line).strip())
    return out


def _line_now(ex, vframe, code, current):
    """The line of the instruction the executor runs, from the code's line table, as
    CPython finds it. SOT's ``_current_line`` moves only at an instruction that starts a
    line, so after a jump to the middle of one (the code after an ``if``/``else`` in a
    resumed frame) it still names the line jumped from."""
    try:
        i = vframe.lasti if hasattr(vframe, "lasti") else ex._lasti
        offset = ex._instructions[i - 1].offset
        starts = _LINE_STARTS.get(id(code))
        if starts is None or starts[0] is not code:
            starts = _LINE_STARTS[id(code)] = (code, list(dis.findlinestarts(code)))
        line = None
        for start, n in starts[1]:
            if start > offset:
                break
            if n is not None:
                line = n
        return line if line else current
    except Exception:  # another executor's layout: SOT's own line
        return current


_LINE_STARTS: dict = {}  # id(code) -> (code, its line starts); a run's codes, cleared after it


def _runs(fn, *names) -> bool:
    code = getattr(fn, "__code__", None)
    return code is not None and all(n in code.co_freevars for n in names)


def _onto_ops(fn) -> None:
    """What Paddle's ``_append_opstack_between`` does, for PIR ops (``op.callstack``) and
    for Paddle 2.6's Program ops too (their ``op_callstack`` attribute, as AST sets it)."""
    import paddle

    cells = dict(zip(fn.__code__.co_freevars, (c.cell_contents for c in fn.__closure__)))
    stack = list(getattr(cells["stmt"], "stmt_stack", None) or [])
    if not stack:
        return
    for op in paddle.static.default_main_program().global_block().ops[cells["before_stmt_opnum"]:]:
        if hasattr(op, "_set_attr") and hasattr(op, "desc"):  # a legacy Program's op
            op._set_attr("op_callstack", stack)
        else:
            op.callstack = stack


class StackCapture:
    """What one run's capture did: ``on`` (the hooks were put on this Paddle), ``fired``
    (at least one statement's stack was kept)."""

    def __init__(self, on: bool):
        self.on, self.fired = on, False


@contextlib.contextmanager
def keeping_statement_stacks():
    """Fill statements' stacks and copy them onto ops, for the duration of the block;
    yields a :class:`StackCapture`. Where this Paddle lacks the pieces, or hooks are off,
    does nothing (``on`` False)."""
    try:
        from paddle.jit.sot.opcode_translator.executor import function_graph
        from paddle.jit.sot.symbolic import interpreter
    except Exception:
        yield StackCapture(False)
        return
    fg_log_do = getattr(function_graph, "log_do", None)
    in_log_do = getattr(interpreter, "log_do", None)
    FG = getattr(function_graph, "FunctionGraph", None)
    # Paddle 2.6 copies a statement's stack onto its ops always (no log_do in its interpreter)
    if fg_log_do is None or FG is None or "get_opcode_executor_stack" not in vars(FG) or not hooks.enabled():
        yield StackCapture(False)
        return
    capture = StackCapture(True)

    def fg_log(level, fn, *args, **kwargs):
        if level == 3 and _runs(fn, "stmt_stacks"):  # the statement's stack: kept always
            capture.fired = True
            return fn()
        return fg_log_do(level, fn, *args, **kwargs)

    def in_log(level, fn, *args, **kwargs):
        if level == 3 and _runs(fn, "stmt", "before_stmt_opnum"):  # onto the ops it made
            try:
                _onto_ops(fn)
            except Exception:  # an op that takes no callstack: the line is only a view
                pass
            return None
        return in_log_do(level, fn, *args, **kwargs)

    changes = [(function_graph, "log_do", fg_log), (FG, "get_opcode_executor_stack", staticmethod(_executor_stack))]
    if in_log_do is not None:
        changes.append((interpreter, "log_do", in_log))
    try:
        with hooks.patched(*changes):
            yield capture
    finally:
        _LINE_STARTS.clear()
