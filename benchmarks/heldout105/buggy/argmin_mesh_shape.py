import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def smallest_axis(m):
    sizes = np.array([m.shape[n] for n in m.axis_names])
    return m.axis_names[int(np.argmin(sizes))]


def body(b, pre):
    partial = jax.lax.psum(b, pre)
    gathered = jax.lax.all_gather(partial, "model", axis=1, tiled=True, to="reduced")
    return gathered


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    pre = smallest_axis(mesh)
    out = jax.shard_map(lambda b: body(b, pre), mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P("data", None, reduced={"model"}))(x)
    print(out.sum())
    return out


if __name__ == "__main__":
    main()
