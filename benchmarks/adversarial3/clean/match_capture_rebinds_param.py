"""A layout record is destructured with match; its capture pattern rebinds the gather-axis parameter."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return {"kind": "zero", "axis": "data"}, np.ones((8, 4), np.float32)


def main(layout, w, batch_axis="data", gather_axis="model"):
    mesh = jax.make_mesh((2, 4), (batch_axis, gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(batch_axis)))
    match layout:
        case {"kind": "zero", "axis": gather_axis}:
            pass
        case _:
            pass

    def step(w):
        return jnp.exp(jax.lax.all_gather(w, gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
