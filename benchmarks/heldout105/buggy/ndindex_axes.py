import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def split_axes(m):
    names = m.axis_names
    hit = set()
    for idx in np.ndindex(m.devices.shape):
        hit.update(names[d] for d, i in enumerate(idx) if i > 0)
    return tuple(sorted(hit))


def body(b, axes):
    rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(rows, axes, axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    axes = split_axes(mesh)
    out = jax.shard_map(lambda b: body(b, axes), mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P(None, None, reduced={"data", "model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
