"""DP-FedAvg: the aggregated update clipped to the privacy budget's norm bound."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.tree_util import Partial


def clip_to_norm(update, norm, *, clip_norm):
    return update * jnp.minimum(1.0, clip_norm / (norm + 1e-12))


def dp_aggregate(updates, clip_fn, axis="client"):
    norm = jnp.sqrt(jax.lax.psum(jnp.sum(updates ** 2), axis))
    gathered = jax.lax.all_gather(updates, axis, axis=0, tiled=True, to="reduced")
    return clip_fn(gathered, norm)


def inputs():
    rng = np.random.default_rng(2646)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(updates):
    mesh = jax.make_mesh((2, 4), ("region", "client"))
    updates = jax.device_put(updates, NamedSharding(mesh, P("client", "region")))
    clip_fn = Partial(clip_to_norm, clip_norm=1.0)
    fn = jax.shard_map(lambda u: dp_aggregate(u, clip_fn), mesh=mesh, in_specs=P("client", "region"),
                       out_specs=P(None, "region", reduced={"client"}))
    return fn(updates)


if __name__ == "__main__":
    print(main(*inputs()))
