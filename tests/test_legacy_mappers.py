"""The pjit-era mappers a script run follows only on the JAX they were checked on (jax 0.10.2):
`jax.experimental.shard_map.shard_map(..., check_rep=True)` types its body as checked, and
`jax.experimental.pjit.pjit` takes its shardings also by position; another target keeps the old
reading (unchecked; pjit stops the run)."""
import pytest

from codemods import jaxapi
from codemods.analysis import script_jax
from codemods.analysis.host_objects import Bail


def _legacy(target, **kwargs):
    return script_jax._shard_map(jaxapi.EXPERIMENTAL_SHARD_MAP, [lambda x: x, None, None, None], kwargs, target)


def test_the_legacy_mapper_is_checked_on_the_release_it_was_run_on():
    assert _legacy((0, 10, 2)).checked
    assert _legacy((0, 10, 2), check_rep=True).checked


def test_the_legacy_mapper_stays_unchecked_elsewhere():
    assert not _legacy((0, 10, 2), check_rep=False).checked
    assert not _legacy((0, 8, 1)).checked
    assert not _legacy(None).checked


def test_pjit_shardings_by_position():
    assert script_jax._pjit_keywords([None, "in", "out"], {"donate_argnums": 0}) == \
        {"in_shardings": "in", "out_shardings": "out", "donate_argnums": 0}
    with pytest.raises(Bail):
        script_jax._pjit_keywords([None, "in"], {"in_shardings": "again"})
    assert (0, 8, 1) not in script_jax._PJIT_READ
