import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def make_stats_fn(mesh, axis, steps):
    def body(x):
        def step(i, acc):
            mean = lax.pmean(x * (i + 1), axis)
            full = lax.all_gather(mean, axis, to="reduced", tiled=True)
            return acc + full.T @ full
        init = lax.pcast(jnp.zeros((x.shape[1], x.shape[1]), x.dtype), "y", to="varying")
        return lax.fori_loop(0, steps, step, init)
    return jax.shard_map(body, mesh=mesh, in_specs=P(axis, "y"), out_specs=P("y"))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("x", "y"))
    x = jax.device_put(x, NamedSharding(mesh, P("x", "y")))
    return make_stats_fn(mesh, "x", 3)(x)


if __name__ == "__main__":
    print(main(*inputs()))
