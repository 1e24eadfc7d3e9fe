import jax
import pytest
from jax.sharding import PartitionSpec as P

MESH_SHAPE, MESH_AXES = (2, 4), ("i", "j")


@pytest.mark.parametrize("axes", ["j", ("j", "i")])
def test_mean_over(axes):
    if isinstance(axes, tuple):
        pytest.skip("needs a cast first")
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)

    def body(v):
        return jax.lax.pmean(v, axes)

    x = jax.numpy.ones((8, 8))
    out = jax.shard_map(body, mesh=mesh, in_specs=P("j", None), out_specs=P())(x)
    assert out.shape == (2, 8)
