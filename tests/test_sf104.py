"""SF104 (top_level_all_gather out spec): spec parsing, local names, prefix logic, focused cases.

The golden fixture cases (fixtures/SF104/) are checked by test_fixtures.py; these tests pin the
pieces and the cases the fixtures do not show.
"""
from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from codemods import jaxapi
from codemods.analysis.specs import Spec, parse_axes, parse_sharding, parse_spec
from codemods.analysis.local_names import resolve_name
from codemods.context import FileContext
from codemods.engine import Options, process_source
from codemods.rules.sf104 import TopLevelAllGatherPrefix
from codemods.analysis.input_shardings import input_sharding
from codemods.rules._gathers import gathered_dims, missing_reduced, required_reduced

OPTIONS = Options(select=("SF104",))

HEADER = """\
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

"""


def src(body: str, header: str = HEADER) -> str:
    return header + textwrap.dedent(body)


def findings(source: str, options: Options = OPTIONS):
    result = process_source(source, "m.py", options)
    assert result.error is None
    return result.findings


def fixed(source: str, options: Options = OPTIONS) -> str:
    result = process_source(source, "m.py", options, fix=True)
    assert result.error is None
    return result.fixed


def in_mesh(lines: str) -> str:
    """A function body inside `with jax.set_mesh(mesh):`."""
    body = textwrap.indent(textwrap.dedent(lines), " " * 8)
    return src(f"def main(x, mesh):\n    with jax.set_mesh(mesh):\n{body}    return y\n")


# --------------------------------------------------------------------------- literal parsing

def _expr(ctx: FileContext, source_line: int = -1) -> cst.BaseExpression:
    statement = ctx.module.body[source_line]
    return statement.body[0].value


def _ctx(code: str) -> FileContext:
    return FileContext(src(code))


@pytest.mark.parametrize("text, partitions, reduced, unreduced", [
    ("P()", (), (), ()),
    ("P('a')", (("a",),), (), ()),
    ("P(None, 'j')", ((), ("j",)), (), ()),
    ("P(('a', 'b'), None, 'c')", (("a", "b"), (), ("c",)), (), ()),
    ("P(['a', 'b'])", (("a", "b"),), (), ()),
    ("P(())", ((),), (), ()),
    ('P("x", reduced={"y", "z"})', (("x",),), ("y", "z"), ()),
    ("P('a', reduced=frozenset({'b'}))", (("a",),), ("b",), ()),
    ("P('a', reduced=set(), unreduced={'c'})", (("a",),), (), ("c",)),
    ("jax.sharding.PartitionSpec('a')", (("a",),), (), ()),
    ("jax.P(None, ('a', 'b'))", ((), ("a", "b")), (), ()),
])
def test_parse_spec_literals(text, partitions, reduced, unreduced):
    ctx = _ctx(f"s = {text}\n")
    literal = parse_spec(ctx, _expr(ctx))
    assert literal is not None
    assert literal.spec == Spec(partitions, reduced, unreduced)
    assert len(literal.dims) == len(partitions)


@pytest.mark.parametrize("text", [
    "P(AXIS)",  # a computed axis name
    "P(*dims)",
    "P(P.UNCONSTRAINED)",
    "P(f'a{i}')",
    "P(b'a')",
    "P('a', reduced=('b',))",  # JAX wants a set
    "P('a', reduced=axes)",
    "P('a', other=1)",
    "Q('a')",  # not JAX's PartitionSpec
    "P('a' 'b')",  # implicit concatenation: not a plain literal
])
def test_parse_spec_unknown(text):
    ctx = _ctx(f"s = {text}\n")
    assert parse_spec(ctx, _expr(ctx)) is None


def test_parse_spec_user_class_named_p_is_not_jax():
    ctx = FileContext("class P:\n    pass\ns = P('a')\n")
    assert parse_spec(ctx, _expr(ctx)) is None


def test_parse_axes():
    ctx = _ctx("s = (None, 'a', ('a', 'b'), ['c'], 1)\n")
    elements = [e.value for e in _expr(ctx).elements]
    assert [parse_axes(e) for e in elements] == [(), ("a",), ("a", "b"), ("c",), None]


def test_spec_str_and_padding():
    spec = Spec((("a", "b"), (), ("c",)), reduced=("d",))
    assert str(spec) == "P(('a', 'b'), None, 'c', reduced={'d'})"
    assert Spec((("a",),)).padded(3) == (("a",), (), ())


