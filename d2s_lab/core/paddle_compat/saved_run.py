"""The guarded first run where a forked child cannot make it: in a process of its own.

A Program with a ``while`` loop may never end, and Paddle's executor does not look at
signals. On the CPU the run is tried in a forked child (:mod:`d2s_lab.core.child_run`);
on a GPU a CUDA context does not survive a fork, so the program is saved with its
inputs and run by a fresh interpreter (:data:`RUN_SAVED`), which the kernel's Interrupt
or the time budget kills: the device and the CPU are free again at once.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from typing import Optional, Sequence

from d2s_lab.core.child_run import ends_in_process
from d2s_lab.core.paddle_compat import require_paddle

# What the fresh interpreter runs (``python -c``, in the folder of the saved program:
# nothing of d2s_lab is imported there): load, run once on the device, say "ok".
RUN_SAVED = """
import ctypes, os, signal, sys
try:
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # Linux: ends with the kernel (PR_SET_PDEATHSIG)
except Exception:
    pass
import numpy as np
import paddle
folder, device, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
paddle.set_device(device)
layer = paddle.jit.load(os.path.join(folder, "model"))
xs = [paddle.to_tensor(np.load(os.path.join(folder, "input_%d.npy" % i), allow_pickle=False)) for i in range(n)]
with paddle.no_grad():
    layer(*xs)
sys.stdout.write("ok\\n")
sys.stdout.flush()
"""


def saved_run_ends(save, inputs: Sequence, budget_s: float, device: Optional[str] = None) -> Optional[bool]:
    """Whether one run of a saved program ends: ``save(prefix)`` writes it with
    ``paddle.jit.save``, ``inputs`` are its tensor inputs, in order. True: it ran and
    ended; False: it failed there; None: it could not be tried this way (inputs that
    are not all tensors, a save that failed): the caller guards the run otherwise.
    Raises :class:`~d2s_lab.core.child_run.Stopped` on an Interrupt or past the budget."""
    paddle = require_paddle()
    if not inputs or not all(isinstance(x, paddle.Tensor) for x in inputs):
        return None
    import numpy as np

    folder = tempfile.mkdtemp(prefix="d2s-run-")
    try:
        try:
            save(os.path.join(folder, "model"))
            for i, x in enumerate(inputs):
                np.save(os.path.join(folder, f"input_{i}.npy"), x.numpy(), allow_pickle=False)
        except Exception:  # noqa: BLE001 - not saveable: guarded another way
            return None
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        argv = [sys.executable, "-c", RUN_SAVED, folder, device or str(paddle.device.get_device()),
                str(len(inputs))]
        return ends_in_process(argv, budget_s, cwd=folder, env=env)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
