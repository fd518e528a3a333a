"""Where the checkout and its files are, for the tests and the processes they start."""
import os

SUPPORT = os.path.dirname(os.path.abspath(__file__))  # tests/support
TESTS = os.path.dirname(SUPPORT)
ROOT = os.path.dirname(TESTS)
# The CIFAR-10 archive beside the checkout, as CI lays it out (.ci/run).
SHARED_CIFAR10 = os.path.join(os.path.dirname(ROOT), "shared", "data", "cifar-10-python.tar.gz")


def child_env(**extra) -> dict:
    """Environment for a child Python that imports this checkout's d2s_lab, with Paddle's
    C++ log quiet; ``extra`` is added on top."""
    return dict(os.environ, GLOG_minloglevel="2", PYTHONPATH=ROOT, **extra)
