"""The shard_map callable is a wrapper built at run time that casts before calling the body."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(b):
    return jax.lax.pmean(jnp.mean(b, axis=0), ("data", "model"))


def with_model_cast(fn):
    def run(b):
        return fn(jax.lax.pcast(b, "model", to="varying"))
    return run


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    return jax.shard_map(with_model_cast(body), mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
