"""SF202-SF207 (issue 17): migrations read from one table (codemods/api_history.py).

What a user checks: the finding is there for a target JAX that lacks the old spelling and absent
for one that still has it, the fix is spelled for the target and keeps every other byte, version
guards and migrated code stay silent, and nothing is fixed that cannot be fixed mechanically.
"""
from __future__ import annotations

import ast
import textwrap

import pytest

from codemods import api_history
from codemods.engine import Options, process_source
from codemods.model import Safety
from codemods.rules import rule_by_code


def run(source: str, target=(0, 10, 2), unsafe: bool = False, fix: bool = True):
    return process_source(textwrap.dedent(source), "m.py", Options(target=target, unsafe_fixes=unsafe), fix=fix)


def codes(result) -> list[str]:
    return [f.code for f in result.findings]


def test_every_record_names_a_registered_rule_and_every_rule_has_records():
    table_codes = {change.code for change in api_history.CHANGES}
    assert table_codes == {"SF202", "SF203", "SF204", "SF205", "SF206", "SF207"}
    for code in table_codes:
        assert rule_by_code(code) is not None
    # What cannot be migrated mechanically says why; what can has a replacement for its versions.
    for change in api_history.CHANGES:
        assert bool(change.reason) != bool(change.replacements), change


@pytest.mark.parametrize("target, expected", [((0, 6, 2), []), ((0, 7, 0), ["SF202"]), ((0, 10, 2), ["SF202"])])
def test_experimental_shard_is_reported_only_where_jax_sharding_has_it(target, expected):
    result = run("from jax.experimental.shard import reshard\n", target, fix=False)
    assert codes(result) == expected


def test_reshard_is_spelled_for_the_target():
    source = "import jax\nimport jax.experimental.shard as s\ny = s.reshard(x, spec)\n"
    old = run(source, (0, 7, 0)).output
    new = run(source, (0, 10, 2)).output
    assert old == "import jax\ny = jax.sharding.reshard(x, spec)\n"
    # The module import cannot stay (the module is gone): it goes with the uses, in one fix.
    assert new == "import jax\ny = jax.reshard(x, spec)\n"


def test_use_mesh_is_not_reported_before_set_mesh_became_a_context_manager():
    source = "import jax\nwith jax.sharding.use_mesh(m):\n    pass\n"
    assert codes(run(source, (0, 7, 0), fix=False)) == []
    assert run(source, (0, 7, 1)).output == "import jax\nwith jax.set_mesh(m):\n    pass\n"


def test_use_mesh_import_removed_with_every_use_respelled_keeping_crlf():
    source = "import jax\r\nfrom jax.sharding import use_mesh\r\n\r\nwith use_mesh(m):\r\n    f(use_mesh)\r\n"
    result = process_source(source, "m.py", Options(target=(0, 10, 2)), fix=True)
    assert result.output == "import jax\r\n\r\nwith jax.set_mesh(m):\r\n    f(jax.set_mesh)\r\n"
    again = process_source(result.output, "m.py", Options(target=(0, 10, 2)), fix=True)
    assert again.output == result.output and again.findings == []


def test_a_name_dropped_from_a_shared_import_line():
    source = "import jax\nfrom jax.sharding import (\n    Mesh,\n    use_mesh as um,\n)\nfrom jax.sharding import use_mesh, NamedSharding\nwith um(m), use_mesh(m):\n    pass\n"
    out = run(source).output
    assert out == ("import jax\nfrom jax.sharding import (\n    Mesh,\n)\nfrom jax.sharding import NamedSharding\n"
                   "with jax.set_mesh(m), jax.set_mesh(m):\n    pass\n")


def test_pjit_fix_is_unsafe_and_positional_shardings_are_reported_only():
    keywords = run("import jax\nfrom jax.experimental.pjit import pjit\nf = pjit(g, in_shardings=s)\n", fix=False)
    assert {f.fix.safety for f in keywords.findings if f.fix} == {Safety.UNSAFE}
    assert run("import jax\nfrom jax.experimental.pjit import pjit\nf = pjit(g, in_shardings=s)\n").output \
        .endswith("f = pjit(g, in_shardings=s)\n")  # not applied without --unsafe-fixes
    positional = run("import jax\nimport jax.experimental.pjit\nf = jax.experimental.pjit.pjit(g, s, s)\n", unsafe=True)
    assert codes(positional) == ["SF202"] and positional.findings[0].fix is None
    assert "keywords" in positional.findings[0].message


