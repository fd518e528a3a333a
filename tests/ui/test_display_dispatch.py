"""viz.display picks each result's view by its type (the defining module and the class's
name) without importing core's result classes: every key names a class that exists where
it says, and every one of core's displayable results has a view."""
import importlib

from d2s_lab.viz.display import VIEWS, to_html, view_for


def test_every_view_key_names_a_class_defined_there():
    for (module, name), view in VIEWS.items():
        cls = getattr(importlib.import_module(module), name)
        assert isinstance(cls, type), (module, name)
        assert (cls.__module__, cls.__qualname__) == (module, name)
        assert callable(view)


def test_a_subclass_gets_its_base_views_and_a_namesake_none():
    from d2s_lab.core.diff import GraphDiff

    class MyDiff(GraphDiff):
        pass

    class GraphDiffNamesake:
        pass

    GraphDiffNamesake.__qualname__ = "GraphDiff"
    assert view_for(MyDiff.__new__(MyDiff)) is VIEWS[("d2s_lab.core.diff", "GraphDiff")]
    assert view_for(GraphDiffNamesake()) is None
    assert to_html(GraphDiffNamesake()).startswith("<pre>")
