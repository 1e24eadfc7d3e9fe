"""SF201's fixes are text edits at Python `ast` positions (issue 16): the layouts `ast` ranges
leave ambiguous (parentheses around an argument, comments and continuations between
arguments, statements joined by `;`) are rewritten as a person would, every other byte stays,
and a second run changes nothing."""
from __future__ import annotations

import pytest

from codemods.engine import Options, process_source

CASES = [
    (  # a keyword goes after the parentheses around the last argument, not inside them
        "import jax\n\ny = jax.lax.pvary(x, ('i'))\nz = jax.lax.pvary((x), (('i')) )\n",
        "import jax\n\ny = jax.lax.pcast(x, ('i'), to='varying')\nz = jax.lax.pcast((x), (('i')), to='varying' )\n",
    ),
    (  # a comment holding a parenthesis, inside the argument's parentheses
        "import jax\n\ny = jax.lax.pvary(x, ('i'  # )\n  ))\n",
        "import jax\n\ny = jax.lax.pcast(x, ('i'  # )\n  ), to='varying')\n",
    ),
    (  # a trailing comma and a comment after the last argument
        "import jax\n\nz = jax.lax.pvary(\n    x,\n    'i',  # axis\n)\n",
        "import jax\n\nz = jax.lax.pcast(\n    x,\n    'i', to='varying',  # axis\n)\n",
    ),
    (  # the callee in parentheses
        "import jax\n\ny = (jax.lax.pvary)(x, \"i\")\n",
        "import jax\n\ny = (jax.lax.pcast)(x, \"i\", to=\"varying\")\n",
    ),
    (  # CRLF, a tab-indented body and a non-ASCII string before the call on its line
        "import jax\r\n\r\ndef f(x):\r\n\ts = 'é'; return jax.lax.pvary(x, 'ü')\r\n",
        "import jax\r\n\r\ndef f(x):\r\n\ts = 'é'; return jax.lax.pcast(x, 'ü', to='varying')\r\n",
    ),
    (  # an import removed from between two statements joined by `;` (pcast is imported already)
        "import os; from jax.lax import pvary; import sys\nfrom jax.lax import pcast\n\ny = pvary(x, 'i')\n",
        "import os; import sys\nfrom jax.lax import pcast\n\ny = pcast(x, 'i', to='varying')\n",
    ),
    (  # an import line removed whole, its comment with it
        "from jax._src.lax.parallel import all_gather_reduced  # old\nimport jax\n\ny = all_gather_reduced(x, 'i')\n",
        "import jax\n\ny = jax.lax.all_gather(x, 'i', to='reduced')\n",
    ),
    (  # positional shard_map arguments in parentheses become keywords before the parentheses
        "from jax.experimental.shard_map import shard_map\n\nf = shard_map(g, (mesh), ( P('i') ),\n"
        "              # out\n              P('i'))\n",
        "from jax import shard_map\n\nf = shard_map(g, mesh=(mesh), in_specs=( P('i') ),\n"
        "              # out\n              out_specs=P('i'))\n",
    ),
    (  # `import jax.experimental.shard_map` goes with its last use when jax is imported anyway
        "import jax\nimport jax.experimental.shard_map\n\nf = jax.experimental.shard_map.shard_map(g, mesh, P(), P())\n",
        "import jax\n\nf = jax.shard_map(g, mesh=mesh, in_specs=P(), out_specs=P())\n",
    ),
]


@pytest.mark.parametrize("before,after", CASES)
def test_fix_is_the_hand_written_text_and_a_fixpoint(before, after):
    result = process_source(before, "t.py", Options(select=("SF201",)), fix=True)
    assert result.error is None, result.error
    assert result.output == after
    again = process_source(after, "t.py", Options(select=("SF201",)), fix=True)
    assert again.output == after and not again.findings


def test_a_call_whose_arguments_cannot_be_laid_out_is_reported_without_a_fix():
    # A lone generator argument shares its parentheses with the call: no safe place for a keyword.
    source = "import jax\n\ny = jax.lax.pvary(v for v in x)\n"
    result = process_source(source, "t.py", Options(select=("SF201",)), fix=True)
    assert [f.code for f in result.findings] == ["SF201"] and result.findings[0].fix is None
    assert result.output == source


def test_many_findings_are_all_fixed_in_one_round():
    lines = [f"    y{i} = jax.lax.pvary(x, 'i')" for i in range(3000)]
    source = "\n".join(["import jax", "", "def f(x):", *lines, "    return x", ""])
    result = process_source(source, "t.py", Options(select=("SF201",), file_timeout=None), fix=True)
    assert len(result.applied) == 3000 and not result.findings
    assert result.output == source.replace("pvary(x, 'i')", "pcast(x, 'i', to='varying')")
