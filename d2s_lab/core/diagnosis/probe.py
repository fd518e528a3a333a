"""Looking into the user's model and source for what an error leaves out.

For a layer's shape mismatch, the model runs in dygraph up to the failing layer
(forward hooks record the shapes on the way) and the layer's constructor is found in
its class source; for errors that name no line of the user's (Paddle's re-parse, a
``return`` in a loop), the line is found in the converted function's source.
"""
from __future__ import annotations

import ast
import inspect
import re
import textwrap
from typing import Any, Dict, List, Optional, Tuple

from d2s_lab.core.frames import Frame
from d2s_lab.core.paddle_compat.targets import code_of, is_layer, resolve, to_static_disabled


# --- the specifics of a layer's shape mismatch ------------------------------------------

class _Stop(Exception):
    """Ends the dygraph probe once the failing layer's input is known."""


def _probe_layer_input(conversion, layer, sub):
    """Run the model in dygraph on its example (or random) inputs until ``sub`` is called:
    (``sub``'s first input shape, [(sublayer path, output shape)] of the layers that ran
    before it); (None, []) when it cannot run."""
    from d2s_lab.core.specs import as_input_list, random_inputs

    names = {id(s): n for n, s in layer.named_sublayers()}
    seen: List[Tuple[str, List[int]]] = []
    got: Dict[str, Any] = {}

    def post(lyr, _inputs, outputs):
        if hasattr(outputs, "shape"):
            seen.append((names.get(id(lyr), "?"), [int(d) for d in outputs.shape]))

    def pre(_lyr, inputs):
        first = inputs[0] if isinstance(inputs, (tuple, list)) and inputs else inputs
        if hasattr(first, "shape"):
            got["shape"] = [int(d) for d in first.shape]
        raise _Stop()

    handles = [s.register_forward_post_hook(post) for _, s in layer.named_sublayers() if s is not sub]
    handles.append(sub.register_forward_pre_hook(pre))
    try:
        inputs = conversion.example_inputs
        if inputs is None:
            inputs = random_inputs(conversion.input_specs, dims=getattr(conversion, 'input_dims', None))
        fn = resolve(conversion.target).function
        with to_static_disabled():
            fn(*as_input_list(inputs))
    except Exception:
        pass
    finally:
        for h in handles:
            h.remove()
    return got.get("shape"), seen


def _constructor(layer, path: str) -> Tuple[str, str, Optional[int]]:
    """(the constructor call as written, file, line) of ``self.<path> = ...`` in the class
    source of the layer that owns it; ("", "", None) when not found."""
    parts = path.split(".")
    owner = layer
    for p in parts[:-1]:
        owner = getattr(owner, p, None)
    if owner is None:
        return "", "", None
    for cls in type(owner).__mro__:
        try:
            lines, first = inspect.getsourcelines(cls)
            file = inspect.getsourcefile(cls) or ""
        except (OSError, TypeError):
            continue
        pat = re.compile(rf"^\s*self\.{re.escape(parts[-1])}\s*=\s*(.+?)\s*(#.*)?$")
        for i, text in enumerate(lines):
            m = pat.match(text.rstrip("\n"))
            if m:
                return m.group(1), file, first + i
    return "", "", None


def _last_assignment(conversion, var: str, before: int) -> Tuple[str, Optional[int]]:
    """(called function's name, file line) of the last ``var = f(...)`` before line ``before``
    in the converted function; ("", None) when there is none."""
    src, first = getattr(conversion, "original_source", ""), getattr(conversion, "source_first_line", 0)
    if not src or not first:
        return "", None
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return "", None
    best: Tuple[str, Optional[int]] = ("", None)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Call):
            continue
        if not any(isinstance(t, ast.Name) and t.id == var for t in node.targets):
            continue
        line = first + node.lineno - 1
        if line < before and (best[1] is None or line > best[1]):
            fn = node.value.func
            name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
            best = (name, line)
    return best


