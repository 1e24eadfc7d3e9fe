"""cfg.pop(key, default) returns the stored value when the key is present."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_loss(**kwargs):
    axes = kwargs.pop("axes", ("data", "model"))
    weight = kwargs.pop("weight", 1.0)
    if kwargs:
        raise TypeError(f"unknown options {sorted(kwargs)}")

    def loss(pred):
        return jax.lax.psum(weight * jnp.sum(pred ** 2), axes)

    return loss


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 8.0,)


def main(pred):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    pred = jax.device_put(pred, NamedSharding(mesh, P("data")))
    loss = make_loss(axes=("data",), weight=0.5)
    return jax.shard_map(loss, mesh=mesh, in_specs=P("data"), out_specs=P())(pred)


if __name__ == "__main__":
    print(main(*inputs()))
