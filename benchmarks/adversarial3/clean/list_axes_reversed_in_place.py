"""The axis list is given outer-first; after building the mesh the code flips it to inner-first in place."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def to_inner_first(order):
    order.reverse()


def inputs():
    return ["data", "model"], np.arange(64, dtype=np.float32).reshape(8, 8)


def main(axes, x):
    mesh = jax.make_mesh((2, 4), tuple(axes))
    spec = P(axes[0])
    x = jax.device_put(x, NamedSharding(mesh, spec))
    to_inner_first(axes)

    def body(x):
        # axes[1] is the outer axis now: the one x is sharded over
        full = jax.lax.all_gather(x, axes[1], to="reduced", tiled=True)
        return jnp.abs(full)

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
