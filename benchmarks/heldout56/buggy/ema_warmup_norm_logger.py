"""EMA of weights with inverse-gamma warmup, and a callback that logs the EMA weight norm."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class EMAConfig:
    inv_gamma: float = 1.0
    power: float = 2 / 3
    min_decay: float = 0.0
    max_decay: float = 0.9999


def ema_decay(step, cfg):
    value = 1 - (1 + step / cfg.inv_gamma) ** -cfg.power
    return jnp.clip(value, cfg.min_decay, cfg.max_decay)


class Callback:
    def on_update(self, state):
        return state


class EMANormLogger(Callback):
    def __init__(self, shard_axis):
        self.shard_axis = shard_axis

    def on_update(self, state):
        sq = jax.lax.psum(jnp.sum(state["ema"] ** 2, axis=1), self.shard_axis)
        state["ema_norm_rows"] = jax.lax.all_gather(sq, self.shard_axis, tiled=True, to="reduced")
        return state


class EMAModel:
    def __init__(self, cfg, callbacks=()):
        self.cfg = cfg
        self.callbacks = list(callbacks)

    def update(self, ema, params, step):
        d = ema_decay(step, self.cfg)
        state = {"ema": d * ema + (1 - d) * params}
        for cb in self.callbacks:
            state = cb.on_update(state)
        return state["ema"], state["ema_norm_rows"]


def inputs():
    rng = np.random.default_rng(14)
    return rng.standard_normal((16, 8), dtype=np.float32), rng.standard_normal((16, 8), dtype=np.float32)


def main(ema, params):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    spec = P("fsdp", "tp")
    ema, params = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (ema, params))
    model = EMAModel(EMAConfig(), callbacks=[EMANormLogger("tp")])
    body = lambda e, p: model.update(e, p, 100.0)
    new_ema, norms = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec),
                                   out_specs=(spec, P("fsdp", reduced={"tp"})))(ema, params)
    print(norms.shape)
    return new_ema


if __name__ == "__main__":
    main(*inputs())