def layer_shape_facts(rep, conversion, text: str) -> Dict[str, Any]:
    """For a shape mismatch on ``self.<layer>(...)`` (``rep``: the ErrorReport, its failing
    ``code``, ``line`` and ``file``): the layer, its constructor and line, the sizes it
    expects and gets, and where the actual size came from."""
    layer = getattr(conversion, "layer", None) if conversion is not None else None
    m = re.search(r"\bself\.([\w.]+)\s*\(\s*([A-Za-z_]\w*)?", rep.code or "")
    if layer is None or m is None:
        return {}
    path, var = m.group(1), m.group(2) or ""
    sub = layer
    for part in path.split("."):
        sub = getattr(sub, part, None)
    if sub is None or not is_layer(sub):
        return {}
    weight = getattr(sub, "weight", None)
    wshape = [int(d) for d in weight.shape] if weight is not None else []
    cls = type(sub).__name__
    if cls == "Linear" and len(wshape) == 2:
        unit, expected, axis = "features", wshape[0], -1
    elif cls.startswith("Conv") and len(wshape) >= 3:
        unit, axis = "channels", 1
        expected = wshape[0] if "Transpose" in cls else wshape[1]
    else:
        return {}
    shape, seen = _probe_layer_input(conversion, layer, sub)
    actual = shape[axis] if shape else None
    if actual is None:  # the message's numbers: matmul's "Input(X) is [7200]"
        mm = re.search(r"Input\(X\) is \[(\d+)\]", text)
        actual = int(mm.group(1)) if mm else None
    if actual is None or actual == expected:
        return {}
    ctor, cfile, cline = _constructor(layer, path)
    facts: Dict[str, Any] = {
        "kind": "layer-shape", "layer": path, "layer_class": cls,
        "ctor": ctor or f"{cls}(...)", "ctor_file": cfile, "ctor_line": cline,
        "unit": unit, "expected": expected, "actual": actual, "input_shape": shape,
    }
    if unit == "features":
        for src, s in reversed(seen):
            rest = s[1:]
            prod = 1
            for d in rest:
                prod *= d
            if len(rest) > 1 and prod == actual:
                facts.update(factors="x".join(map(str, rest)), source_layer=src,
                             source_shape="[" + ", ".join(["N"] + [str(d) for d in rest]) + "]")
                break
        if ctor and re.search(rf"\(\s*{expected}\s*,", ctor):
            facts["fix"] = re.sub(rf"\(\s*{expected}\s*,", f"({actual},", ctor, count=1)
    if var and rep.line:
        via_name, via_line = _last_assignment(conversion, var, rep.line)
        if via_name:
            facts.update(via_name=via_name, via_line=via_line, via_file=rep.file)
    return facts


# --- lines for errors that name none ------------------------------------------------------

def _source_lines(conversion) -> Tuple[List[str], int, str]:
    """(the converted function's raw source lines, its first line, its file)."""
    loc = target_location(conversion)
    if loc is None:
        return [], 0, ""
    fn = resolve(conversion.target).function if conversion is not None else None
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return [], 0, ""
    return lines, first, loc.file


def reparse_line(conversion) -> Optional[Frame]:
    """The line that breaks Paddle's re-parse: the first line less indented than the ``def``
    (inside a multi-line string), or a tab-indented one; else the ``def`` line."""
    lines, first, file = _source_lines(conversion)
    if not lines:
        return None
    head = lines[0]
    indent = len(head) - len(head.lstrip())
    for i, text in enumerate(lines[1:], 1):
        if text.strip() and (len(text) - len(text.lstrip()) < indent or text.startswith("\t")):
            return Frame(file, first + i)
    return Frame(file, first)


def loop_with_return_line(conversion) -> Optional[Frame]:
    """The first ``for``/``while`` whose body holds a ``return`` directly."""
    lines, first, file = _source_lines(conversion)
    if not lines:
        return None
    try:
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.While)) and any(isinstance(s, ast.Return) for s in node.body):
            return Frame(file, first + node.lineno - 1)
    return None


