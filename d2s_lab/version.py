"""The version of d2s_lab (a leaf module: reading it imports nothing else)."""
__version__ = "0.1.0"
