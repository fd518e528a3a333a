"""``d2s_lab.check``: do the dygraph and static versions of a conversion compute the same thing?

* :mod:`.numeric`: :func:`check`, :func:`attach_check` and :class:`CheckResult`;
* :mod:`.leaves`: outputs compared leaf by leaf (:class:`OutputCheck`);
* :mod:`.divergence`: the first sublayer whose outputs differ (:class:`LayerCheck`);
* :mod:`.randomness`: random layers and the source lines that force randomness.
"""
from d2s_lab.core.check.divergence import LayerCheck
from d2s_lab.core.check.leaves import OutputCheck
from d2s_lab.core.check.numeric import ATOL, RTOL, CheckResult, attach_check, check
from d2s_lab.core.check.randomness import random_lines

__all__ = ["ATOL", "RTOL", "CheckResult", "LayerCheck", "OutputCheck", "attach_check", "check", "random_lines"]
