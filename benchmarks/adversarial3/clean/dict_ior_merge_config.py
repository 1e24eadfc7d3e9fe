"""A config dict merged in place with |= from a preset after the mesh is built."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PRESETS = {"zero3": {"gather_axis": "data"}, "tp": {}}


def inputs():
    return {"batch_axis": "data", "gather_axis": "model", "preset": "zero3"}, np.ones((8, 4), np.float32)


def main(cfg, w):
    mesh = jax.make_mesh((2, 4), (cfg["batch_axis"], cfg["gather_axis"]))
    w = jax.device_put(w, NamedSharding(mesh, P(cfg["batch_axis"])))
    cfg |= PRESETS[cfg["preset"]]

    def step(w):
        return jnp.abs(jax.lax.all_gather(w, cfg["gather_axis"], to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(cfg["batch_axis"]), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
