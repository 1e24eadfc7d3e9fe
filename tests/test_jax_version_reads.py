"""jax.__version__ / __version_info__ in a script run: the target release's values, and unknown
(None) for a target the release tables do not hold."""
from types import SimpleNamespace

from codemods.analysis.jax_version_reads import version_read


def test_a_known_release_gives_its_string_and_tuple():
    run = SimpleNamespace(target=(0, 10, 2))
    assert version_read(run, "jax", "__version_info__") == (0, 10, 2)
    assert version_read(run, "jax", "__version__") == "0.10.2"
    assert version_read(run, "jax.version", "__version_info__") == (0, 10, 2)


def test_an_unknown_target_or_another_name_is_left_unknown():
    assert version_read(SimpleNamespace(target=(0, 10, 7)), "jax", "__version_info__") is None
    assert version_read(SimpleNamespace(target=None), "jax", "__version__") is None
    assert version_read(SimpleNamespace(target=(0, 10, 2)), "jax.lax", "__version__") is None
    assert version_read(SimpleNamespace(target=(0, 10, 2)), "jax", "__file__") is None
