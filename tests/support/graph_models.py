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
