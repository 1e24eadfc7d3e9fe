"""Entry point: user-facing aliases ('dp', 'batch') are normalised to mesh axis names."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALIASES = {"dp": "data", "batch": "data", "tp": "model", "mp": "model"}


def canonical(name):
    return ALIASES.get(name, name)


def inputs():
    return "dp", "batch", "tp", np.arange(32, dtype=np.float32).reshape(8, 4)


def main(shard, gather, other, x):
    mesh = jax.make_mesh((2, 4), (canonical(shard), canonical(other)))
    x = jax.device_put(x, NamedSharding(mesh, P(canonical(shard))))

    def body(x):
        g = jax.lax.all_gather(x, canonical(gather), to="reduced", tiled=True)
        return g * g

    out = jax.shard_map(body, mesh=mesh, in_specs=P(canonical(shard)), out_specs=P(None, reduced={canonical(gather)}))(x)
    return float(np.asarray(out).sum())
