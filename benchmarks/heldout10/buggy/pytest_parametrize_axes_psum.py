"""Test-suite style: parametrized over the axes to reduce, with a `run_on_mesh` helper and a
fixture mesh; the driver below calls the test the way pytest would."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.sharding import NamedSharding, PartitionSpec as P


@pytest.fixture
def mesh():
    return jax.make_mesh((4, 2), ("batch", "model"))


def run_on_mesh(mesh, fn, x, in_spec, out_spec):
    x = jax.device_put(x, NamedSharding(mesh, in_spec))
    return jax.shard_map(fn, mesh=mesh, in_specs=in_spec, out_specs=out_spec)(x)


@pytest.mark.parametrize("axes", [("batch",), ("batch", "model")])
def test_sum_of_squares(mesh, axes):
    x = np.arange(32, dtype=np.float32).reshape(8, 4)

    def body(v):
        return jax.lax.psum(jnp.sum(v * v), axes)

    got = run_on_mesh(mesh, body, x, P("batch", None), P())
    assert got.shape == ()
    return got


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((4, 2), ("batch", "model"))
    return [test_sum_of_squares(mesh, axes) for axes in [("batch",), ("batch", "model")]]
