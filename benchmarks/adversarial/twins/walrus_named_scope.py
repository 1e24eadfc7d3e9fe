"""Casts written with := inside a named_scope, then the tuple reduction."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        with jax.named_scope("loss"):
            if (v := jnp.sum(b, axis=0)) is not None:
                out = jax.lax.psum(v, ("data", "model"))
        return out

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
