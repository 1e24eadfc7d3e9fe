import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


NAMES = np.array(["data", "model"])
SIZES = np.array([4, 2])


def body(b):
    summed_over = tuple(NAMES[SIZES >= 4].tolist())
    h = jax.lax.psum(b, summed_over)
    return jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P("data", None, reduced={"model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
