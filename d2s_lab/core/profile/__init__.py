"""``d2s_lab.profile``: where the time of a converted function's call goes.

``runner`` measures (:func:`profile`), ``result`` holds what it measured
(:class:`ProfileResult`, plain data).
"""
from d2s_lab.core.profile.result import ProfileResult
from d2s_lab.core.profile.runner import profile

__all__ = ["ProfileResult", "profile"]
