"""SF301 (pmap -> shard_map): what is reported without a fix and why, what is rewritten, and
that a differential run catches a translation that changes pmap's numbers."""
from __future__ import annotations

import importlib.util
import shutil
import textwrap
from pathlib import Path

import pytest

from codemods import jaxapi
from codemods.engine import Options, process_source
from codemods.validate.runner import discover_cases, run_cases

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "SF301"
HAS_JAX = importlib.util.find_spec("jax") is not None
UNSAFE = Options(unsafe_fixes=True)
HEADER = "from functools import partial\n\nimport jax\nimport jax.numpy as jnp\n\n"


def sf301(source: str, options: Options = UNSAFE, fix: bool = False):
    """(the result of a run with or without fixes, the SF301 findings of `source` before any fix)."""
    source = textwrap.dedent(source)
    checked = process_source(source, "m.py", options)
    result = process_source(source, "m.py", options, fix=True) if fix else checked
    assert checked.error is None and result.error is None
    return result, [f for f in checked.findings if f.code == "SF301"]


@pytest.mark.parametrize("body, reason", [
    ("""
     @partial(jax.pmap, axis_name='i')
     def outer(x):
         return jax.pmap(lambda y: y * 2)(x)
     """, "nested pmap"),
    ("""
     @partial(jax.pmap, axis_name='i')
     def grouped(x):
         return jax.lax.psum(x, 'i', axis_index_groups=[[0, 1], [2, 3]])
     """, "`axis_index_groups=`"),
    ("f = jax.pmap(jnp.sin, out_axes=None)\n", "`out_axes=None`"),
    ("AXES = (0, None)\nf = jax.pmap(jnp.add, in_axes=AXES)\n", "not a literal (`AXES`)"),
    ("f = jax.pmap(jnp.sin, in_axes=-1)\n", "negative axis"),
    ("f = jax.pmap(jnp.add, in_axes=[0, None])\n", "is a list"),
    ("f = jax.pmap(jnp.sin, backend='cpu')\n", "`backend=`"),
    ("f = jax.pmap(jnp.sin, axis_size=8)\n", "`axis_size=`"),
    ("KW = {}\nf = jax.pmap(jnp.sin, **KW)\n", "`*` or `**`"),
    ("""
     @jax.pmap
     def g(x, y, z):
         return x + y

     out = g(1.0, z=2.0, y=3.0)
     """, "called with keyword arguments (line 11) that cannot be passed positionally"),
    ("""
     @jax.pmap
     def g(x, y):
         return x + y

     out = g(1.0, **{'y': 2.0})
     """, "called with keyword arguments (line 11)"),
    ("""
     p_step = jax.pmap(partial(jnp.add, x2=1.0))
     out = p_step(1.0, x2=2.0)
     """, "called with keyword arguments (line 8)"),
    ("mapper = partial(jax.pmap, axis_name='i')\n", "not used as a decorator"),
    ("mappers = [jax.pmap, jax.vmap]\n", "passed on as a value"),
    ("""
     def g(x, n=2):
         return x * n

     f = jax.pmap(g, static_broadcasted_argnums=(1,))
     """, "parameters are not all plain"),
    ("f = jax.pmap(unknown_function, static_broadcasted_argnums=1)\n", "not visible here"),
    ("f = jax.pmap(jnp.sin, axis_name=make_name())\n", "neither a string literal nor a name"),
])
def test_what_cannot_be_translated_is_reported_with_the_reason(body, reason):
    source = HEADER + textwrap.dedent(body)
    result, found = sf301(source, fix=True)
    assert found, "a pmap use must always be reported"
    assert any(reason in f.message and f.fix is None for f in found), [f.message for f in found]
    assert all("not rewritten" in f.message for f in found if f.fix is None)


def test_nested_pmap_inner_site_is_not_rewritten_either():
    source = HEADER + textwrap.dedent("""
        @partial(jax.pmap, axis_name='i')
        def outer(x):
            return jax.pmap(lambda y: y * 2)(x)
        """)
    result, found = sf301(source, fix=True)
    assert len(found) == 2 and all(f.fix is None for f in found)
    assert result.output == source