def test_parse_sharding_named_sharding_and_names():
    ctx = _ctx("""\
        def f(mesh):
            spec = P('j')
            wanted = NamedSharding(mesh, spec)
            a = NamedSharding(mesh, P(('i', 'j')))
            b = jax.NamedSharding(mesh, spec=P('i'))
            return wanted, a, b, NamedSharding(mesh, spec)
        """)
    function = ctx.module.body[-1]
    ret = function.body.body[-1].body[0].value
    wanted, a, b, inline_wrapper = [element.value for element in ret.elements]

    found = parse_sharding(ctx, wanted)
    assert found.spec.spec == Spec((("j",),))
    assert found.wrapper is not None and not found.inline and not found.wrapper_inline
    assert ctx.text(found.spec_expr) == "spec"

    found = parse_sharding(ctx, a)
    assert found.spec.spec == Spec((("i", "j"),))
    assert found.wrapper is not None and not found.inline  # through the name `a`

    assert parse_sharding(ctx, b).spec.spec == Spec((("i",),))

    found = parse_sharding(ctx, inline_wrapper)
    assert found.wrapper_inline and not found.inline


# --------------------------------------------------------------------------- local names

def _use(ctx: FileContext, function_index: int = -1) -> cst.Name:
    """The argument of the last `use(...)` call in the module."""
    found = []

    class _Find(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            if isinstance(node.func, cst.Name) and node.func.value == "use":
                found.append(node.args[0].value)

    ctx.module.visit(_Find())
    return found[function_index]


@pytest.mark.parametrize("body, expected", [
    ("def f(x):\n    x = 1\n    use(x)\n", "1"),
    ("def f(x):\n    use(x)\n", None),  # a parameter
    ("def f(x):\n    x = 1\n    if c:\n        x = 2\n    use(x)\n", None),  # rebound in a branch
    ("def f(x):\n    x = 1\n    if c:\n        x = 2\n        use(x)\n", "2"),
    ("def f(x):\n    x = 1\n    for i in r:\n        use(x)\n        x = 2\n", None),  # loop back edge
    ("def f(x):\n    for i in r:\n        x = 2\n        use(x)\n        x = 3\n", "2"),
    ("def f(x):\n    x = 1\n    x += 1\n    use(x)\n", None),
    ("def f():\n    x, y = 1, 2\n    use(x)\n", "1"),  # tuple unpacking: each name its own item
    ("def f():\n    x, y = pair\n    use(x)\n", None),
    ("def f():\n    global x\n    x = 1\n    use(x)\n", None),
    ("def f():\n    with a as x:\n        use(x)\n", None),
    ("def f():\n    x = 1\n    x = use(x)\n", "1"),  # the value is read before the store
    ("x = 5\ndef f():\n    use(x)\n", "5"),  # a single module-level binding
    ("x = 5\nx = 6\ndef f():\n    use(x)\n", None),  # two: which one runs first is unknown
    ("def f(x):\n    x = 1\n    return [use(x) for i in r]\n", "1"),
    ("def f(x):\n    return [use(x) for x in r]\n", None),
    ("def f():\n    x = 1\n    def g():\n        use(x)\n", "1"),
    ("def f():\n    x = 1\n    def g():\n        use(x)\n    x = 2\n", None),
])
def test_resolve_name(body, expected):
    ctx = FileContext(body)
    binding = resolve_name(ctx, _use(ctx))
    if expected is None:
        assert binding is None or binding.kind != "assign"
    else:
        assert binding is not None and binding.kind == "assign"
        assert ctx.text(binding.value) == expected


# --------------------------------------------------------------------------- the input's sharding

@pytest.mark.parametrize("code, spec", [
    ("y = jax.device_put(x, P(('a', 'b')))", Spec((("a", "b"),))),
    ("y = jax.device_put(x, device=NamedSharding(mesh, P('a', 'b')))", Spec((("a",), ("b",)))),
    ("y = jax.reshard(x, P('b'))", Spec((("b",),))),
    ("y = jax.jit(f, out_shardings=P(('a', 'b')))(x)", Spec((("a", "b"),))),
    ("g = jax.jit(f, out_shardings=P('a'))\n    y = g(x)", Spec((("a",),))),
    ("y = jax.shard_map(f, mesh=mesh, in_specs=P('a'), out_specs=P(('a', 'b')))(x)", Spec((("a", "b"),))),
    ("y = jax.device_put(x, P('a'))\n    y = y", Spec((("a",),))),
    ("y = x * 2", None),
    ("y = jax.device_put(x, dev)", None),
    ("y = jax.jit(f)(x)", None),
    ("y = jax.jit(f, out_shardings=(P('a'), P('b')))(x)", None),  # a pytree of shardings
])
def test_input_sharding(code, spec):
    ctx = FileContext(src(f"def main(x, mesh, f, dev):\n    {code}\n    use(y)\n"))
    found = input_sharding(ctx, _use(ctx))
    assert (found.spec.spec if found else None) == spec


def test_input_sharding_through_decorators():
    ctx = FileContext(src("""\
        from functools import partial

        @partial(jax.jit, out_shardings=P(('a', 'b')))
        def double(v):
            return 2 * v

        @jax.jit
        @partial(jax.shard_map, in_specs=P('a'), out_specs=P('a', 'b'))
        def body(v):
            return v

        @jax.jit
        def plain(v):
            return v

        def main(x):
            use(double(x))
            use(body(x))
            use(plain(x))
        """))
    uses = [_use(ctx, i) for i in range(3)]
    assert input_sharding(ctx, uses[0]).spec.spec == Spec((("a", "b"),))
    assert input_sharding(ctx, uses[1]).spec.spec == Spec((("a",), ("b",)))
    assert input_sharding(ctx, uses[2]) is None


# --------------------------------------------------------------------------- prefix logic

def _dims(have, want):
    return gathered_dims(Spec(tuple(have)), Spec(tuple(want)))


def test_unchanged_spec_gathers_nothing():
    assert _dims([("a", "b")], [("a", "b")]) == []
    assert _dims([("a",), ()], [("a",)]) == []  # trailing None is implicit


def test_whole_dimension():
    (d,) = _dims([("a", "b")], [()])
    assert d.kind == "whole" and not d.bad and d.gathered == ("a", "b")
    (d,) = _dims([("a",), ("b",)], [("a",)])  # dimension 1 is padded with None
    assert d.dim == 1 and d.kind == "whole" and d.gathered == ("b",)


def test_valid_prefix_is_half_the_tuple():
    (d,) = _dims([("a", "b")], [("a",)])
    assert d.kind == "prefix" and not d.bad and d.gathered == ("b",) and d.jax_gathers == ("b",)
    (d,) = _dims([("a", "b", "c", "d")], [("a", "b")])
    assert d.kind == "prefix" and d.gathered == ("c", "d")


def test_prefix_of_three_axes_is_gathered_wrongly_by_jax():
    (d,) = _dims([("a", "b", "c")], [("a",)])
    assert d.kind == "uneven" and d.bad and d.jax_gathers == ("c",)
    (d,) = _dims([(), ("a", "b", "c")], [(), ("a", "b")])
    assert d.kind == "uneven" and d.dim == 1 and d.jax_gathers == ("b", "c")


def test_not_a_prefix():
    (d,) = _dims([("a", "b")], [("b",)])
    assert d.kind == "not_prefix" and d.bad
    (d,) = _dims([("x", "y", "z")], [("x", "z")])
    assert d.kind == "not_prefix"
    (d,) = _dims([("a", "b")], [("c",)])
    assert d.kind == "not_prefix"


def test_unsharded_input_dimension_is_out_of_scope():
    assert _dims([(), ("a",)], [("a",), ("a",)]) is None


def test_required_and_missing_reduced():
    dims = _dims([("a", "b"), ("c",)], [("a",), ()])
    assert missing_reduced(dims, ()) == ("b", "c")
    assert missing_reduced(dims, ("c", "b")) == ()
    assert required_reduced(dims, ("z",)) == ("b", "c", "z")
    bad = _dims([(), ("a", "b", "c")], [(), ("a", "b")])
    # a bad dimension is gathered whole, in the input tuple's order; written axes already covered
    assert required_reduced(bad, ("c",)) == ("a", "b", "c")
    assert required_reduced(_dims([("model", "data")], [("data",)]), ()) == ("model", "data")


# --------------------------------------------------------------------------- focused cases

def test_rule_metadata():
    assert TopLevelAllGatherPrefix.code == "SF104"
    assert TopLevelAllGatherPrefix.triggers == (b"top_level_all_gather",)
    assert TopLevelAllGatherPrefix.doc.fix_safety


def test_rewrite_message_offers_plain_reshard():
    source = in_mesh("""\
        x = jax.device_put(x, P(('a', 'b')))
        y = top_level_all_gather(x, P('b'))
        """)
    (finding,) = findings(source)
    assert "prefix of in_spec" in finding.message
    assert "`jax.reshard(x, P('b'))`" in finding.message
    assert finding.fix is not None
    assert "y = jax.reshard(top_level_all_gather(x, P(None, reduced={'a', 'b'})), P('b'))" in fixed(source)


# A script whose entry the analysis does not follow (doctest runs the docstrings): run as a
# program, nothing sets a context mesh.
SCRIPT_END = """
if __name__ == "__main__":
    import doctest
    doctest.testmod()
"""


def test_no_context_mesh_is_reported_without_a_fix():
    source = src("""\
        def main(x, mesh):
            x = jax.device_put(x, NamedSharding(mesh, P(('a', 'b'))))
            return top_level_all_gather(x, NamedSharding(mesh, P('a', reduced={'b'})))
        """) + SCRIPT_END
    (finding,) = findings(source)
    assert "context mesh" in finding.message and "jax.set_mesh" in finding.message
    assert finding.fix is None
    assert fixed(source) == source


def test_no_context_mesh_and_bad_spec_give_two_findings():
    source = src("""\
        def main(x):
            x = jax.device_put(x, P(('a', 'b')))
            return top_level_all_gather(x, P('b'))
        """) + SCRIPT_END
    messages = [f.message for f in findings(source)]
    assert len(messages) == 2
    assert any("context mesh" in m for m in messages) and any("prefix of in_spec" in m for m in messages)


@pytest.mark.parametrize("extra, end", [
    ("", ""),  # a library: whoever imports it may call main under `with jax.set_mesh(...)`
    ("from myproject.dist import setup_mesh\n", SCRIPT_END),  # a helper of the user's package may set one for good
    ("from . import dist\n", SCRIPT_END),
    ("from jax._src import test_util as jtu\n", SCRIPT_END),  # `@jtu.with_explicit_mesh` sets one
])
def test_no_context_mesh_is_said_only_of_a_script_importing_no_unread_code(extra, end):
    source = extra + src("""\
        def main(x, mesh):
            x = jax.device_put(x, NamedSharding(mesh, P(('a', 'b'))))
            return top_level_all_gather(x, NamedSharding(mesh, P('a', reduced={'b'})))
        """) + end
    assert not [f for f in findings(source) if "context mesh" in f.message]


def test_reached_without_a_mesh_is_not_said_when_an_unread_helper_runs_first():
    # `jax.set_mesh(m)` as a statement sets the mesh for good (jax 0.10.2): `setup_mesh` may.
    body = src("""\
        def export(x):
            return top_level_all_gather(x, P(None, reduced={'a'}))

        def main():
            mesh = setup_mesh()
            return export(jax.device_put(jax.numpy.zeros(8), NamedSharding(mesh, P('a'))))

        if __name__ == "__main__":
            main()
        """)
    local = body + "\ndef setup_mesh():\n    return jax.make_mesh((8,), ('a',))\n"
    assert any("context mesh" in f.message for f in findings(local))
    assert not [f for f in findings("from myproject.dist import setup_mesh\n" + body) if "context mesh" in f.message]


@pytest.mark.parametrize("setter", ["jax.set_mesh(mesh)", "jax.sharding.use_abstract_mesh(mesh.abstract_mesh)"])
def test_mesh_set_anywhere_in_the_module_counts(setter):
    source = src(f"""\
        def regather(x):
            x = jax.device_put(x, P(('a', 'b')))
            return top_level_all_gather(x, P('a', reduced={{'b'}}))

        def main(x, mesh):
            {setter}
            return regather(x)
        """)
    assert findings(source) == []


def test_unknown_input_sharding_is_silent():
    source = in_mesh("""\
        z = jax.device_put(x, P(('a', 'b')))
        y = top_level_all_gather(x, P('b'))
        """)
    assert findings(source) == []  # x is the parameter, not z


def test_unknown_out_sharding_is_silent():
    source = in_mesh("""\
        x = jax.device_put(x, P(('a', 'b')))
        y = top_level_all_gather(x, make_spec())
        """)
    assert findings(source) == []


def test_rebinding_in_a_branch_is_silent():
    source = in_mesh("""\
        x = jax.device_put(x, P(('a', 'b')))
        if flag:
            x = jax.device_put(x, P('b'))
        y = top_level_all_gather(x, P('b'))
        """)
    assert findings(source) == []


def test_several_dimensions_without_multi_dim():
    # a first dimension that keeps a prefix, then a second one changed: JAX raises "multiple
    # dimensions cannot be all_gathered since multi_dim=False" (checked on 0.10.2)
    source = in_mesh("""\
        x = jax.device_put(x, P('a', 'b'))
        y = top_level_all_gather(x, P(None, None))
        """)
    (finding,) = findings(source)
    assert "multi_dim=False" in finding.message and "dimensions 0, 1" in finding.message
    assert "y = jax.reshard(x, P(None, None))" in fixed(source)
    # a reduced out spec: reshard would not give what was asked, so no fix
    reduced = source.replace("P(None, None)", "P(None, 'a', reduced={'b'})")
    (finding,) = findings(reduced)
    assert "multi_dim=False" in finding.message and finding.fix is None


def test_several_dimensions_with_multi_dim_missing_reduced():
    source = in_mesh("""\
        x = jax.device_put(x, P(('a', 'b'), 'c'))
        y = top_level_all_gather(x, P('a', None), multi_dim=True)
        """)
    (finding,) = findings(source)
    assert "'b', 'c'" in finding.message
    assert "y = jax.reshard(top_level_all_gather(x, P('a', None, reduced={'b', 'c'}), multi_dim=True), P('a', None))" in fixed(source)


def test_missing_reduced_keeps_written_axes_and_order():
    source = in_mesh("""\
        x = jax.device_put(x, P(('a', 'b'), 'c'))
        y = top_level_all_gather(x, P('a', None, reduced={'c'}), multi_dim=True)
        """)
    assert "P('a', None, reduced={'b', 'c'})" in fixed(source)


def test_missing_reduced_through_a_local_name_copies_the_literal():
    source = in_mesh("""\
        x = jax.device_put(x, P(('a', 'b')))
        spec = P('a')
        wanted = NamedSharding(mesh, spec)
        y = top_level_all_gather(x, wanted)
        z = top_level_all_gather(x, NamedSharding(mesh, spec))
        """)
    out = fixed(source)
    assert "spec = P('a')\n" in out and "wanted = NamedSharding(mesh, spec)\n" in out  # other uses untouched
    assert "y = jax.reshard(top_level_all_gather(x, NamedSharding(mesh, P('a', reduced={'b'}))), wanted)" in out
    assert ("z = jax.reshard(top_level_all_gather(x, NamedSharding(mesh, P('a', reduced={'b'}))), "
            "NamedSharding(mesh, spec))") in out
    assert findings(out) == []


def test_keyword_out_sharding_and_double_quotes():
    source = in_mesh("""\
        x = jax.device_put(x, P(("a", "b")))
        y = top_level_all_gather(x, out_sharding=P("b"))
        """)
    assert 'y = jax.reshard(top_level_all_gather(x, out_sharding=P(None, reduced={"a", "b"})), P("b"))' in fixed(source)


def test_out_spec_without_strings_takes_the_input_quote():
    source = in_mesh("""\
        x = jax.device_put(x, P(("a", "b")))
        y = top_level_all_gather(x, P())
        """)
    assert 'y = jax.reshard(top_level_all_gather(x, P(reduced={"a", "b"})), P())' in fixed(source)


def test_import_jax_is_added_when_missing():
    source = textwrap.dedent("""\
        from jax import device_put, set_mesh
        from jax.sharding import PartitionSpec as P
        from jax._src.shard_map import top_level_all_gather as tlag

        def main(x, mesh):
            with set_mesh(mesh):
                x = device_put(x, P(('a', 'b')))
                return tlag(x, P('b'))
        """)
    out = fixed(source)
    assert "from jax._src.shard_map import top_level_all_gather as tlag\nimport jax\n" in out
    assert "return jax.reshard(tlag(x, P(None, reduced={'a', 'b'})), P('b'))" in out
    assert fixed(out) == out


def test_module_alias_and_jit_input():
    source = textwrap.dedent("""\
        import jax as jx
        from jax import P
        from jax._src import shard_map as sm

        def main(x, mesh):
            with jx.set_mesh(mesh):
                f = jx.jit(lambda v: v, out_shardings=P(('a', 'b', 'c')))
                y = f(x)
                return sm.top_level_all_gather(y, P(('a', 'b')))
        """)
    (finding,) = findings(source)
    assert "gathers the last 2 axes there ('b', 'c'), not 'c'" in finding.message
    assert ("return jx.reshard(sm.top_level_all_gather(y, P(None, reduced={'a', 'b', 'c'})), P(('a', 'b')))"
            in fixed(source))


def test_old_target_without_jax_reshard_gets_no_rewrite():
    source = in_mesh("""\
        x = jax.device_put(x, P(('a', 'b')))
        y = top_level_all_gather(x, P('b'))
        """)
    old = Options(select=("SF104",), target=(0, 8, 1))
    (finding,) = findings(source, old)
    assert finding.fix is None


def test_user_function_of_the_same_name_is_not_jax():
    source = textwrap.dedent("""\
        import jax
        from jax.sharding import PartitionSpec as P

        def top_level_all_gather(x, out):
            return jax.reshard(x, out)

        def main(x):
            x = jax.device_put(x, P(('a', 'b')))
            return top_level_all_gather(x, P('b'))
        """)
    assert findings(source) == []


def test_tlag_names_are_data():
    assert "jax._src.shard_map.top_level_all_gather" in jaxapi.TOP_LEVEL_ALL_GATHER
    assert jaxapi.canonical("jax.sharding.set_mesh") == "jax.set_mesh"
    assert jaxapi.canonical("jax.NamedSharding") == "jax.sharding.NamedSharding"


def test_module_level_rebinding_the_engine_may_blank_out_is_not_missed():
    # The loop names no SF104 API: the engine's sparse text blanks it, the rule must not
    # conclude that `x` has a single binding.
    source = src("""\
        mesh = jax.make_mesh((2, 4), ('a', 'b'))
        x = jax.device_put(jax.numpy.ones((8, 8)), P(('a', 'b')))
        for _ in range(3):
            x = jax.reshard(x, P('a'))
        jax.set_mesh(mesh)

        def regather():
            return top_level_all_gather(x, P('b'))
        """)
    assert findings(source) == []
    assert findings(source, Options(select=("SF104",), prefilter=False)) == []
    single = source.replace("for _ in range(3):\n    x = jax.reshard(x, P('a'))\n", "")
    # Whole text analysed: one binding, one finding. (The engine's sparse text may hide the
    # module-level assignment itself; the rule then stays silent rather than guess.)
    assert len(findings(single, Options(select=("SF104",), prefilter=False))) == 1


# --------------------------------------------------------------------------- axis names by name
def test_axis_names_from_tuple_unpacking_and_constant_tuples():
    source = in_mesh("""
        x = jax.device_put(x, P(DP, TP))
        y = top_level_all_gather(x, P(None, TP))
    """).replace("def main(", "DP, TP = 'i', 'j'\n\n\ndef main(", 1)
    assert "jax.reshard(top_level_all_gather(x, P(None, TP, reduced={'i'})), P(None, TP))" in fixed(source)
    source = in_mesh("""
        x = jax.device_put(x, NamedSharding(mesh, P(AXES, None)))
        y = top_level_all_gather(x, P(None, None))
    """).replace("def main(", "AXES = ('i', 'j')\n\n\ndef main(", 1)
    (finding,) = findings(source)
    assert "gathers 'i', 'j'" in finding.message
    # a name bound twice at module level is not one value: no finding
    assert findings(source.replace("AXES = ('i', 'j')\n", "AXES = ('i', 'j')\nAXES = ('i',)\n")) == []


# --------------------------------------------------------------------------- inputs through callers
CALLERS = HEADER + textwrap.dedent("""\
    def gather(w):
        return top_level_all_gather(w, P(None, 'j'))


    def unrelated():
        return 1


    def main(x, mesh):
        with jax.set_mesh(mesh):
            placed = jax.device_put(x, NamedSharding(mesh, P('i', 'j')))
            return gather(placed)
    """)


def test_a_parameter_is_what_every_call_passes_with_and_without_the_sparse_text():
    # `main` holds none of SF104's words: the sparse text blanks it, and the rule reads the
    # callers on the whole file instead, so every way of running gives the same answer.
    for options in (OPTIONS, Options(select=("SF104",), prefilter=False), Options()):
        (finding,) = [f for f in findings(CALLERS, options) if f.code == "SF104"]
        assert "gathers 'i'" in finding.message and finding.span.line == 6
    assert "jax.reshard(top_level_all_gather(w, P(None, 'j', reduced={'i'})), P(None, 'j'))" in fixed(CALLERS)


def test_a_parameter_is_unknown_when_its_callers_are_not_all_known():
    # passed as a value, the function may be called with anything
    assert findings(CALLERS.replace("return 1", "return gather")) == []
    # two calls that disagree (one replicated input: nothing to gather): the one that fails is
    # named, and the helper is not rewritten (its one call serves both callers)
    twice = CALLERS.replace("return gather(placed)", "return gather(jax.device_put(x, NamedSharding(mesh, P(None, 'j')))), gather(placed)")
    for options in (OPTIONS, Options(select=("SF104",), prefilter=False), Options()):
        (finding,) = [f for f in findings(twice, options) if f.code == "SF104"]
        assert finding.span.line == 6 and finding.fix is None
        assert finding.message.startswith("when called from line 16 (`gather(placed)`)") and "gathers 'i'" in finding.message
    both_fine = twice.replace("gather(placed)", "gather(x)")
    assert findings(both_fine) == []
    # a call from inside the function itself
    assert findings(CALLERS.replace("return top_level_all_gather(w, P(None, 'j'))",
                                    "return top_level_all_gather(w, P(None, 'j')) if w is None else gather(w)")) == []


def test_parameters_passed_round_a_cycle_are_unknown():
    # f and g (h and k) pass the parameter to each other: no end to follow, no error, no finding
    source = HEADER + textwrap.dedent("""\
        def f(s, x, n):
            if n:
                return g(s, x, n - 1)
            return top_level_all_gather(jax.device_put(x, NamedSharding(jax.sharding.get_abstract_mesh(), s)), P(None))


        def g(t, x, n):
            return f(t, x, n)


        def h(w, n):
            if n:
                return k(w, n - 1)
            return top_level_all_gather(w, P(None))


        def k(v, n):
            return h(v, n)
        """)
    assert findings(source) == []


METHOD = HEADER + textwrap.dedent("""\
    class Exporter:
        def gather(self, w):
            return top_level_all_gather(w, P(None, 'j'))


    def main(x, mesh):
        with jax.set_mesh(mesh):
            placed = jax.device_put(x, NamedSharding(mesh, P('i', 'j')))
            return Exporter().gather(placed)
    """)


def test_a_method_parameter_is_what_every_obj_method_call_passes():
    (finding,) = findings(METHOD)
    assert "gathers 'i'" in finding.message
    # called through the class (or an alias of it) the first argument is the receiver
    alias = METHOD.replace("return Exporter().gather(placed)", "E = Exporter\n        return E.gather(E(), placed)")
    assert findings(alias) == []
    # a subclass may override it; another class may define a method of the same name
    assert findings(METHOD.replace("def main(", "class Sub(Exporter):\n    pass\n\n\ndef main(")) == []
    assert findings(METHOD.replace("def main(", "class Other:\n    def gather(self, w):\n        return w\n\n\ndef main(")) == []


TABLE_CHANGED = """\
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("model", "data"), "b": P("data", "model")}


def transpose_weights(table):
    table.update(w=P("data", "model"))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    CHANGE
    placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": w, "b": b}, SPECS)
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed["w"], P("data", None, reduced={"model"}))
"""


@pytest.mark.parametrize("change", ["transpose_weights(SPECS)", 'SPECS.update(w=P("data", "model"))',
                                    'SPECS["w"] = P("data", "model")'])
def test_a_spec_table_changed_before_tree_map_is_not_read_as_written(change):
    # found by benchmarks/adversarial5: after the change `w` is on P('data', 'model'), whose
    # gather to P('data', None, reduced={'model'}) runs on jax 0.10.2
    result = process_source(TABLE_CHANGED.replace("CHANGE", change), "m.py", Options(select=("SF104",)), fix=False)
    assert result.error is None and result.findings == []
    # unchanged, `w` is on P('model', 'data'): not a prefix on dimension 0, JAX raises
    result = process_source(TABLE_CHANGED.replace("CHANGE", "pass"), "m.py", Options(select=("SF104",)), fix=False)
    assert [f.code for f in result.findings] == ["SF104"]
