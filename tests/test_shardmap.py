"""Finding shard_map bodies in every form real code uses, their specs and their mesh axes."""
from __future__ import annotations

import ast
import textwrap

import pytest

from codemods.analysis.values import State
from codemods.rules._diagnosis import diagnose_module
from codemods.analysis.names import ImportTable
from codemods.analysis.scopes import ModuleScope
from codemods.analysis.meshspec import MeshInfo, Spec, parse_mesh, parse_spec
from codemods.analysis.shardmap import find_shard_maps

V, I = State.VARYING, State.INVARIANT


def uses_of(source: str):
    tree = ast.parse(textwrap.dedent(source))
    scope = ModuleScope(tree, ImportTable.of(tree))
    return scope, find_shard_maps(scope)


def _expr(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body


def param_state(source: str, axis: str = "i"):
    """The state of the body's first parameter where a probe collective receives it."""
    tree = ast.parse(textwrap.dedent(source))
    analysis = diagnose_module(tree, ImportTable.of(tree), (0, 10, 2)).analysis
    sites = [site for site in analysis.sites if site.axes == ("probe",)]
    assert sites, "no body was followed to the probe"
    return sites[0].value.on(axis)


BODY = """
def body(x):
    return lax.all_gather(x, 'probe')
"""

FORMS = {
    "jax.shard_map call": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        {body}
        f = jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())
    """,
    "decorator with mesh": """
        import jax
        from jax import lax
        P = jax.sharding.PartitionSpec

        @jax.shard_map(mesh=mesh, in_specs=P('i'), out_specs=P())
        def body(x):
            return lax.all_gather(x, 'probe')
    """,
    "decorator without mesh (context mesh)": """
        import jax
        from jax import lax

        @jax.shard_map(in_specs=jax.P('i'), out_specs=jax.P())
        def body(x):
            return lax.all_gather(x, 'probe')
    """,
    "functools.partial decorator": """
        import functools
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec

        @functools.partial(jax.shard_map, mesh=mesh, in_specs=PartitionSpec('i'), out_specs=PartitionSpec())
        def body(x):
            return lax.all_gather(x, 'probe')
    """,
    "partial(shard_map) with from-imports": """
        from functools import partial
        from jax import lax, shard_map
        from jax.sharding import PartitionSpec as P

        @partial(shard_map, mesh=mesh, in_specs=P('i'), out_specs=P())
        def body(x):
            return lax.all_gather(x, 'probe')
    """,
    "module alias shard_map = jax.shard_map": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        shard_map = jax.shard_map
        {body}
        f = shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())
    """,
    "try/except import shim": """
        try:
            from jax import shard_map
        except ImportError:
            from jax.experimental.shard_map import shard_map
        from jax import lax
        from jax.sharding import PartitionSpec as P
        {body}
        f = shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())
    """,
    "jax._src.shard_map import": """
        from jax._src.shard_map import shard_map
        from jax import lax
        from jax.sharding import PartitionSpec as P
        {body}
        f = shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())
    """,
    "from jax._src import shard_map; shard_map.shard_map": """
        from jax._src import shard_map
        from jax import lax
        from jax.sharding import PartitionSpec as P
        {body}
        f = shard_map.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())
    """,
    "experimental positional": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        {body}
        f = jax.experimental.shard_map.shard_map(body, mesh, P('i'), P())
    """,
    "experimental from-import positional": """
        from jax.experimental.shard_map import shard_map
        from jax import lax
        from jax.sharding import PartitionSpec as P
        {body}
        f = shard_map(body, mesh, in_specs=P('i'), out_specs=P())
    """,
    "factory applied later": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        {body}
        f = jax.shard_map(mesh=mesh, in_specs=P('i'), out_specs=P())(body)
    """,
    "partial factory applied later": """
        import functools
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        {body}
        f = functools.partial(jax.shard_map, mesh=mesh, in_specs=P('i'), out_specs=P())(body)
    """,
    "lambda body": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        f = jax.shard_map(lambda x: lax.all_gather(x, 'probe'), mesh=mesh, in_specs=P('i'), out_specs=P())
    """,
    "nested function and local P alias": """
        import jax
        from jax import lax

        def main(x):
            P = jax.sharding.PartitionSpec
            mesh = jax.make_mesh((2, 4), ('i', 'probe'))

            def body(x):
                return lax.all_gather(x, 'probe')

            return jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())(x)
    """,
    "partial(body, ...) with a bound axis": """
        import functools
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        def body(axis, x):
            return lax.all_gather(x, 'probe')

        f = jax.shard_map(functools.partial(body, 'i'), mesh=mesh, in_specs=P('i'), out_specs=P())
    """,
    "spec from a module constant": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        AXIS = 'i'
        SPEC = P(AXIS)
        {body}
        f = jax.shard_map(body, mesh=mesh, in_specs=(SPEC,), out_specs=P())
    """,
    "function-local alias of shard_map": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        def build(mesh):
            smap = jax.shard_map
            {body12}
            return smap(body, mesh=mesh, in_specs=P('i'), out_specs=P())
    """,
    "mapper kept in a variable": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        mapper = jax.shard_map(mesh=mesh, in_specs=P('i'), out_specs=P())
        {body}
        f = mapper(body)
    """,
    "mapper as a decorator": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        mapper = jax.shard_map(mesh=mesh, in_specs=P('i'), out_specs=P())

        @mapper
        def body(x):
            return lax.all_gather(x, 'probe')
    """,
    "partial(jax.shard_map, ...) decorator under jax.jit": """
        import functools
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        @jax.jit
        @functools.partial(jax.shard_map, mesh=mesh, in_specs=P('i'), out_specs=P())
        def body(x):
            return lax.all_gather(x, 'probe')
    """,
    "jax.jit(jax.shard_map(...))": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        {body}
        f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P()))
    """,
    "body passed through a parameter of a module function": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        def distribute(fn, mesh):
            return jax.shard_map(fn, mesh=mesh, in_specs=P('i'), out_specs=P())
        {body}
        f = distribute(body, mesh)
    """,
    "body passed by keyword to a module function": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        def distribute(mesh, *, fn):
            return jax.shard_map(fn, mesh=mesh, in_specs=P('i'), out_specs=P())
        {body}
        f = distribute(mesh, fn=body)
    """,
    "method reached through self": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        class Model:
            def _body(self, x):
                return lax.all_gather(x, 'probe')

            def run(self, x):
                return jax.shard_map(self._body, mesh=mesh, in_specs=P('i'), out_specs=P())(x)
    """,
    "partial of a method": """
        import functools
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        class Model:
            def _body(self, axis, x):
                return lax.all_gather(x, 'probe')

            def run(self, x):
                body = functools.partial(self._body, 'i')
                return jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())(x)
    """,
    "static method reached through the class": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        class Model:
            @staticmethod
            def step(x):
                return lax.all_gather(x, 'probe')

        f = jax.shard_map(Model.step, mesh=mesh, in_specs=P('i'), out_specs=P())
    """,
    "axis names bound by tuple unpacking": """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        DP, PROBE = 'i', 'probe'
        {body}
        f = jax.shard_map(body, mesh=mesh, in_specs=P(DP), out_specs=P())
    """,
    "experimental shard_map, positional mesh, nested body": """
        import jax
        from jax import lax
        from jax.experimental.shard_map import shard_map
        from jax.sharding import PartitionSpec as P

        def main(x, mesh):
            {body12}
            return shard_map(body, mesh, P('i'), P())(x)
    """,
}


