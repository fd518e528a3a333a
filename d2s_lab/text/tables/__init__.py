"""The catalogue's entries, one module per area (see :mod:`d2s_lab.text.lookup`)."""
