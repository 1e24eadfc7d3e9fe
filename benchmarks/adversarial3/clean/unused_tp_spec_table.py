"""Spec tables for two modes; this run is data-parallel only, so the model axis is the data axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Cfg:
    def __init__(self, data_axis, model_axis, mode):
        self.data_axis, self.model_axis, self.mode = data_axis, model_axis, mode


def spec_tables(cfg):
    return {
        "tp": {"act": P(cfg.data_axis, cfg.model_axis)},
        "dp": {"act": P(cfg.data_axis)},
    }


def inputs():
    return Cfg("data", "data", "dp"), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(cfg, act):
    specs = spec_tables(cfg)[cfg.mode]
    mesh = jax.make_mesh((8,), (cfg.data_axis,))
    act = jax.device_put(act, NamedSharding(mesh, specs["act"]))

    def norm(a):
        rows = jax.lax.all_gather(a, cfg.model_axis, to="reduced", tiled=True)
        return jnp.sum(rows * rows)

    out = jax.shard_map(norm, mesh=mesh, in_specs=specs["act"], out_specs=P(reduced={cfg.model_axis}))(act)
    return float(np.asarray(out))


if __name__ == "__main__":
    print(main(*inputs()))
