"""A 2-D ZeRO layout: the gradient of a weight whose rows are split over 'shard' and whose
batch is split over 'replica' is reduce-scattered over the axes the config lists."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh": {"replica": 2, "shard": 4}, "zero_axes": ["replica", "shard"]}


def scatter_axes(cfg):
    return tuple(name for name in cfg["zero_axes"] if cfg["mesh"][name] > 1)


def grad_step(x, err):
    g = jnp.sum(err * x, axis=0)
    return jax.lax.psum_scatter(g, scatter_axes(CONFIG), scatter_dimension=0, tiled=True)


def inputs():
    return np.ones((16, 32), np.float32), np.arange(16 * 32, dtype=np.float32).reshape(16, 32) / 100.0


def main(x, err):
    mesh = jax.make_mesh(tuple(CONFIG["mesh"].values()), tuple(CONFIG["mesh"]))
    spec = P("replica", "shard")
    x = jax.device_put(x, NamedSharding(mesh, spec))
    err = jax.device_put(err, NamedSharding(mesh, spec))
    f = jax.shard_map(grad_step, mesh=mesh, in_specs=(spec, spec), out_specs=P(("replica", "shard")))
    return f(x, err)


if __name__ == "__main__":
    print(main(*inputs()))
