"""Global loss: summed over every axis of the mesh it is given (a 1-D mesh in this launcher)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(2)
    return jax.make_mesh((8,), ("replica",)), rng.normal(size=(16, 3)).astype(np.float32)


def main(mesh, preds):
    axes = mesh.axis_names
    preds = jax.device_put(preds, NamedSharding(mesh, P(axes[0])))

    def loss(p):
        local = jnp.sum(p ** 2)
        return jax.lax.psum(local, axes)

    return jax.shard_map(loss, mesh=mesh, in_specs=P(axes[0]), out_specs=P())(preds)


if __name__ == "__main__":
    print(main(*inputs()))