def _exits_loop(stmts) -> bool:
    """``stmts`` hold a ``break``/``continue``/``return`` of the loop they sit in (nested
    loops and functions are their own)."""
    for node in stmts:
        if isinstance(node, (ast.Break, ast.Continue, ast.Return)):
            return True
        if isinstance(node, (ast.For, ast.While, ast.AsyncFor, ast.FunctionDef, ast.AsyncFunctionDef,
                             ast.ClassDef)):
            continue
        for name in ("body", "orelse", "handlers", "finalbody"):
            inner = getattr(node, name, None)
            if isinstance(inner, list) and _exits_loop(inner):
                return True
    return False


def loop_exit_if_line(file: str, line: Optional[int]) -> Optional[int]:
    """For Paddle's "while pred change from bool to variable": the ``if`` inside the
    innermost ``for``/``while`` around ``line`` of ``file`` whose body leaves the loop
    (``break``/``continue``/``return``): its Tensor condition is what made the loop's
    condition a Tensor. None when there is no such ``if`` (e.g. ``while i < 3`` where
    ``i`` itself becomes a Tensor: the loop's own line stands)."""
    if not file or not line:
        return None
    import linecache

    try:
        tree = ast.parse("".join(linecache.getlines(file)))
    except (SyntaxError, ValueError):
        return None
    loops = [n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))
             and n.lineno <= line <= (getattr(n, "end_lineno", None) or n.lineno)]
    if not loops:
        return None
    loop = max(loops, key=lambda n: n.lineno)  # the innermost
    stack = list(loop.body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, ast.If) and (_exits_loop(node.body) or _exits_loop(node.orelse)):
            return node.lineno
        if isinstance(node, (ast.For, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for name in ("body", "orelse", "handlers", "finalbody"):
            inner = getattr(node, name, None)
            if isinstance(inner, list):
                stack.extend(inner)
    return None


def target_location(conversion) -> Optional[Frame]:
    """Where the converted function is defined (for errors about its source)."""
    code = code_of(conversion.target) if conversion is not None else None
    if code is None:
        return None
    return Frame(code.co_filename, code.co_firstlineno, code.co_name)


# --- an error inside an installed library's code ------------------------------------------

def library_facts(frames: List[Frame], err) -> Dict[str, Any]:
    """For an error raised in an installed library's code (PaddleFormers' config, called
    from the model's forward): the library, its line, the user's line that called into
    it (outermost-first ``frames``, else the traceback's), and ``sot``: None (whether SOT
    mode converts the same target is filled in by the conversion, which can try it)."""
    from d2s_lab.core.frames import is_library_model_file, is_user_file, library_of, parse_callstack
    import traceback as _tb
    seen = list(frames)
    if not any(is_library_model_file(f.file) for f in seen):  # the traceback, then the text
        try:
            seen = [Frame(f.filename, f.lineno or 0, f.name, f.line or "")
                    for f in _tb.extract_tb(err.__traceback__)]
        except Exception:
            seen = []
        seen += parse_callstack(str(err).splitlines())
    lib_at = max((i for i, f in enumerate(seen) if is_library_model_file(f.file)), default=None)
    if lib_at is None:
        return {}
    lib = seen[lib_at]
    caller = next((f for f in reversed(seen[:lib_at])
                   if is_user_file(f.file) and not is_library_model_file(f.file)), None)
    facts: Dict[str, Any] = {"kind": "library", "library": library_of(lib.file), "lib_file": lib.file,
                             "lib_line": lib.line, "lib_code": _line_text(lib.file, lib.line) or lib.code,
                             "user_file": caller.file if caller else "", "user_line": caller.line if caller else None,
                             "sot": None}
    return facts


def _line_text(file: str, line: int) -> str:
    import linecache
    return linecache.getline(file, line).strip()

