"""Dict in_specs are matched to the argument's keys (sorted), not by writing order."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(d):
    return jnp.sum(jax.lax.psum(d["a"], ("i", "j"))) + 0 * jnp.sum(jax.lax.psum(d["a"], "i"))


def main(mesh, x):
    a = jax.device_put(np.ones((8, 8), np.float32), jax.sharding.NamedSharding(mesh, P("i")))
    specs = {"b": P("i", "j"), "a": P("i")}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())({"a": a, "b": x})


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
