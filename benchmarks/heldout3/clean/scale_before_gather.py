import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

DECAY = 0.99


def ema_over_steps(stats, axis_name):
    def step(ema, s):
        return ema + lax.all_gather(s * (1 - DECAY), axis_name, tiled=True, to="reduced"), None

    init = lax.pcast(jnp.zeros((stats.shape[1] * 4,), stats.dtype), axis_name, to="reduced")
    ema, _ = lax.scan(step, init, stats)
    return ema


def inputs():
    return (np.arange(24, dtype=np.float32).reshape(3, 8),)


def main(stats):
    mesh = jax.make_mesh((4, 2), ("stat", "rest"))
    stats = jax.device_put(stats, NamedSharding(mesh, P(None, "stat")))
    f = jax.shard_map(lambda s: ema_over_steps(s, "stat"), mesh=mesh, in_specs=P(None, "stat"),
                      out_specs=P(reduced={"stat"}))
    return f(stats)


if __name__ == "__main__":
    print(main(*inputs()))