@pytest.mark.parametrize("form", FORMS)
def test_every_form_is_found_and_followed(form):
    source = FORMS[form].replace("{body12}", textwrap.indent(BODY, " " * 12))
    source = source.replace("{body}", textwrap.indent(BODY, " " * 8))
    _, uses = uses_of(source)
    # (a function passing its parameter to shard_map is a use without a body of its own)
    assert len([use for use in uses if use.body is not None]) == 1
    assert param_state(source) is V


def test_p_that_is_a_paramspec_is_not_a_partition_spec():
    source = """
        import jax
        from typing import ParamSpec
        from jax import lax
        P = ParamSpec("P")

        def body(x):
            return lax.all_gather(x, 'probe')

        f = jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())
    """
    assert param_state(source) is State.UNKNOWN


def test_own_function_named_shard_map_is_not_shard_map():
    source = """
        from jax import lax

        def shard_map(f, **kwargs):
            return f

        def body(x):
            return lax.all_gather(x, 'probe')

        f = shard_map(body, in_specs=P('i'), out_specs=P())
    """
    assert uses_of(source)[1] == []


def test_body_that_cannot_be_resolved():
    source = """
        import jax
        from jax.sharding import PartitionSpec as P
        f = jax.shard_map(self.body, mesh=mesh, in_specs=P('i'), out_specs=P())
    """
    (use,) = uses_of(source)[1]
    assert use.body is None