def test_device_put_sharded_keeps_the_module_spelling_and_quotes():
    source = '''\
    import jax
    import jax.numpy as np_
    from jax.sharding import NamedSharding as NS
    y = jax.device_put_sharded(xs, devs)  # keep me
    '''
    out = run(source).output
    assert out.endswith('y = jax.device_put(jax.tree.map(lambda *s: np_.stack(s), *xs), '
                        "NS(jax.sharding.Mesh(devs, ('d',)), jax.sharding.PartitionSpec('d')))  # keep me\n")
    ast.parse(out)


def test_a_directly_imported_device_put_sharded_is_rewritten_with_its_import():
    source = "from jax import device_put_sharded, devices\ny = device_put_sharded(xs, devices())\n"
    found = run(source, fix=False).findings
    assert [(f.code, f.span.line, f.fix is not None) for f in found] == [("SF203", 1, True), ("SF203", 2, True)]
    assert run(source).output == (
        "from jax import devices\nimport jax\ny = jax.device_put(jax.tree.map(lambda *s: jax.numpy.stack(s), *xs), "
        "jax.sharding.NamedSharding(jax.sharding.Mesh(devices(), ('d',)), jax.sharding.PartitionSpec('d')))\n")


@pytest.mark.parametrize("uses", [
    "y = device_put_sharded(xs, devs)\nf = device_put_sharded\n",  # a use that is not a call
    "y = device_put_sharded(xs, devs, extra)\n",
])
def test_an_imported_device_put_sharded_is_not_rewritten_unless_every_use_is(uses):
    source = "import jax\nfrom jax import device_put_sharded\n" + uses
    assert run(source).output == source  # the import and every use kept together
    found = run(source, fix=False).findings
    assert {f.code for f in found} == {"SF203"} and all(f.fix is None for f in found)
    assert {2, 3} <= {f.span.line for f in found}


def test_from_import_of_the_experimental_shard_module_goes_with_its_uses():
    source = textwrap.dedent('''\
    import jax
    from jax.experimental import shard
    from jax.sharding import PartitionSpec as P

    def f(x):
        y = shard.reshard(x, P("i"))
        return shard.explicit_axes(g, axes=("i",))(y)
    ''')
    result = run(source)
    assert result.output == textwrap.dedent('''\
    import jax
    from jax.sharding import PartitionSpec as P

    def f(x):
        y = jax.reshard(x, P("i"))
        return jax.sharding.explicit_axes(g, axes=("i",))(y)
    ''')
    assert [(f.code, f.span.line) for f in run(source, fix=False).findings] == [("SF202", 2), ("SF202", 6), ("SF202", 7)]


@pytest.mark.parametrize("source", [
    "import jax\nfrom jax.experimental import shard\nmodules = [shard]\ny = shard.reshard(x, s)\n",
    "import jax\nfrom jax.experimental import shard  # keep this comment\ny = shard.reshard(x, s)\n",
])
def test_experimental_shard_module_import_that_cannot_go_is_kept_and_says_why(source):
    result = run(source, fix=False)
    import_finding = next(f for f in result.findings if f.span.line == 2)
    assert import_finding.fix is None and "from `jax.sharding` instead" in import_finding.message
    assert "from jax.experimental import shard" in run(source).output


def test_a_device_list_built_by_a_call_is_still_built_once_and_after_the_values():
    # device_put_sharded writes the devices once, in their place: rewritten as usual.
    assert run("import jax\ny = jax.device_put_sharded(xs, make_devices())\n").output == (
        "import jax\ny = jax.device_put(jax.tree.map(lambda *s: jax.numpy.stack(s), *xs), "
        "jax.sharding.NamedSharding(jax.sharding.Mesh(make_devices(), ('d',)), jax.sharding.PartitionSpec('d')))\n")
    # device_put_replicated needs the count too: the sharding becomes a default argument (built once).
    assert run("import jax\ny = jax.device_put_replicated(x, make_devices())\n").output == (
        "import jax\ny = jax.tree.map(lambda s, sharding=jax.sharding.NamedSharding(jax.sharding.Mesh(make_devices(), "
        "('d',)), jax.sharding.PartitionSpec('d')): jax.device_put(jax.numpy.stack([s] * sharding.mesh.size), "
        "sharding), x)\n")
    # That default runs before the values: values built by a call would change order, so no fix.
    result = run("import jax\ny = jax.device_put_replicated(load(), make_devices())\n")
    assert codes(result) == ["SF203"] and result.findings[0].fix is None


