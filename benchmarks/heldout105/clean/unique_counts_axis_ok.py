import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


# axes named by each layer's reduction; the most frequent one is summed first
LAYER_REDUCE = ["data", "data", "model", "data"]


def busiest_axis(names):
    values, counts = np.unique(np.array(names), return_counts=True)
    return str(values[np.argmax(counts)])


def body(b, axis):
    s = jax.lax.psum(b, axis)
    return jax.lax.all_gather(s, "model", axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    axis = busiest_axis(LAYER_REDUCE)
    f = jax.shard_map(lambda b: body(b, axis), mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P("data", None, reduced={"model"}))
    out = f(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
