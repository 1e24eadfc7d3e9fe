"""Test-suite style: a `run_on_mesh` helper, a fixture for the data and a parametrized test of
a two-stage parameter gather (the driver below calls the tests the way pytest would)."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (2, 4)
AXIS_NAMES = ("a", "b")


def run_on_mesh(fn, *arrays, in_specs, out_specs):
    mesh = jax.make_mesh(MESH_SHAPE, AXIS_NAMES)
    arrays = [jax.device_put(x, NamedSharding(mesh, s)) for x, s in zip(arrays, in_specs)]
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)(*arrays)


@pytest.fixture
def weights():
    return np.arange(64, dtype=np.float32).reshape(8, 8)


@pytest.mark.parametrize("first", ["a", "b"])
def test_two_stage_gather_matches_full(weights, first):
    def body(w):
        partial_w = jax.lax.all_gather(w, first, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(partial_w, AXIS_NAMES, axis=1, tiled=True, to="reduced")

    out = run_on_mesh(body, weights, in_specs=(P("a", "b"),),
                      out_specs=P(None, None, reduced=set(AXIS_NAMES)))
    assert out.ndim == 2
    return out


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(weights):
    return [test_two_stage_gather_matches_full(weights, first) for first in ("a", "b")]
