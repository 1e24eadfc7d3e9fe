import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


PREFERRED = ("pipe", "replica")


def pick_gather_axis(names):
    i = 0
    while i < len(PREFERRED):
        if PREFERRED[i] in names:
            axis = PREFERRED[i]
            break
        i += 1
    else:
        axis = names[-1]
    return axis


def body(block):
    s = jax.lax.psum(block, "model")
    axis = pick_gather_axis(mesh.axis_names)
    return jax.lax.all_gather(s, axis, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P("data", None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()
