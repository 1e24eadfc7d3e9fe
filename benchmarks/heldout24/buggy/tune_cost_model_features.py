"""Learned cost model for a kernel search: featurise the schedule space and embed it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPACE_AXES = ("config", "repeat")


def _gather_all(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


def _flatten_space(features, axes=SPACE_AXES):
    by_config = jax.lax.all_gather(features, axes[0], axis=1, tiled=True, to="reduced")
    return _gather_all(by_config, axes)


def embed(features, proj):
    hidden = jnp.tanh(features @ proj)
    return _flatten_space(hidden)


def inputs():
    rng = np.random.default_rng(21)
    return (rng.standard_normal((16, 6)).astype(np.float32),
            rng.standard_normal((6, 8)).astype(np.float32))


def main(features, proj):
    mesh = jax.make_mesh((4, 2), SPACE_AXES)
    features = jax.device_put(features, NamedSharding(mesh, P("repeat", None)))
    proj = jax.device_put(proj, NamedSharding(mesh, P(None, "config")))
    fn = jax.shard_map(embed, mesh=mesh, in_specs=(P("repeat", None), P(None, "config")),
                       out_specs=P(None, None, reduced=set(SPACE_AXES)))
    return fn(features, proj)


if __name__ == "__main__":
    print(main(*inputs()))
