"""SOT, Paddle's bytecode translation (``to_static`` without ``full_graph``), as d2s_lab
shows it: what one run did, as plain data (:mod:`.model`), read from Paddle's internals
while the conversion's own first run goes (:mod:`.build`). ``d2s_lab.sot_report``
(:func:`d2s_lab.core.convert.sot_report`, beside ``convert``) is the entry point.
"""
