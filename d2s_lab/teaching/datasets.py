"""Where the demo's CIFAR-10 comes from.

``cifar10_file()`` answers the one question the notebook cannot answer by
itself: which ``data_file`` to give ``paddle.vision.datasets.Cifar10``.

1. ``$D2S_CIFAR10``: a file in the ``cifar-10-python.tar.gz`` layout (tests and CI);
2. otherwise ``None``: Paddle downloads the archive once into its cache
   (``~/.cache/paddle/dataset/cifar``) or reuses the copy already there.

Offline with neither, it raises :class:`DataMissing`, which says how to provide
the file instead of letting the download fail deep inside Paddle.
"""
from __future__ import annotations

import os
import socket
from urllib.parse import urlparse

from d2s_lab.errors import D2SError

ENV_VAR = "D2S_CIFAR10"
ARCHIVE = "cifar-10-python.tar.gz"
_URL = "https://dataset.bj.bcebos.com/cifar/cifar-10-python.tar.gz"  # Paddle's own source


class DataMissing(D2SError):
    """CIFAR-10 is neither given, cached nor downloadable. Shown in a notebook as
    its message and hint only (no traceback)."""

    def _render_traceback_(self):  # IPython's hook for a custom traceback
        return [f"DataMissing: {self.message}", self.hint]


def paddle_cache_file() -> str:
    """Where ``paddle.vision.datasets.Cifar10`` keeps its downloaded archive."""
    return os.path.join(os.path.expanduser("~"), ".cache", "paddle", "dataset", "cifar", ARCHIVE)


def _how_to_provide() -> str:
    return (f"Download {ARCHIVE} (https://www.cs.toronto.edu/~kriz/cifar.html) and set "
            f"{ENV_VAR}=/path/to/{ARCHIVE} before starting Jupyter (or in the notebook: "
            f"os.environ['{ENV_VAR}'] = '/path/to/{ARCHIVE}'), or copy it to "
            f"{paddle_cache_file()}.")


def _reachable(url: str, timeout: float) -> bool:
    parts = urlparse(url)
    try:
        with socket.create_connection((parts.hostname, parts.port or 443), timeout=timeout):
            return True
    except OSError:
        return False


def cifar10_file(timeout: float = 3.0):
    """The ``data_file`` for ``paddle.vision.datasets.Cifar10``.

    Returns the path in ``$D2S_CIFAR10`` when it is set, else ``None`` (Paddle then
    uses its cache, downloading the archive once if needed; pass ``download=True``).

    Raises:
        DataMissing: ``$D2S_CIFAR10`` names no file, or the archive is neither
            cached nor downloadable (no network), with a hint on how to provide it.
    """
    path = os.environ.get(ENV_VAR, "").strip()
    if path:
        path = os.path.expanduser(path)
        if not os.path.isfile(path):
            raise DataMissing(f"{ENV_VAR} is set to {path!r}, but there is no file there.",
                              _how_to_provide())
        return path
    if os.path.isfile(paddle_cache_file()):
        return None
    if not _reachable(_URL, timeout):
        raise DataMissing(
            f"CIFAR-10 was not found ({ENV_VAR} is not set, Paddle's cache is empty) and "
            f"its download server cannot be reached.",
            _how_to_provide())
    return None