def test_positional_sharding_is_reported_with_the_reason_and_no_fix():
    result = run("import jax\ns = jax.sharding.PositionalSharding(devs)\n")
    assert codes(result) == ["SF204"] and result.findings[0].fix is None
    assert "NamedSharding" in result.findings[0].message
    assert codes(run("import jax\ns = jax.sharding.PositionalSharding(devs)\n", (0, 6, 2))) == []


def test_vma_only_on_a_jax_type():
    result = run("import jax\na = jax.typeof(x).vma\nb = thing.vma\nc = other(x).vma\n")
    assert result.output == "import jax\na = jax.typeof(x).manual_axis_type.varying\nb = thing.vma\nc = other(x).vma\n"
    assert codes(run("import jax\na = jax.typeof(x).vma\n", (0, 9, 2))) == []


def test_with_mesh_only_for_certain_meshes():
    source = '''\
    import jax
    from jax.sharding import Mesh
    mesh = Mesh(devs, ('i',))
    def f(mesh):
        with mesh:  # a parameter: unknown
            pass
    def g():
        with mesh:
            pass
    def h():
        lock = make_lock()
        with lock:
            pass
    '''
    assert [(f.code, f.span.line) for f in run(source, fix=False).findings] == [("SF206", 8)]
    result = run(source, unsafe=True)
    assert "    with jax.set_mesh(mesh):\n" in result.output
    assert result.output.count("set_mesh") == 1
    assert codes(run(source, (0, 10, 0), fix=False)) == []


def test_make_mesh_needs_proof_the_code_predates_the_explicit_default():
    modern = "import jax\nmesh = jax.make_mesh((2, 4), ('i', 'j'))\n"
    assert codes(run(modern)) == []
    # pvary and experimental shard_map still work on 0.9.x (Explicit default): no proof.
    for deprecated in ("y = jax.lax.pvary(x, 'i')\n", "from jax.experimental.shard_map import shard_map\n"):
        assert "SF207" not in codes(run(modern + deprecated, fix=False))
    old = modern + "ctx = jax.sharding.use_mesh\n"  # removed in 0.7.1
    assert codes(run(old, (0, 8, 2), fix=False)) == ["SF202"]  # the default is still Auto there
    fixed = run(old).output
    assert "jax.make_mesh((2, 4), ('i', 'j'), axis_types=(jax.sharding.AxisType.Auto,) * 2)" in fixed


def test_make_mesh_keyword_goes_after_a_parenthesized_last_argument():
    source = ("import jax\nctx = jax.sharding.use_mesh\n"
              "mesh = jax.make_mesh((2, 4), ( # names\n    ('i', 'j') ))\n")
    fixed = run(source).output
    assert "mesh = jax.make_mesh((2, 4), ( # names\n    ('i', 'j') ), axis_types=(jax.sharding.AxisType.Auto,) * 2)" in fixed
    compile(fixed, "<fixed>", "exec")


def test_version_guarded_and_migrated_code_stays_silent():
    source = '''\
    import jax
    if hasattr(jax, "set_mesh"):
        ctx = jax.set_mesh
    else:
        ctx = jax.sharding.use_mesh
    try:
        from jax.experimental.shard import reshard
    except ImportError:
        from jax.sharding import reshard
    if jax.__version_info__ < (0, 10, 0):
        axes = jax.typeof(x).vma
    '''
    assert run(source, fix=False).findings == []


@pytest.mark.parametrize("text, passes", [
    (b"axes = jax.typeof(x).vma\n", True),
    (b"s = jax.ShapeDtypeStruct((2,), jnp.float32, vma={'i'})\n", True),
    (b"axes = (jax.typeof(x).\n        vma)\n", True),
    (b"axes = jax.typeof(x) . vma\n", True),
    (b"f = jax.vmap(g)\nfrom jax import vmap\n", False),
    (b"my_vmap_axes = 1\nvmax = 2\n", False),
])
def test_sf205_prefilter_reads_vma_as_a_whole_identifier(text, passes):
    """The byte filter must let every file through that can hold `.vma` or `vma=`, and may skip
    the many that only say `vmap`."""
    from codemods.rules.sf205 import VmaRemoved

    assert VmaRemoved.may_match(text) is passes


