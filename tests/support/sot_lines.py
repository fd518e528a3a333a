"""Functions SOT splits, some of them twice, for the break-line test: each line where a
graph break happens ends with ``# BREAK``. Breaks after the first one happen in SOT's
resumed frames, whose line tables are off."""
import numpy as np
import paddle


def two_numpy(x):
    y = x * 2
    a = y.numpy()  # BREAK
    z = paddle.to_tensor(np.abs(a)) + 1  # BREAK
    b = z.numpy()  # BREAK
    return paddle.to_tensor(b) * 2


def if_then_numpy(x):
    y = x + 1
    if y.mean() > 0:  # BREAK
        y = y * 2
    z = np.abs(y.numpy())  # BREAK
    return paddle.to_tensor(z)


def item_then_if(x):
    v = x.sum().item()  # BREAK
    y = x * v
    if y.mean() > 0:  # BREAK
        y = y - 1
    return y


def calls_helper(x):
    y = x * 3
    y = helper(y)  # BREAK
    return y + 1


def helper(y):
    z = y * 2
    w = z.numpy()  # BREAK
    return paddle.to_tensor(w) + 1


def print_then_if(x):
    y = x * 2
    print("value", y.shape)  # BREAK
    y = y + 1
    if y.sum() > 0:  # BREAK
        y = y * 3
    return y


def two_on_one_line(x):
    y = x * 2
    z = paddle.to_tensor(np.abs(y.numpy()) + np.sqrt(np.abs(y.numpy())))  # BREAK
    return z


SPLIT = [two_numpy, if_then_numpy, item_then_if, calls_helper, print_then_if, two_on_one_line]


# Op lines: each line whose ops a subgraph holds ends with ``# OPS``, or with the branch
# taken (``# TRUE`` / ``# FALSE``); the ops after a branch are in a resumed frame.
def if_else_exp(x):
    y = x * 2  # OPS
    if y.sum() > 0:  # OPS
        y = y + 1  # TRUE
    else:
        y = y - 1  # FALSE
    return y.exp()  # OPS


def item_numpy_float(x):
    s = x.mean().item()  # OPS
    a = x.numpy().max()
    return x * s + float(a)  # OPS


def numpy_loop(x):
    out = x
    for v in np.arange(3):  # BREAK
        out = out + float(v)
    return out
