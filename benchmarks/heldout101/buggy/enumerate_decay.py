"""Snapshots combined with enumerate-indexed decay weights (an exponential moving sum)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DECAY = 0.9


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        snaps = [jnp.tanh(block), jnp.sin(block)]
        acc = 0.0
        for step, snap in enumerate(snaps):
            full = jax.lax.all_gather(snap, "data", axis=0, tiled=True, to="reduced")
            acc = acc + DECAY ** step * full
        return acc

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    main()
