import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def body(b):
    stats = {"sum": jax.lax.psum(b, "model"), "max": jax.lax.pmax(b, "model")}
    gathered = jax.tree.map(
        lambda s: jax.lax.all_gather(s, "model", axis=1, tiled=True, to="reduced"), stats)
    return gathered["sum"] + gathered["max"]


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
