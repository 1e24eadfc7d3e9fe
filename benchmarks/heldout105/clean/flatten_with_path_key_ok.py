import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


# role of each mesh axis: 1 = the axis the statistics are summed over
ROLES = {"data": 1, "model": 0}


def summed_axis(roles):
    leaves, _ = jax.tree_util.tree_flatten_with_path(roles)
    for path, role in leaves:
        if role == 1:
            return path[0].key
    raise KeyError("no summed axis")


def body(b, axis):
    stats = jax.lax.psum(b * b, axis)
    return jax.lax.all_gather(stats, "model", axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    axis = summed_axis(ROLES)
    out = jax.shard_map(lambda b: body(b, axis), mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P("data", None, reduced={"model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
