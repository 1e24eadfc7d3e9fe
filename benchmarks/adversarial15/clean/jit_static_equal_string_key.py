"""static argument 'rows' then an equal string built at run time: equal, one trace (the second reuses it)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

STATE = {"sync": ("i",)}


def step(x, scale, mesh):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, STATE["sync"]) * len(scale)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    jitted = jax.jit(step, static_argnums=(1, 2))
    out = jitted(x, "rows", mesh)
    STATE["sync"] = ("i", "j")
    return jitted(x, "".join(["ro", "ws"]), mesh) + out


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
