import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def body(b, mode):
    cols = jax.lax.all_gather(b, "model", axis=1, tiled=True, to="reduced")
    branches = [
        lambda v: v,
        lambda v: jax.lax.pmean(v, "model"),
    ]
    return jax.lax.switch(mode, branches, cols)


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    mode = jnp.int32(0)
    out = jax.shard_map(lambda b: body(b, mode), mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P("data", None, reduced={"model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
