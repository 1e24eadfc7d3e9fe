"""A decorator turns a reduced weight into a plain (varying) one before the helper scales it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def as_varying(axis):
    def wrap(fn):
        def inner(w):
            return fn(jax.lax.pcast(w, axis, to="varying"))
        return inner
    return wrap


@as_varying("fsdp")
def scaled(w):
    return jax.nn.relu(w) * 0.5


def inputs():
    return (np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp")))

    def body(shard):
        full = jax.lax.all_gather(shard, "fsdp", to="reduced", tiled=True)
        return jax.lax.pmean(scaled(full), "fsdp")

    return jax.shard_map(body, mesh=mesh, in_specs=P("fsdp", "tp"), out_specs=P(None, "tp"))(w)


if __name__ == "__main__":
    print(main(*inputs()))
