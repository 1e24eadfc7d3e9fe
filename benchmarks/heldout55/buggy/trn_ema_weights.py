"""EMA of the ranking model weights, accumulated over micro-steps inside a fori_loop."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class EMAConfig:
    decay: float = 0.9
    micro_steps: int = 3
    shard_axis: str = "model"


def full_weights(w, axis):
    return jax.lax.all_gather(w, axis, axis=1, tiled=True, to="reduced")


def ema_update(w, ema, cfg: EMAConfig):
    def step(i, acc):
        fresh = full_weights(w, cfg.shard_axis)
        total = jax.lax.psum(fresh, cfg.shard_axis)
        return acc + total[:, : acc.shape[1]]

    return jax.lax.fori_loop(0, cfg.micro_steps, step, ema)


def inputs():
    rng = np.random.default_rng(61)
    return rng.normal(size=(16, 16)).astype(np.float32), np.zeros((16, 16), np.float32)


def main(w, ema):
    cfg = EMAConfig()
    mesh = jax.make_mesh((2, 4), ("data", cfg.shard_axis))
    spec = P("data", cfg.shard_axis)
    w = jax.device_put(w, NamedSharding(mesh, spec))
    ema = jax.device_put(ema, NamedSharding(mesh, spec))
    f = jax.shard_map(functools.partial(ema_update, cfg=cfg), mesh=mesh, in_specs=(spec, spec),
                      out_specs=spec)
    return f(w, ema)


if __name__ == "__main__":
    main(*inputs())