def test_check_flags_are_read():
    source = """
        import jax
        from jax.experimental.shard_map import shard_map
        from jax.sharding import PartitionSpec as P
        def body(x):
            return x
        a = jax.shard_map(body, mesh=m, in_specs=P('i'), out_specs=P(), check_vma=False)
        b = shard_map(body, m, P('i'), P(), check_rep=False)
        c = jax.shard_map(body, mesh=m, in_specs=P('i'), out_specs=P(), check_vma=flag)
        d = jax.shard_map(body, mesh=m, in_specs=P('i'), out_specs=P())
    """
    checks = [use.check for use in uses_of(source)[1]]
    assert checks[0] is False and checks[1] is False and checks[2] is not True and checks[3] is True


def test_specs_parse_entries_tuples_none_and_reduced():
    scope, _ = uses_of("from jax.sharding import PartitionSpec as P\nAXES = ('i', 'j')\n")
    spec = parse_spec(scope, _expr("P(AXES, None, 'k', reduced={'m'})"), ())
    assert isinstance(spec, Spec)
    assert spec.sharded == ("i", "j", "k") and spec.reduced == ("m",)
    tree = parse_spec(scope, _expr("(P('i'), (P(), P('j')))"), ())
    assert isinstance(tree, tuple) and isinstance(tree[1], tuple) and tree[1][1].sharded == ("j",)
    assert parse_spec(scope, _expr("P(axis)"), ()) is None
    assert parse_spec(scope, _expr("make()"), ()) is None


@pytest.mark.parametrize("expr, axes, sizes", [
    ("jax.make_mesh((2, 4), ('i', 'j'))", ("i", "j"), (2, 4)),
    ("jax.make_mesh(axis_shapes=(8,), axis_names=('d',))", ("d",), (8,)),
    ("Mesh(devices, ('i', 'j'))", ("i", "j"), None),
    ("jax.sharding.Mesh(devices, axis_names=AXES)", ("a", "b"), None),
])
def test_mesh_axes(expr, axes, sizes):
    scope, _ = uses_of("import jax\nfrom jax.sharding import Mesh\nAXES = ('a', 'b')\n")
    assert parse_mesh(scope, _expr(expr), ()) == MeshInfo(axes, sizes)


def test_mesh_through_a_local_name():
    source = """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        def main(x):
            mesh = jax.make_mesh((2, 4), ('i', 'j'))

            def body(x):
                return lax.all_gather(x, 'probe')

            return jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())(x)
    """
    tree = ast.parse(textwrap.dedent(source))
    analysis = diagnose_module(tree, ImportTable.of(tree), (0, 10, 2)).analysis
    assert analysis.runs[0].mesh == MeshInfo(("i", "j"), (2, 4))
    # 'probe' is no axis of the visible mesh: the probe site is not judged at all
    assert analysis.sites == []


def test_a_class_attribute_names_the_axis():
    source = """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        class Model:
            AXIS = 'probe'

            def _body(self, x):
                return lax.all_gather(x, self.AXIS)

            def run(self, x):
                return jax.shard_map(self._body, mesh=mesh, in_specs=P('i'), out_specs=P())(x)
    """
    assert param_state(source) is V
    # assigned on an object somewhere: not the class attribute for certain
    assert_no_probe(source.replace("def run(self, x):", "def run(self, x):\n                self.AXIS = 'i'"))


def assert_no_probe(source: str) -> None:
    tree = ast.parse(textwrap.dedent(source))
    analysis = diagnose_module(tree, ImportTable.of(tree), (0, 10, 2)).analysis
    assert [site for site in analysis.sites if site.axes == ("probe",)] == []


def test_an_import_inside_a_function_binds_only_there():
    source = """
        import jax
        from jax.sharding import PartitionSpec as P

        def setup():
            from jax import lax

        def body(x):
            return lax.all_gather(x, 'probe')

        f = jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())
    """
    assert_no_probe(source)
    assert param_state(source.replace("def body(x):\n", "def body(x):\n            from jax import lax\n")) is V


def test_a_method_a_subclass_may_override_is_not_followed():
    source = """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        class Model:
            def _body(self, x):
                return lax.all_gather(x, 'probe')

            def run(self, x):
                return jax.shard_map(self._body, mesh=mesh, in_specs=P('i'), out_specs=P())(x)

        class Tuned(Model):
            def _body(self, x):
                return x
    """
    (use,) = uses_of(source)[1]
    assert use.body is None


def test_specs_read_class_attributes_of_a_config_class():
    source = """
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        class Config:
            data_axis = 'i'

        def body(x):
            return lax.all_gather(x, 'probe')

        f = jax.shard_map(body, mesh=mesh, in_specs=P(Config.data_axis), out_specs=P())
    """
    assert param_state(source) is V
    # set on an object somewhere: not known
    assert param_state(textwrap.dedent(source) + "Config.data_axis = 'j'\n") is State.UNKNOWN