def test_old_target_gets_the_finding_without_a_fix():
    options = Options(target=jaxapi.parse_version("0.6.0"), unsafe_fixes=True)
    _, [finding] = sf301(HEADER + "f = jax.pmap(jnp.sin)\n", options)
    assert finding.fix is None and "has no `jax.shard_map`" in finding.message


def test_fix_is_unsafe_and_says_what_to_check():
    source = HEADER + "f = jax.pmap(jnp.sin, axis_name='i')\n"
    result, [finding] = sf301(source, Options(), fix=True)
    assert finding.fix is not None and finding.fix.safety.value == "unsafe"
    assert result.output == source  # not applied without --unsafe-fixes
    for check in ("leading axis equals the mesh size", "positionally", "global arrays"):
        assert check in finding.message and check in finding.fix.description


def test_every_import_spelling_is_found():
    spellings = {
        "import jax\nf = jax.pmap(abs)\n": "jax.jit(",
        "import jax as j\nf = j.pmap(abs)\n": "j.jit(j.shard_map(j.vmap(abs)",
        "from jax import pmap\nf = pmap(abs)\n": "import jax\n",
        "from jax import pmap as pm\nimport jax\nf = pm(abs)\n": "jax.jit(",
        "import functools\nimport jax\n@functools.partial(jax.pmap, axis_name='d')\ndef f(x):\n    return x\n":
            "@functools.partial(jax.shard_map, mesh=jax.sharding.Mesh(jax.devices(), ('d',))",
    }
    for source, expected in spellings.items():
        result, found = sf301(source, fix=True)
        assert len(found) == 1, source
        assert expected in result.output, result.output
        assert "pmap(" not in result.output.replace("import pmap", ""), result.output


def test_existing_partition_spec_and_mesh_names_are_reused():
    source = ("import jax\nfrom jax.sharding import Mesh, PartitionSpec as PS\n"
              "f = jax.pmap(abs, in_axes=(0, None), axis_name='r')\n")
    result, _ = sf301(source, fix=True)
    assert "mesh=Mesh(jax.devices(), ('r',)), in_specs=(PS('r'), PS())" in result.output
    assert "import PartitionSpec as P\n" not in result.output


def test_a_bound_name_p_is_not_shadowed_by_the_new_import():
    source = "import jax\nP = 3\nf = jax.pmap(abs)\n"
    result, _ = sf301(source, fix=True)
    assert "jax.sharding.PartitionSpec('batch')" in result.output
    assert "import PartitionSpec" not in result.output


def test_decorator_rewrite_keeps_indentation_crlf_and_is_idempotent():
    source = ("from functools import partial\r\nimport jax\r\n\r\n\r\nclass Model:\r\n"
              "    @staticmethod\r\n    @partial(jax.pmap, axis_name='i')  # one step per device\r\n"
              "    def step(x):\r\n        return jax.lax.psum(x, 'i')\r\n")
    result, [finding] = sf301(source, fix=True)
    assert finding.fix is not None
    out = result.output
    assert "\n" not in out.replace("\r\n", "")
    assert ("    @jax.jit\r\n    @partial(jax.shard_map, mesh=jax.sharding.Mesh(jax.devices(), ('i',)), "
            "in_specs=P('i'), out_specs=P('i'), check_vma=False)\r\n    @jax.vmap  # one step per device\r\n") in out
    again, found = sf301(out, fix=True)
    assert again.output == out and found == []
    assert result.findings == []  # nothing left after the fix


@pytest.mark.skipif(not HAS_JAX, reason="jax is not installed")
def test_differential_run_catches_a_translation_that_changes_numbers(tmp_path: Path) -> None:
    # Two plausible hand translations that are wrong: check_vma=True (the gradient for a
    # replicated P() input comes back summed, migrations.md), and the batch norm statistics taken
    # per device (pmean dropped).
    for name, old, new in (
            ("replicated_params", "check_vma=False", "check_vma=True"),
            ("grad_batch_norm", "check_vma=False", "check_vma=True"),
            ("grad_batch_norm", "jax.lax.pmean(jnp.mean(h, axis=0), axis_name='batch')", "jnp.mean(h, axis=0)")):
        case = tmp_path / "SF301" / f"{name}_{len(list(tmp_path.rglob('case.toml')))}"
        shutil.copytree(FIXTURES / name, case)
        after = (case / "after.py").read_text()
        assert old in after
        (case / "after.py").write_text(after.replace(old, new))
    results = run_cases(discover_cases(tmp_path), timeout=120)
    assert len(results) == 3
    for result in results:
        assert result.status == "failed", result
        assert "differs from before" in result.after + result.grad or result.after.startswith("failed")


