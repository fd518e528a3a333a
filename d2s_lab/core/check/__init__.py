"""``d2s_lab.check``: do the dygraph and static versions of a conversion compute the same thing?

* :mod:`.numeric`: :func:`check`, :func:`attach_check` and :class:`NumericCheck`;
* :mod:`.leaves`: outputs compared leaf by leaf (:class:`OutputCheck`);
* :mod:`.divergence`: the first sublayer whose outputs differ (:class:`LayerCheck`);
* :mod:`.randomness`: random layers and the source lines that force randomness.
"""
from d2s_lab.core.check.divergence import LayerCheck
from d2s_lab.core.check.leaves import OutputCheck
from d2s_lab.core.check.numeric import ATOL, RTOL, NumericCheck, attach_check, check
from d2s_lab.core.check.randomness import random_lines

__all__ = ["ATOL", "RTOL", "LayerCheck", "NumericCheck", "OutputCheck", "attach_check", "check", "random_lines"]


def __getattr__(name):
    # CheckResult was NumericCheck's name: old code keeps working, with a warning.
    if name == "CheckResult":
        import warnings

        from d2s_lab.text import t

        warnings.warn(t("check.renamed"), DeprecationWarning, stacklevel=2)
        return NumericCheck
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
