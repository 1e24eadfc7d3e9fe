import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def body(b, squared):
    norm = jax.lax.cond(
        squared,
        lambda v: jax.lax.psum(jnp.sum(v * v), "model"),
        lambda v: jax.lax.psum(jnp.sum(jnp.abs(v)), "model"),
        b,
    )
    return jax.lax.pmean(norm, ("data", "model"))


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    sq = jnp.asarray(True)
    out = jax.shard_map(lambda b: body(b, sq), mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P())(x)
    print(out)
    return out


if __name__ == "__main__":
    main()
