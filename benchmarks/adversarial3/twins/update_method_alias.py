"""A preset is merged through an alias of the config's update method (merge = cfg.update)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PRESETS = {"zero": {"gather_axis": "data"}, "tp": {}}


def inputs():
    return {"batch_axis": "data", "gather_axis": "model"}, "tp", np.ones((8, 4), np.float32)


def main(cfg, preset, w):
    mesh = jax.make_mesh((2, 4), (cfg["batch_axis"], cfg["gather_axis"]))
    w = jax.device_put(w, NamedSharding(mesh, P(cfg["batch_axis"])))
    merge = cfg.update
    merge(PRESETS[preset])

    def step(w):
        return jnp.cos(jax.lax.all_gather(w, cfg["gather_axis"], to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(cfg["batch_axis"]), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
