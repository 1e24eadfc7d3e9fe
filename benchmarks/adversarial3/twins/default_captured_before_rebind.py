"""The step's axis default is captured when it is defined; the name is reused by a later logging loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return np.ones((8, 4), np.float32), False


def main(w, zero, batch_axis="data", gather_axis="model"):
    mesh = jax.make_mesh((2, 4), (batch_axis, gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(batch_axis)))
    if zero:
        gather_axis = batch_axis

    def step(w, axis=gather_axis):
        return jnp.abs(jax.lax.all_gather(w, axis, to="reduced", tiled=True))

    sizes = {}
    for gather_axis in mesh.axis_names:
        sizes[gather_axis] = mesh.shape[gather_axis]
    out = jax.shard_map(step, mesh=mesh, in_specs=P(batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum()) / sizes["data"]


if __name__ == "__main__":
    print(main(*inputs()))