# Every spelling of docs/migrations.md (and the API history of jax-collectives.md), with the form
# in which it shows up in code (api_history's forms; SF201's own migrations are "sf201").
MIGRATION_ROWS = [
    ("jax.device_put_sharded", api_history.CALL),
    ("jax.device_put_replicated", api_history.CALL),
    ("jax.experimental.shard_map.shard_map", "sf201"),  # check_rep=, auto=
    ("jax.experimental.shard.reshard", api_history.REFERENCE),
    ("jax.experimental.shard.auto_axes", api_history.REFERENCE),
    ("jax.experimental.shard.explicit_axes", api_history.REFERENCE),
    ("jax.experimental.shard", api_history.MODULE),
    ("jax.sharding.use_mesh", api_history.REFERENCE),
    ("jax.sharding.set_mesh", "not migrated"),
    ("jax.sharding.Mesh", api_history.WITH),  # with mesh:
    ("jax.make_mesh", api_history.WITH),
    ("jax.experimental.pjit.pjit", api_history.REFERENCE),
    ("jax.experimental.pjit.pjit", api_history.KEYWORD),  # in_axis_resources=, out_axis_resources=
    ("jax.lax.with_sharding_constraint", api_history.KEYWORD),  # axis_resources=
    ("jax.experimental.pjit.with_sharding_constraint", api_history.REFERENCE),
    ("jax.sharding.PositionalSharding", api_history.REFERENCE),
    ("jax.lax.pvary", "sf201"),
    ("jax.lax.all_gather_invariant", "sf201"),
    ("jax._src.lax.parallel.preduced", "sf201"),
    ("jax._src.lax.parallel.all_gather_reduced", "sf201"),
    ("jax.sharding.reshard", "not migrated"),
    ("jax.typeof", api_history.ATTRIBUTE),  # .vma
    ("jax.core.get_aval", api_history.ATTRIBUTE),  # .vma
    ("jax.core.get_aval", api_history.REFERENCE),
    (".aval.vma", "not migrated"),
    ("jax.ShapeDtypeStruct", api_history.KEYWORD),  # vma=
    ("jax.make_mesh", api_history.MISSING_KEYWORD),  # axis_types
]


def test_every_row_of_the_migration_table_is_migrated_or_reported_with_a_reason():
    from codemods import jaxapi

    sf201 = {old for migration in jaxapi.MIGRATIONS for old in migration.old} | {jaxapi.EXPERIMENTAL_SHARD_MAP}
    missing = []
    for name, form in MIGRATION_ROWS:
        if form == "sf201":
            covered = jaxapi.canonical(name) in sf201
        elif form == "not migrated":
            covered = bool(api_history.NOT_MIGRATED.get(name))
        else:
            covered = any(change.form == form and name in change.old for change in api_history.CHANGES)
        if not covered:
            missing.append((name, form))
    assert missing == []
    # A record without a fix says why; none is silently empty.
    for change in api_history.CHANGES:
        assert change.reason or change.replacements, change


def test_renamed_pjit_keywords_are_renamed_before_pjit_becomes_jit():
    source = "from jax.experimental.pjit import pjit\nf = pjit(g, in_axis_resources=a, out_axis_resources=b)  # k\n"
    safe = run(source)
    assert safe.output == "from jax.experimental.pjit import pjit\nf = pjit(g, in_shardings=a, out_shardings=b)  # k\n"
    assert run(safe.output).output == safe.output
    unsafe = run(source, unsafe=True)
    assert unsafe.output == "import jax\nf = jax.jit(g, in_shardings=a, out_shardings=b)  # k\n"
    # Both spellings passed: nothing can be renamed, so pjit is not turned into jit either.
    both = run("import jax\nf = jax.experimental.pjit.pjit(g, in_axis_resources=a, in_shardings=a)\n", unsafe=True)
    assert both.output.endswith("jax.experimental.pjit.pjit(g, in_axis_resources=a, in_shardings=a)\n")
    assert all(f.fix is None for f in both.findings) and any("keep one" in f.message for f in both.findings)


def test_with_sharding_constraint_axis_resources_and_its_pjit_spelling():
    source = "import jax\nfrom jax.experimental.pjit import with_sharding_constraint as wsc\ny = wsc(x, axis_resources=s)\n"
    assert run(source).output == "import jax\ny = jax.lax.with_sharding_constraint(x, shardings=s)\n"
    assert run("import jax\ny = jax.lax.with_sharding_constraint(x, s)\n").findings == []


def test_get_aval_becomes_typeof_only_where_it_is_gone():
    source = "import jax\nm = jax.core.get_aval(x).vma\nn = jax.core.get_aval(x).shape\n"
    assert run(source).output == \
        "import jax\nm = jax.typeof(x).manual_axis_type.varying\nn = jax.typeof(x).shape\n"
    assert codes(run(source, (0, 9, 2), fix=False)) == []


