"""Drawing a graph with Graphviz: DOT text in, SVG/PNG out.

``layout`` plans what to draw at a depth (folding, auto-collapse), ``wrap`` cuts long
chains into columns, ``labels`` writes node labels, ``escape`` escapes for DOT,
``emit`` writes the DOT text, ``render`` runs ``dot`` under a time limit.
"""
