import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def body(b, axis):
    norm = jax.lax.psum(jnp.abs(b), axis)
    return jax.lax.all_gather(norm, "model", axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    with jax.set_mesh(mesh):
        x = jax.device_put(x, P("data", "model"))
        spec = jax.typeof(x).sharding.spec
        axis = spec[-1]
        out = jax.shard_map(lambda b: body(b, axis), in_specs=P("data", "model"),
                            out_specs=P("data", None, reduced={"model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
