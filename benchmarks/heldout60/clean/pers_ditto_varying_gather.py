"""Ditto: each client's personal model is pulled towards the global one by lambda * (v - w)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class DittoConfig:
    lam: float = 0.1
    lr: float = 0.05
    client_axis: str = "client"
    head_axis: str = "head"


class Ditto:
    def __init__(self, cfg: DittoConfig):
        self.cfg = cfg

    def global_model(self, w):
        return jax.lax.all_gather(w, self.cfg.client_axis, axis=0, tiled=True)

    def global_mean(self, w):
        full = self.global_model(w)
        return jax.lax.pmean(full, self.cfg.client_axis)

    def personal_step(self, v, w):
        w_bar = self.global_mean(w)
        return v - self.cfg.lr * self.cfg.lam * (v - w_bar[: v.shape[0]])


def inputs():
    rng = np.random.default_rng(18)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(v, w):
    cfg = DittoConfig()
    mesh = jax.make_mesh((2, 4), (cfg.client_axis, cfg.head_axis))
    spec = P(cfg.client_axis, cfg.head_axis)
    v = jax.device_put(v, NamedSharding(mesh, spec))
    w = jax.device_put(w, NamedSharding(mesh, spec))
    return jax.shard_map(Ditto(cfg).personal_step, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(v, w)


if __name__ == "__main__":
    main(*inputs())
