"""A body passed through two levels of helpers: `with_fsdp` wraps the layer, `with_mesh_axes`
binds the axes; the layer gathers a row-sharded weight first over the fsdp axis, then over all."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def with_mesh_axes(fn, axes):
    def bound(*args):
        return fn(*args, axes=axes)
    return bound


def with_fsdp(layer):
    def wrapped(x, w, *, axes):
        w = jax.lax.all_gather(w, axes[-1], axis=1, tiled=True, to="reduced")
        return layer(x, w, axes=axes)
    return wrapped


def layer(x, w, *, axes):
    w = jax.lax.all_gather(w, axes, axis=0, tiled=True, to="reduced")
    return x @ w


def inputs():
    x = np.ones((2, 32), np.float32)
    w = np.arange(8 * 8, dtype=np.float32).reshape(8, 8) / 10.0
    return x, w


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("pod", "fsdp"))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    w = jax.device_put(w, NamedSharding(mesh, P("pod", "fsdp")))
    body = with_mesh_axes(with_fsdp(layer), mesh.axis_names)
    f = jax.shard_map(body, mesh=mesh, in_specs=(P(), P("pod", "fsdp")), out_specs=P())
    return f(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
