"""d2s_lab.viz: draws core's plain data (HTML, DOT/SVG, widgets). Never imports paddle."""
