"""RLax-style Q(lambda): action values split over the model axis, bootstrap over all actions."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (4, 2)
DATA, MODEL = "dp", "mp"


def all_actions(q, axis_name):
    return jax.lax.all_gather(q, axis_name, axis=1, tiled=True, to="reduced")


def q_lambda_bootstrap(q_t, axis_name):
    q_full = all_actions(q_t, axis_name)
    return jax.lax.psum_scatter(q_full, axis_name, scatter_dimension=1, tiled=True)


def inputs():
    rng = np.random.default_rng(42)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(q_t):
    mesh = jax.make_mesh(MESH_SHAPE, (DATA, MODEL))
    spec = P(DATA, MODEL)
    q_t = jax.device_put(q_t, NamedSharding(mesh, spec))
    fn = functools.partial(q_lambda_bootstrap, axis_name=MODEL)
    return float(jax.shard_map(fn, mesh=mesh, in_specs=spec, out_specs=spec)(q_t).sum())


if __name__ == "__main__":
    print(main(*inputs()))
