"""A jitted step traced with SCALE None; a later SCALE (a constant times a reduced value) never traced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


SETTINGS = {"scale": None}


@jax.jit
def step(x):
    def body(block):
        g = jax.lax.all_gather(block, "j", to="reduced", tiled=True)
        if SETTINGS["scale"] is not None:
            g = g * SETTINGS["scale"]
        return jax.lax.psum(jax.lax.pcast(g, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = 0
    SETTINGS["scale"] = 0.5
    return out + step(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
