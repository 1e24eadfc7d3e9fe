"""A jitted step traced with MODE "varying"; MODE "reduced" (of an invariant value) set later is never traced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


MODE = {"to": "varying"}


@jax.jit
def step(x):
    def body(block):
        total = jax.lax.psum(block, "i")
        return jax.lax.all_gather(total, "i", to=MODE["to"], tiled=True)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = step(x)
    MODE["to"] = "reduced"
    return step(x) + out


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
