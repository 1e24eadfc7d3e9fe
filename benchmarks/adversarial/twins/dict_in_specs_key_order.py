"""Params passed as a dict whose specs table is written in another key order than JAX flattens."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("data", "model"), "b": P("data")}


def inputs():
    return {"w": np.arange(64, dtype=np.float32).reshape(8, 8), "b": np.arange(8, dtype=np.float32)},


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = {k: jax.device_put(params[k], NamedSharding(mesh, SPECS[k])) for k in ("b", "w")}

    def body(p):
        return jax.lax.psum(jnp.sum(p["w"]), "data") + jax.lax.psum(jnp.sum(p["b"]), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=(SPECS,), out_specs=P())(params)


if __name__ == "__main__":
    print(main(*inputs()))