@pytest.mark.parametrize("evidence, proven", [
    ("from jax.experimental.shard import reshard\n", True),  # removed in 0.7.0, unguarded
    ("import jax.experimental.shard as shard\n", True),
    ("def f(m):\n    return jax.sharding.PositionalSharding(m)\n", True),
    # The same APIs behind a version guard: the module supports both generations, no proof.
    ("try:\n    from jax.experimental.shard import reshard\nexcept ImportError:\n    from jax.sharding import reshard\n",
     False),
    ("if hasattr(jax, 'set_mesh'):\n    use = jax.set_mesh\nelse:\n    use = jax.sharding.use_mesh\n"
     "with use(mesh):\n    pass\n", False),
    ("use_mesh = make_my_context\nwith use_mesh(mesh):\n    pass\n", False),  # the user's own name
])
def test_make_mesh_is_reported_only_with_unguarded_proof_of_an_old_jax(evidence, proven):
    source = "import jax\nmesh = jax.make_mesh((2, 4), ('i', 'j'))\n" + evidence
    assert ("SF207" in codes(run(source, fix=False))) is proven


def test_the_readme_migration_table_has_a_row_per_record_with_its_versions():
    from pathlib import Path

    from codemods import jaxapi, migration_table

    rows = migration_table.rows()
    assert len(rows) == len(api_history.CHANGES) + len(jaxapi.MIGRATIONS) + 1 + len(api_history.NOT_MIGRATED)
    by_old = {row[0]: row for row in rows}
    assert by_old["`jax.sharding.use_mesh`"][2:] == ("0.7.1", "`jax.set_mesh` (from 0.7.1)", "safe", "SF202")
    assert by_old["`jax.experimental.shard.reshard`"][3] == \
        "`jax.sharding.reshard` (from 0.7.0); `jax.reshard` (from 0.8.2)"
    assert by_old["`jax.sharding.PositionalSharding`"][3].startswith("`NamedSharding(Mesh(np.array(devices)")
    assert by_old["`jax.sharding.PositionalSharding`"][4] == "safe"
    assert by_old["`jax.ShapeDtypeStruct(vma=)`"][3] == \
        "`manual_axis_type=jax.sharding.ManualAxisType(varying=xs)` (from 0.10.0)"
    assert by_old["`jax.ShapeDtypeStruct(vma=)`"][4] == "safe"
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert migration_table.migrations_table() in readme


@pytest.mark.parametrize("extra, proven", [
    ("y = jax.lax.all_gather_invariant(x, 'i')\n", True),  # public, gone in 0.8.2
    ("from jax._src.lax.parallel import all_gather_invariant\n", False),  # private: still in 0.10.2
    # Reduced values need Explicit axes: Auto axes would break the program, so no finding.
    ("y = jax.lax.all_gather_invariant(x, 'i')\nz = jax.lax.all_gather(x, 'i', to='reduced')\n", False),
    ("y = jax.lax.all_gather_invariant(x, 'i')\ns = P('i', reduced={'j'})\n", False),
    ("y = jax.lax.all_gather_invariant(x, 'i')\nw = jax.lax.preduced(x, 'i')\n", False),
])
def test_make_mesh_evidence_from_public_spellings_and_never_with_reduced_values(extra, proven):
    source = "import jax\nfrom jax.sharding import PartitionSpec as P\nmesh = jax.make_mesh((2, 4), ('i', 'j'))\n" + extra
    assert ("SF207" in codes(run(source, fix=False))) is proven


# --- version flags and None sentinels (second round: both were rewritten, breaking old JAX) ---

def test_branch_for_old_jax_behind_a_version_flag_stays_silent():
    source = '''\
    import jax
    _NEW_JAX = tuple(int(p) for p in jax.__version__.split(".")[:2]) >= (0, 8)
    NEW = jax.__version_info__ >= (0, 8, 2)

    def put(xs, devs):
        if _NEW_JAX:
            return jax.device_put(xs, None)
        else:
            return jax.device_put_sharded(xs, devs)

    def put2(xs, devs):
        if not NEW:
            return jax.device_put_replicated(xs, devs)
        return jax.device_put(xs, None)

    def varying(x):
        if NEW:
            return x
        return jax.lax.pvary(x, "i")
    '''
    result = run(source)
    assert result.findings == []
    assert result.output == textwrap.dedent(source)


