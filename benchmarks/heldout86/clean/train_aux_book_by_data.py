"""Auxiliary-loss bookkeeping: router losses registered by name and totalled once per step."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AuxConfig:
    z_weight: float = 1e-3
    balance_weight: float = 1e-2
    data_axis: str = "data"
    expert_axis: str = "expert"


class AuxLossBook:
    def __init__(self, axis):
        self.axis = axis
        self.entries = {}

    def add(self, name, value):
        self.entries[name] = value

    def total(self):
        values = list(self.entries.values())
        total = values[0]
        for v in values[1:]:
            total = total + v
        return jax.lax.psum(total, self.axis)


def pooled_logits(logits, cfg):
    return jax.lax.all_gather(logits, cfg.expert_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(20)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(tokens, w_router):
    cfg = AuxConfig()
    axes = (cfg.data_axis, cfg.expert_axis)
    mesh = jax.make_mesh((4, 2), axes)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(axes, None)))

    def step(x, w):
        pooled = pooled_logits(x @ w, cfg)
        book = AuxLossBook(cfg.data_axis)
        book.add("z_loss", jnp.sum(jnp.square(pooled)))
        book.add("logit_l1", jnp.sum(jnp.abs(pooled)))
        return book.total()

    aux = jax.shard_map(step, mesh=mesh, in_specs=(P(axes, None), P()), out_specs=P(reduced={cfg.expert_axis}))(tokens, w_router)
    print("aux", aux.shape)
    return aux


if __name__ == "__main__":
    main(*inputs())
