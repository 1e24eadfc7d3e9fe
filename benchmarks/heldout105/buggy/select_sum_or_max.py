import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def body(b):
    total = jax.lax.psum(b, "model")
    peak = jax.lax.pmax(b, "model")
    score = jax.lax.select(total > 10.0, total, peak)
    return jax.lax.pmean(score, ("data", "model"))


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P())(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