def test_branch_for_old_jax_behind_a_none_sentinel_stays_silent():
    source = '''\
    import jax
    from jax import lax
    try:
        from jax.lax import pcast
    except ImportError:
        pcast = None
    pc = getattr(lax, "pcast", None)

    def f(x):
        if pcast is not None:
            return pcast(x, "i", to="varying")
        else:
            return jax.lax.pvary(x, "i")

    def g(x):
        if pcast is None:
            return jax.lax.pvary(x, "i")
        return pcast(x, "i", to="varying")

    def h(x):
        if not pc:
            return lax.pvary(x, "i")
        return pc(x, "i", to="varying")
    '''
    result = run(source)
    assert result.findings == []
    assert result.output == textwrap.dedent(source)


def test_flags_that_are_not_version_tests_guard_nothing():
    source = '''\
    import jax
    DEBUG = True
    NEW = jax.__version_info__ >= (0, 8, 2)
    TWICE = jax.__version_info__ >= (0, 8, 2)
    TWICE = False

    def f(xs, devs):
        if DEBUG:
            return 1
        else:
            return jax.device_put_sharded(xs, devs)

    def g(xs, devs):
        if NEW:
            return jax.device_put_sharded(xs, devs)

    def h(xs, devs):
        if TWICE:
            return 1
        return jax.device_put_replicated(xs, devs)
    '''
    # DEBUG is no version test, NEW's branch is the one 0.10.2 runs, TWICE is bound twice.
    assert [f.span.line for f in run(source, fix=False).findings] == [11, 15, 20]


def test_a_flag_name_also_bound_as_a_parameter_def_or_import_is_no_flag():
    source = '''\
    import jax
    NEW = jax.__version_info__ >= (0, 8, 2)
    OLD = jax.__version_info__ < (0, 8, 2)
    LATE = jax.__version_info__ >= (0, 8, 2)

    def configure(NEW=None):
        return NEW

    class OLD2:
        pass

    def f(xs, devs):
        if NEW:
            return 1
        return jax.device_put_replicated(xs, devs)

    def g(xs, devs):
        if OLD:
            return jax.device_put_replicated(xs, devs)
        return 1

    def h(xs, devs):
        if LATE:
            return 1
        return jax.device_put_replicated(xs, devs)

    def LATE():
        pass
    '''
    # NEW is also a parameter and LATE also a def: neither is a flag, so their tests guard
    # nothing; OLD is bound once (OLD2 is another name) and 0.10.2 skips its branch.
    assert [f.span.line for f in run(source, fix=False).findings] == [15, 25]


def test_positional_sharding_methods_on_a_variable_holding_one_are_reported():
    source = '''\
    import jax
    from jax.sharding import PositionalSharding
    s = PositionalSharding(jax.devices())

    def f(x):
        y = jax.device_put(x, s.reshape(4, 2).replicate(1))
        s2 = s.reshape(8, 1)
        return y, jax.device_put(x, s2.replicate())

    def g(s, other):
        return s.reshape(2, 4), other.replicate()  # a parameter: anything
    '''
    found = run(source, fix=False).findings
    methods = [(f.span.line, f.span.column) for f in found if "method" in f.message]
    assert methods == [(6, 27), (7, 10), (8, 33)]
    assert all(f.code == "SF204" and f.fix is None for f in found)
    assert run(source, (0, 6, 2), fix=False).findings == []  # still in jax 0.6


def test_auto_and_explicit_axes_keywords_renamed_in_0_6_1_wherever_passed():
    source = '''\
    import jax
    from jax.sharding import PartitionSpec as P

    def f(x, g):
        y = jax.sharding.auto_axes(g, out_shardings=P("i"))(x)
        z = jax.sharding.explicit_axes(g, axes=("i",), in_shardings=P("i"))(y)
        w = jax.sharding.auto_axes(g, axes=("i",))(z, out_shardings=P())
        return jax.jit(g)(w, out_shardings=1)  # the jitted function's own keyword
    '''
    out = run(source).output
    assert "auto_axes(g, out_sharding=P(\"i\"))(x)" in out
    assert "explicit_axes(g, axes=(\"i\",), in_sharding=P(\"i\"))(y)" in out
    assert "auto_axes(g, axes=(\"i\",))(z, out_sharding=P())" in out
    assert "jax.jit(g)(w, out_shardings=1)" in out
    assert run(source, (0, 6, 0), fix=False).findings == []  # 0.6.0 still takes the old keywords


