"""d2s_lab.core: everything that talks to Paddle. Never imports IPython or ipywidgets."""
