"""An FP8-style scale, `jnp.float32(...)` of a Python float the run does not know (from a drawn
history), made under `jax.set_mesh`: an array of rank 0 replicated on the mesh, so the body it
enters with `P()` is traced, with the axis a mapping pushed on a stack names for the batch, and
its sum of a gathered value is judged."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

_MAPPINGS = [{}]


def physical(name):
    return _MAPPINGS[-1][name]


def body(v, s):
    table = jax.lax.all_gather(v * s, physical("batch"), axis=0, tiled=True, to="reduced")
    return jax.lax.psum(table, physical("batch"))  # SF103


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    history = np.random.default_rng(0).random(4)
    _MAPPINGS.append({"batch": "data"})
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8), np.float32), P("data", None))
        scale = jnp.float32(1.0 / max(float(history.max()), 1e-6))
        return jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P()), out_specs=P())(x, scale)


if __name__ == "__main__":
    main()
