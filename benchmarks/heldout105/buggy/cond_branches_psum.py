import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def body(b, use_max):
    reduced = jax.lax.cond(
        use_max,
        lambda v: jax.lax.pmax(v, "model"),
        lambda v: jax.lax.psum(v, "model"),
        b,
    )
    return jax.lax.all_gather(reduced, "model", axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    flag = jnp.asarray(False)
    out = jax.shard_map(lambda b: body(b, flag), mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P("data", None, reduced={"model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
