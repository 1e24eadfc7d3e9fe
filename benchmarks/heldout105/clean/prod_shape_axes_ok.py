import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


SHAPE = dict(mesh.shape)


def wide_axes(min_rest):
    total = int(np.prod(list(SHAPE.values())))
    return tuple(n for n, s in SHAPE.items() if total // s >= min_rest)


def body(b):
    rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(rows, wide_axes(4), axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P(None, None, reduced={"data", "model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