def test_experimental_explicit_axes_with_the_old_keyword_ends_fully_migrated():
    source = ("from jax.experimental.shard import explicit_axes\n"
              "y = explicit_axes(g, axes=('i',), in_shardings=s)(x)\n")
    assert run(source).output == ("from jax.sharding import explicit_axes\n"
                                  "y = explicit_axes(g, axes=('i',), in_sharding=s)(x)\n")
    source = "import jax.experimental.shard as sh\ny = sh.explicit_axes(g, in_shardings=s)(x)\n"
    assert run(source).output == "import jax\ny = jax.sharding.explicit_axes(g, in_sharding=s)(x)\n"


def test_set_mesh_return_value_used_to_restore_is_reported_with_the_reason():
    # On 0.10.2 `prev` is a `set_mesh` object and `set_mesh(prev)` raises ValueError (run there).
    source = '''\
    import jax

    def run_with(mesh, f, x):
        prev = jax.sharding.set_mesh(mesh)
        try:
            return f(x)
        finally:
            jax.sharding.set_mesh(prev)

    def fine(mesh, f, x, prev):
        jax.sharding.set_mesh(mesh)  # a plain global setter still works
        ctx = jax.set_mesh(mesh)
        with ctx:
            jax.set_mesh(prev)  # a parameter: not known to come from set_mesh
            return f(x)
    '''
    found = run(source, fix=False).findings
    assert [(f.code, f.span.line, f.fix) for f in found] == [("SF202", 4, None), ("SF202", 8, None)]
    assert all("with jax.set_mesh(mesh):" in f.message for f in found)
    assert run(source, (0, 7, 0), fix=False).findings == []  # still returned the previous mesh


# --- PositionalSharding written as the NamedSharding over the same devices (SF204) -------------

NS = "jax.sharding.NamedSharding(jax.sharding.Mesh({devices}, {names}), jax.sharding.PartitionSpec({spec}))"


@pytest.mark.parametrize("chain, expected", [
    ("PositionalSharding(jax.devices()).reshape(2, 4)",
     NS.format(devices="np.array(jax.devices()).reshape(2, 4)", names="('d0', 'd1')", spec="'d0', 'd1'")),
    ("PositionalSharding(jax.devices()).reshape((4, 2)).replicate(1)",
     NS.format(devices="np.array(jax.devices()).reshape((4, 2))", names="('d0', 'd1')", spec="'d0', None")),
    ("PositionalSharding(jax.devices()).replicate()",
     NS.format(devices="np.array(jax.devices())", names="('d0',)", spec="")),
    ("PositionalSharding(devs).replicate()",  # rank unknown: fully replicated over any grid
     NS.format(devices="np.array(devs).reshape(-1)", names="('d0',)", spec="")),
    ("PositionalSharding(np.array(jax.devices()).reshape(2, 4)).replicate(axis=-2)",
     NS.format(devices="np.array(jax.devices()).reshape(2, 4)", names="('d0', 'd1')", spec="None, 'd1'")),
    ("PositionalSharding(jax.devices()[:4])",
     NS.format(devices="np.array(jax.devices()[:4])", names="('d0',)", spec="'d0'")),
])
def test_positional_sharding_chains_become_the_same_named_sharding(chain, expected):
    source = ("import jax\nimport numpy as np\nfrom jax.sharding import PositionalSharding\n\n"
              f"def f(x, devs):\n    return jax.device_put(x, {chain})\n")
    result = run(source)
    assert [f.code for f in result.findings] == []
    assert result.output == f"import jax\nimport numpy as np\n\ndef f(x, devs):\n    return jax.device_put(x, {expected})\n"


@pytest.mark.parametrize("source", [
    "s = jax.sharding.PositionalSharding(devs)\ny = jax.device_put(x, s)\n",  # rank of devs unknown
    "y = jax.device_put(x, jax.sharding.PositionalSharding(jax.devices()).reshape(shape))\n",  # rank unknown
    "n = jax.sharding.PositionalSharding(jax.devices()).reshape(2, 4).shape\n",  # an attribute read on it
    "s = jax.sharding.PositionalSharding(jax.devices())\nprint(s.shape, jax.device_put(x, s))\n",
    "s = jax.sharding.PositionalSharding(jax.devices()).reshape(2, 4).transpose()\n",
    "y = jax.device_put(x, jax.sharding.PositionalSharding(jax.devices()).replicate(0, keepdims=False))\n",
    "def put(x, s):\n    return jax.device_put(x, s.reshape(8, 1))\n"
    "y = put(x, jax.sharding.PositionalSharding(jax.devices()))\n",  # a helper of the module needs the old object
    # Held at module level in a module others may import: the name would change what it holds.
    "s = jax.sharding.PositionalSharding(jax.devices())\ny = jax.device_put(x, s.reshape(8, 1))\n",
])
def test_positional_sharding_is_only_reported_where_the_rewrite_is_not_certain(source):
    full = "import jax\nimport numpy as np\n" + source
    result = run(full)
    assert "SF204" in codes(result) and result.output == full


