"""SF104's call reached only without a context mesh (codemods/analysis/mesh_reach.py): what makes
it certain, and what leaves it unknown. Each program's gather, if it runs, runs as described."""
from __future__ import annotations

import textwrap

import pytest

from codemods import jaxapi
from codemods.engine import Options, process_source

HEAD = """\
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export(x):
    return top_level_all_gather(x, P(None, reduced={'i'}))


def place(mesh, x):
    with jax.set_mesh(mesh):
        return jax.device_put(x, NamedSharding(mesh, P('i')))
"""


def _mesh_lines(tail: str, head: str = "") -> list[int]:
    source = textwrap.dedent(head) + HEAD + textwrap.dedent(tail)
    result = process_source(source, "prog.py", Options(target=jaxapi.NEWEST_KNOWN, select=("SF104",)), fix=False)
    assert result.error is None
    return [f.span.line for f in result.findings if "context mesh" in f.message]


def test_helper_called_after_the_block_from_the_script_is_reported():
    assert _mesh_lines("""
        def main(mesh, x):
            return export(place(mesh, x))


        if __name__ == "__main__":
            main(jax.make_mesh((2, 4), ('i', 'j')), None)
        """) == [7]


@pytest.mark.parametrize("tail", [
    # the one call runs under the mesh
    """
    def main(mesh, x):
        with jax.set_mesh(mesh):
            return export(place(mesh, x))


    if __name__ == "__main__":
        main(jax.make_mesh((2, 4), ('i', 'j')), None)
    """,
    # the mesh is set for good, not in a with
    """
    def main(mesh, x):
        jax.set_mesh(mesh)
        return export(place(mesh, x))


    if __name__ == "__main__":
        main(jax.make_mesh((2, 4), ('i', 'j')), None)
    """,
    # nothing in the file calls main: a library, its callers unknown
    """
    def main(mesh, x):
        return export(place(mesh, x))
    """,
    # main is passed as a value (jit traces it where it is called)
    """
    def main(mesh, x):
        return export(place(mesh, x))


    if __name__ == "__main__":
        jax.jit(main, static_argnums=0)(jax.make_mesh((2, 4), ('i', 'j')), None)
    """,
], ids=["under-with", "set-for-good", "never-called", "passed-as-value"])
def test_unknown_or_meshed_calls_stay_silent(tail):
    assert _mesh_lines(tail) == []


# Entry runners and decorators of CLI libraries call the entry with no mesh of their own (these
# libraries need not be installed: the analysis reads the imports only).
@pytest.mark.parametrize("head,tail", [
    ("from absl import app\n", """
    def main(argv):
        return export(place(jax.make_mesh((2, 4), ('i', 'j')), None))


    if __name__ == "__main__":
        app.run(main)
    """),
    ("import fire\n", """
    def main(rows=8):
        return export(place(jax.make_mesh((2, 4), ('i', 'j')), None))


    if __name__ == "__main__":
        fire.Fire(main)
    """),
    ("import hydra\n", """
    @hydra.main(version_base=None)
    def main(cfg):
        return export(place(jax.make_mesh((2, 4), ('i', 'j')), None))


    if __name__ == "__main__":
        main()
    """),
], ids=["absl-app-run", "fire", "hydra-main"])
def test_entry_runners_set_no_mesh(head, tail):
    assert _mesh_lines(tail, head) == [8]


@pytest.mark.parametrize("tail", [
    # a decorator the analysis does not know runs the entry under a mesh
    """
    def on_mesh(fn):
        def run(mesh, x):
            with jax.set_mesh(mesh):
                return fn(mesh, x)
        return run


    @on_mesh
    def main(mesh, x):
        return export(place(mesh, x))


    if __name__ == "__main__":
        main(jax.make_mesh((2, 4), ('i', 'j')), None)
    """,
    # a context manager of the project's own sets the mesh
    """
    @contextlib.contextmanager
    def on(mesh):
        with jax.set_mesh(mesh):
            yield mesh


    def main(mesh, x):
        with on(mesh):
            return export(place(mesh, x))


    if __name__ == "__main__":
        main(jax.make_mesh((2, 4), ('i', 'j')), None)
    """,
    # a lazy map consumed under the mesh
    """
    def main(mesh, x):
        rows = map(export, [place(mesh, x)])
        with jax.set_mesh(mesh):
            return list(rows)


    if __name__ == "__main__":
        main(jax.make_mesh((2, 4), ('i', 'j')), None)
    """,
    # a tree.map of the gather inside the mesh block
    """
    def main(mesh, x):
        with jax.set_mesh(mesh):
            return jax.tree.map(top_level_all_gather, [place(mesh, x)], [P(None, reduced={'i'})])


    if __name__ == "__main__":
        main(jax.make_mesh((2, 4), ('i', 'j')), None)
    """,
], ids=["unknown-decorator", "own-context-manager", "lazy-map", "tree-map-under-mesh"])
def test_more_unknown_or_meshed_calls_stay_silent(tail):
    assert _mesh_lines(tail, "import contextlib\n") == []


