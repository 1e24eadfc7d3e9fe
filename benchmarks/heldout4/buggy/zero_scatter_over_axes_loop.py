"""A 2-D ZeRO layout: gradients are reduce-scattered over every mesh axis the config lists. The
bias gradient is computed from a batch that is split over 'replica' only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh": {"replica": 2, "shard": 4}, "zero_axes": ["replica", "shard"]}


def scatter_axes(cfg):
    axes = []
    for name in cfg["zero_axes"]:
        if cfg["mesh"][name] > 1:
            axes.append(name)
    return tuple(axes)


def bias_grad_step(x, err):
    g = jnp.sum(err * x, axis=0)
    return jax.lax.psum_scatter(g, scatter_axes(CONFIG), scatter_dimension=0, tiled=True)


def inputs():
    x = np.ones((16, 8), np.float32)
    err = np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 100.0
    return x, err


def main(x, err):
    mesh = jax.make_mesh(tuple(CONFIG["mesh"].values()), tuple(CONFIG["mesh"]))
    x = jax.device_put(x, NamedSharding(mesh, P("replica")))
    err = jax.device_put(err, NamedSharding(mesh, P("replica")))
    f = jax.shard_map(bias_grad_step, mesh=mesh, in_specs=(P("replica"), P("replica")),
                      out_specs=P(("replica", "shard")))
    return f(x, err)


if __name__ == "__main__":
    print(main(*inputs()))
