import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- sharding.py -------------------------------------------------------------
MESH_CONFIG = json.loads('{"shape": [2, 4], "axes": ["batch", "state"]}')


def device_mesh():
    return jax.make_mesh(tuple(MESH_CONFIG["shape"]), tuple(MESH_CONFIG["axes"]))


def ys_spec():
    batch, state = MESH_CONFIG["axes"]
    return P(batch, state)


def host_spec():
    batch, state = MESH_CONFIG["axes"]
    return P(batch, None, reduced={state})


# ---- _integrate.py -----------------------------------------------------------
def explicit_euler(y, *, dt0=0.1, steps=3):
    for _ in range(steps):
        y = y + dt0 * jnp.sin(y)
    return y


def export_checkpoint(ys):
    return top_level_all_gather(ys, host_spec())


def inputs():
    return (np.linspace(0.0, 3.0, 64, dtype=np.float32).reshape(8, 8),)


def main(y0):
    mesh = device_mesh()
    with jax.set_mesh(mesh):
        ys = jax.device_put(jnp.asarray(y0), NamedSharding(mesh, ys_spec()))
        ys = jax.jit(explicit_euler)(ys)
    saved = export_checkpoint(ys)
    print(saved.shape)


if __name__ == "__main__":
    main(*inputs())
