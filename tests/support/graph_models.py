"""Graph models built by hand (no Paddle) for the drawing tests."""
from d2s_lab.core.graph.model import Block, Graph, Op, Value


def chain(n: int, layer: str = "", name: str = "chain") -> Graph:
    """A plain graph model (no Paddle): data -> n relus."""
    values = {"v0": Value("v0", [-1, 8], "float32", name="x", producer=0, kind="input")}
    ops = [Op(0, "pd_op.data", "data", {"name": "x"}, [], ["v0"])]
    for i in range(1, n + 1):
        values[f"v{i}"] = Value(f"v{i}", [-1, 8], "float32", producer=i)
        ops.append(Op(i, "pd_op.relu", "activation", {}, [f"v{i - 1}"], [f"v{i}"], layer=layer))
    return Graph([Block("global", "global", ops)], values, ["v0"], [f"v{n}"], name=name)


def nested(blocks: int = 3, parts: int = 21, ops: int = 5, name: str = "nested") -> Graph:
    """A plain graph model (no Paddle) with layers two deep: data -> ``blocks`` items of a
    layer list (``blocks.0`` ...), each of ``parts`` layers (``blocks.0.p0`` ...) of ``ops``
    relus. Depth 1 draws ``blocks`` nodes, depth 2 ``blocks * parts``, depth "all" every op."""
    values = {"v0": Value("v0", [-1, 8], "float32", name="x", producer=0, kind="input")}
    out = [Op(0, "pd_op.data", "data", {"name": "x"}, [], ["v0"])]
    i = 0
    for b in range(blocks):
        for p in range(parts):
            for _ in range(ops):
                i += 1
                values[f"v{i}"] = Value(f"v{i}", [-1, 8], "float32", producer=i)
                out.append(Op(i, "pd_op.relu", "activation", {}, [f"v{i - 1}"], [f"v{i}"], layer=f"blocks.{b}.p{p}"))
    return Graph([Block("global", "global", out)], values, ["v0"], [f"v{i}"], name=name)