def test_entry_called_with_vars_of_parsed_arguments_is_followed():
    # `vars(args)` reads an object; only `vars()` / `globals()` read the module's names
    assert _mesh_lines("""
        def main(rows=8):
            return export(place(jax.make_mesh((2, 4), ('i', 'j')), None))


        if __name__ == "__main__":
            main(**vars(argparse.Namespace(rows=8)))
        """, "import argparse\n") == [8]


def test_gather_under_a_mesh_of_auto_axes_is_reported_with_its_cause():
    source = "import numpy as np\n" + HEAD + textwrap.dedent("""
        def run(x):
            grid = jax.sharding.Mesh(np.array(jax.devices()).reshape(2, 4), ('i', 'j'))
            with jax.set_mesh(grid):
                return export(x)
        """)
    result = process_source(source, "prog.py", Options(target=jaxapi.NEWEST_KNOWN, select=("SF104",)), fix=False)
    [finding] = result.findings
    assert finding.span.line == 8 and "Auto axes by default" in finding.message
    assert "Explicit axes (`axis_types=`" in finding.message and finding.fix is None
    assert dict(finding.evidence)["context mesh"].startswith("not Explicit")


def test_evidence_names_the_way_without_a_mesh():
    source = HEAD + textwrap.dedent("""
        def main(mesh, x):
            return export(place(mesh, x))


        if __name__ == "__main__":
            main(jax.make_mesh((2, 4), ('i', 'j')), None)
        """)
    result = process_source(source, "prog.py", Options(target=jaxapi.NEWEST_KNOWN, select=("SF104",)), fix=False)
    [finding] = result.findings
    assert dict(finding.evidence)["context mesh"] == "none on the way: module code -> main -> export"


SETTER_NOT_CALLED = """\
import functools
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P
{setter}

class Exporter:
    def __init__(self, mesh):
        self.enter = {enter}

    def export(self, w):
        with self.enter():
            return top_level_all_gather(w, P(None, reduced={{'i'}}))


def main(x):
    mesh = jax.make_mesh((8,), ('i',))
    w = jax.device_put(x, jax.NamedSharding(mesh, P('i')))
    return Exporter(mesh).export(w)


if __name__ == "__main__":
    import doctest
    doctest.testmod()
"""


SETTER_BY_NAME = """\
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P

activate = {lookup}


def report(w):
    return top_level_all_gather(w, P(None, reduced={{'i'}}))


def main(x):
    mesh = jax.make_mesh((8,), ('i',))
    w = jax.device_put(x, jax.NamedSharding(mesh, P('i')))
    with activate({arg}):
        return report(w)


if __name__ == "__main__":
    import doctest
    doctest.testmod()
"""


@pytest.mark.parametrize("source", [
    SETTER_NOT_CALLED.format(setter="", enter="functools.partial(jax.set_mesh, mesh)"),  # read, called elsewhere
    SETTER_BY_NAME.format(lookup='getattr(jax, "set_mesh", None) or getattr(jax.sharding, "use_mesh")', arg="mesh"),
], ids=["partial", "getattr"])
def test_a_module_that_reads_a_mesh_setter_without_calling_it_may_set_a_mesh(source):
    result = process_source(source, "prog.py", Options(target=jaxapi.NEWEST_KNOWN, select=("SF104",)), fix=False)
    assert result.error is None
    assert not [f for f in result.findings if "context mesh" in f.message]


@pytest.mark.parametrize("source, line", [
    (SETTER_NOT_CALLED.format(setter="", enter="functools.partial(print, mesh)"), 13),
    (SETTER_BY_NAME.format(lookup='getattr(jax, "named_scope")', arg='"export"'), 9),
], ids=["partial-of-print", "getattr-of-named_scope"])
def test_a_module_that_names_no_mesh_setter_sets_none(source, line):
    result = process_source(source, "prog.py", Options(target=jaxapi.NEWEST_KNOWN, select=("SF104",)), fix=False)
    assert [f.span.line for f in result.findings if "context mesh" in f.message] == [line]


def test_a_legacy_mesh_context_sets_no_context_mesh():
    # `with mesh:` is no context mesh for top_level_all_gather: run on jax 0.10.2 this program
    # raises "works when all mesh axes of context mesh are explicit" at the gather (line 7)
    assert _mesh_lines("""
        def main(mesh, x):
            return export(place(mesh, x))


        if __name__ == "__main__":
            mesh = jax.make_mesh((2, 4), ('i', 'j'))
            with mesh:
                main(mesh, None)
        """) == [7]