def test_from_jax_import_pmap_goes_when_every_use_is_rewritten():
    both = "import jax.numpy as jnp\nfrom jax import lax, pmap\n\nf = pmap(jnp.sin)\ng = pmap(jnp.cos)\n"
    result, found = sf301(both, fix=True)
    assert len(found) == 2 and all(f.fix for f in found)
    assert "from jax import lax\nimport jax\n" in result.output and "pmap" not in result.output
    alone = "import jax\nfrom jax import pmap\nf = pmap(abs)\n"
    result, _ = sf301(alone, fix=True)
    assert result.output.startswith("import jax\nfrom jax.sharding import PartitionSpec as P\nf = jax.jit(")
    # One use cannot be rewritten: the import stays for it.
    kept = "import jax\nfrom jax import pmap\nf = pmap(abs)\ng = pmap(abs, out_axes=None)\n"
    result, _ = sf301(kept, fix=True)
    assert "from jax import pmap\n" in result.output and "g = pmap(abs, out_axes=None)" in result.output


def test_direct_call_with_keywords_is_reported():
    source = HEADER + "out = jax.pmap(jnp.add)(1.0, y=2.0)\n"
    _, [finding] = sf301(source)
    assert finding.fix is None and "called with keyword arguments (line 6)" in finding.message


def test_static_arguments_of_a_nested_function_are_closed_over():
    source = HEADER + textwrap.dedent("""
        def train():
            def step(x, n):
                return x * n
            return jax.pmap(step, 'i', static_broadcasted_argnums=1)
        """)
    result, [finding] = sf301(source, fix=True)
    assert finding.fix is not None
    assert "jax.jit(lambda x, n: jax.shard_map(jax.vmap(lambda x: step(x, n))" in result.output


@pytest.mark.parametrize("source", [
    "import jax\nf = jax.pmap()\n",
    "import jax\nfrom functools import partial\n@partial(jax.pmap)\nasync def f(x):\n    return x\n",
    "import jax\n@jax.pmap(axis_name='i')\ndef f(x):\n    return x\n",
    "import jax\nf = jax.pmap(lambda: 1, static_broadcasted_argnums=0)\n",
    "import jax\nf = jax.pmap(abs, 'i', 3)\n",
    "import jax\nf = jax.pmap(abs, static_broadcasted_argnums=n)\n",
    "import jax\nf = jax.pmap(abs, in_axes={1: 0})\n",
])
def test_odd_pmap_calls_are_reported_never_crash(source):
    result, found = sf301(source, fix=True)
    assert len(found) == 1 and found[0].fix is None, [f.message for f in found]
    assert result.output == source


def test_keyword_arguments_of_callers_are_passed_positionally():
    source = HEADER + textwrap.dedent("""
        @partial(jax.pmap, axis_name='i')
        def step(state, batch, rng):
            return state + batch * rng

        def loop(state, batch, key):
            state = step(state, batch=batch, rng=key)  # keep this comment
            return step(state, batch, rng=key)
        """)
    result, [finding] = sf301(source, fix=True)
    assert finding.fix is not None
    assert "    state = step(state, batch, key)  # keep this comment\n" in result.output
    assert "    return step(state, batch, key)\n" in result.output


def test_a_nested_def_does_not_stand_for_an_imported_function_of_the_same_name():
    source = HEADER + textwrap.dedent("""
        from mylib import step

        def helper():
            def step(x, n=2):
                return x * n
            return step

        f = jax.pmap(step, static_broadcasted_argnums=1)
        """)
    _, [finding] = sf301(source)
    assert finding.fix is None and "not visible here" in finding.message
