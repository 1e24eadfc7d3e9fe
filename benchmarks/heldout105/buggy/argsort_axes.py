import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


NAMES = np.array(mesh.axis_names)
SIZES = np.array([4, 2])


def body(b, order):
    rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(rows, order, axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    order = tuple(NAMES[np.argsort(SIZES)].tolist())
    out = jax.shard_map(lambda b: body(b, order), mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P(None, None, reduced={"data", "model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
