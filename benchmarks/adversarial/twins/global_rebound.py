"""A module-level axes setting that configure() rebinds before anything is traced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SYNC_AXES = ("replica", "shard")


def configure(shard_batch_over_both):
    global SYNC_AXES
    SYNC_AXES = ("replica", "shard") if shard_batch_over_both else ("replica",)


def sync(x):
    return jax.lax.pmean(x, SYNC_AXES)


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(x):
    configure(shard_batch_over_both=True)
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    x = jax.device_put(x, NamedSharding(mesh, P("replica")))

    def body(b):
        return sync(jnp.mean(b, axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("replica"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
