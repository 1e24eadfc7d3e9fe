"""Entry point: the mesh is transposed (axes reversed) after the input spec was taken from it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((2, 4), ("data", "model")), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(mesh, w):
    spec = P(mesh.axis_names[0])
    mesh = Mesh(mesh.devices.T, tuple(reversed(mesh.axis_names)), axis_types=mesh.axis_types[::-1])

    w = jax.device_put(w, NamedSharding(mesh, spec))

    def step(w):
        # after the transpose, the old first axis is the second one
        return jnp.sin(jax.lax.all_gather(w, mesh.axis_names[1], to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())
