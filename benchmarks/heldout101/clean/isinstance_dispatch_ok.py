"""A reduce helper normalises its axis argument by isinstance (str, list, tuple, None)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def normalise(axes, mesh):
    if axes is None:
        return tuple(mesh.axis_names)
    if isinstance(axes, str):
        return (axes,)
    if isinstance(axes, (list, tuple)):
        return tuple(axes)
    raise TypeError(axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None, loss_axes="data"):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    axes = normalise(loss_axes, mesh)

    def body(block):
        h = jax.lax.psum(jnp.tanh(block).sum(axis=1), "model")
        return jax.lax.pmean(jnp.mean(h), axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)


if __name__ == "__main__":
    main()