def test_positional_sharding_needs_numpy_imported():
    source = "import jax\ny = jax.device_put(x, jax.sharding.PositionalSharding(jax.devices()).reshape(2, 4))\n"
    assert run(source).output == source


def test_a_held_positional_sharding_becomes_the_device_array():
    source = textwrap.dedent("""\
        import jax
        import numpy as np
        from jax.sharding import PositionalSharding

        def f(x):
            sharding = PositionalSharding(jax.devices())
            a = jax.device_put(x, sharding.reshape(4, 2))
            return a, jax.device_put(x, sharding.replicate())
        """)
    assert run(source).output == textwrap.dedent("""\
        import jax
        import numpy as np

        def f(x):
            sharding = np.array(jax.devices())
            a = jax.device_put(x, jax.sharding.NamedSharding(jax.sharding.Mesh(sharding.reshape(4, 2), ('d0', 'd1')), jax.sharding.PartitionSpec('d0', 'd1')))
            return a, jax.device_put(x, jax.sharding.NamedSharding(jax.sharding.Mesh(sharding, ('d0',)), jax.sharding.PartitionSpec()))
        """)


def test_a_from_import_rewritten_with_its_calls_is_reported_at_the_import_too():
    source = "import jax\nfrom jax.lax import pvary as pv\n\n\ndef f(x):\n    return pv(x, 'i')\n"
    result = run(source, fix=False)
    assert [(f.code, f.span.line) for f in result.findings] == [("SF201", 2), ("SF201", 6)]
    assert result.findings[0].fix.edits == result.findings[1].fix.edits  # one change, applied whole
    fixed = run(source).output
    assert fixed == "import jax\nfrom jax.lax import pcast as pv\n\n\ndef f(x):\n    return pv(x, 'i', to='varying')\n"



@pytest.mark.parametrize("keyword, fixed", [
    ("vma = s", "manual_axis_type=ManualAxisType(varying=s)"),
    ("vma=(s)", "vma=(s)"),  # parentheses around the value: reported, rewritten by hand
])
def test_shape_dtype_struct_vma_becomes_the_varying_set_of_manual_axis_type(keyword, fixed):
    source = f"import jax\nfrom jax.sharding import ManualAxisType\nt = jax.ShapeDtypeStruct((2,), 'f4', {keyword})\n"
    assert codes(run(source, fix=False)) == ["SF205"]
    assert run(source).output == source.replace(keyword, fixed)
    assert run(source, (0, 9, 2), fix=False).findings == []  # ManualAxisType is new in 0.10.0


_GRAD_IN_BODY = """\
import jax
from jax.experimental.shard_map import shard_map
f = shard_map(lambda w: jax.grad(g)(w), mesh, in_specs=P(), out_specs=P())
"""


@pytest.mark.parametrize("written, fixed, safety", [
    # Before 0.6.0 an in-body gradient is each device's own: only check_vma=False keeps it.
    ("0.5.3", "f = shard_map(lambda w: jax.grad(g)(w), mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)",
     Safety.SAFE),
    # From 0.6.0 the experimental function already sums it, as check_vma=True does.
    ("0.6.2", "f = shard_map(lambda w: jax.grad(g)(w), mesh=mesh, in_specs=P(), out_specs=P())", Safety.SAFE),
    # Unknown JAX and a gradient in the module: either meaning may be the intended one.
    (None, "f = shard_map(lambda w: jax.grad(g)(w), mesh=mesh, in_specs=P(), out_specs=P())", Safety.UNSAFE),
])
def test_experimental_shard_map_keeps_in_body_gradients_of_the_jax_it_was_written_for(written, fixed, safety):
    from codemods import jaxapi
    from codemods.written_for import WrittenFor

    options = Options(target=(0, 10, 2), written_for=WrittenFor(jaxapi.parse_version(written)) if written else None)
    found = process_source(_GRAD_IN_BODY, "m.py", options, fix=False).findings
    assert [(f.code, f.fix.safety) for f in found] == [("SF201", safety)]
    options = Options(target=(0, 10, 2), unsafe_fixes=True, written_for=options.written_for)
    assert process_source(_GRAD_IN_BODY, "m.py", options, fix=True).output.splitlines()[-1] == fixed
