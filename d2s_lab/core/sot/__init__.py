"""SOT, Paddle's bytecode translation (``to_static`` without ``full_graph``), as d2s_lab
shows it: what one run did (:mod:`.model`), read from Paddle's internals while the
conversion's own first run goes (:mod:`.build`), and the report API (:mod:`.report`).
"""
