"""SF104 inputs taken with next(...) from a generator, and specs held by NamedTuple fields: what
is followed, and the near misses that stay unknown (no finding)."""
from __future__ import annotations

import textwrap

from codemods.engine import Options, process_source

SELECT = Options(select=("SF104",))
PLAIN = Options(select=("SF104",), prefilter=False)

LOADER = textwrap.dedent("""\
    import jax
    import numpy as np
    from jax._src.shard_map import top_level_all_gather
    from jax.sharding import NamedSharding, PartitionSpec as P


    def batches(mesh):
        while True:
            yield jax.make_array_from_process_local_data(NamedSharding(mesh, P(('i', 'j'))), np.ones((8, 4)))


    def main(mesh):
        first = next(batches(mesh))
        with jax.set_mesh(mesh):
            return top_level_all_gather(first, P('j'))
    """)

LAYOUTS = textwrap.dedent("""\
    from typing import NamedTuple

    import jax
    from jax._src.shard_map import top_level_all_gather
    from jax.sharding import PartitionSpec as P


    class Layouts(NamedTuple):
        train: P = P(('i', 'j'), None)
        merge: P = P('i', None)


    LAYOUTS = Layouts()


    def main(mesh, a):
        with jax.set_mesh(mesh):
            a = jax.reshard(a, LAYOUTS.train)
            return top_level_all_gather(a, LAYOUTS.merge)
    """)


def lines(source: str, options: Options = SELECT) -> list[int]:
    result = process_source(source, "m.py", options)
    assert result.error is None
    return [f.span.line for f in result.findings if f.code == "SF104"]


def test_next_of_a_generator_is_what_it_yields():
    assert lines(LOADER) == lines(LOADER, PLAIN) == [15]
    assert lines(LOADER.replace("next(batches(mesh))", "next(iter(batches(mesh)))")) == [15]


def test_next_near_misses_are_unknown():
    # a default may be what next gives; a shadowed builtin is another function
    assert lines(LOADER.replace("next(batches(mesh))", "next(batches(mesh), None)")) == []
    assert lines(LOADER.replace("def main(mesh):", "def main(mesh, next=next):")) == []
    # two yields that disagree: the first one is not known to be the one read
    two = LOADER.replace("    while True:\n", "    yield jax.device_put(np.ones((8, 4)), NamedSharding(mesh, P('j')))\n"
                                               "    while True:\n")
    assert lines(two) == []


def test_namedtuple_defaults_and_keywords_are_its_fields():
    assert lines(LAYOUTS) == lines(LAYOUTS, PLAIN) == [19]
    valid = LAYOUTS.replace("LAYOUTS = Layouts()", "LAYOUTS = Layouts(merge=P('i', None, reduced={'j'}))")
    assert lines(valid) == []


def test_namedtuple_near_misses_are_unknown():
    # positional arguments, another base class, a field read off a rebound name
    assert lines(LAYOUTS.replace("Layouts()", "Layouts(P('i', None), P('i', None))")) == []
    assert lines(LAYOUTS.replace("class Layouts(NamedTuple):", "class Layouts(NamedTuple, Base):")) == []
    assert lines(LAYOUTS.replace("    with jax.set_mesh(mesh):", "    LAYOUTS = Other()\n    with jax.set_mesh(mesh):")) == []
