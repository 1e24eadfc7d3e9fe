"""Entry point: a config dict is switched to ZeRO layout in place by a helper."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def zero_layout(conf):
    conf.update(gather_axis=conf["batch_axis"])


def inputs():
    return {"batch_axis": "data", "gather_axis": "model"}, np.ones((8, 4), np.float32)


def main(cfg, w):
    mesh = jax.make_mesh((2, 4), (cfg["batch_axis"], cfg["gather_axis"]))
    w = jax.device_put(w, NamedSharding(mesh, P(cfg["batch_axis"])))
    zero_layout(cfg)

    def step(w):
        full = jax.lax.all_gather(w, cfg["gather_axis"], to="reduced", tiled=True)
        return jnp.abs(full)

    out = jax.shard_map(step, mesh=mesh, in_specs=P(cfg["batch_axis"]), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())
