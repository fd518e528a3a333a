"""d2s_lab.core: converts and reads; results are plain data for viz to draw.

Only :mod:`d2s_lab.core.paddle_compat` imports Paddle (the rest is plain rules over its
answers); nothing here imports IPython, ipywidgets or matplotlib.
"""
