"""Post-hoc EMA (Karras et al. 2024): several power-function EMA profiles tracked at once."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ProfileAxes(NamedTuple):
    shard: str = "fsdp"
    tensor: str = "tp"


def std_to_gamma(std):
    return np.roots([1, 7, 16 - std ** -2, 12 - std ** -2]).real.max().astype(np.float32)


class PowerFunctionEMA:
    def __init__(self, stds=(0.05, 0.1), axes=ProfileAxes()):
        self.gammas = [float(std_to_gamma(s)) for s in stds]
        self.axes = axes

    def betas(self, step):
        return jnp.stack([(1 - 1 / step) ** (g + 1) for g in self.gammas])

    def update(self, emas, params, step):
        b = self.betas(step)[:, None, None]
        emas = b * emas + (1 - b) * params[None]
        snapshot = jax.lax.all_gather(emas, self.axes.tensor, axis=2, tiled=True, to="reduced")
        snapshot = jax.lax.all_gather(snapshot, tuple(self.axes), axis=1, tiled=True, to="reduced")
        return emas, snapshot


def inputs():
    rng = np.random.default_rng(15)
    return rng.standard_normal((2, 16, 8), dtype=np.float32), rng.standard_normal((16, 8), dtype=np.float32)


def main(emas, params):
    mesh = jax.make_mesh((4, 2), tuple(ProfileAxes()))
    emas = jax.device_put(emas, NamedSharding(mesh, P(None, "fsdp", "tp")))
    params = jax.device_put(params, NamedSharding(mesh, P("fsdp", "tp")))
    tracker = PowerFunctionEMA()
    out, snap = jax.shard_map(lambda e, p: tracker.update(e, p, 1000.0), mesh=mesh,
                              in_specs=(P(None, "fsdp", "tp"), P("fsdp", "tp")),
                              out_specs=(P(None, "fsdp", "tp"), P(None, None, None, reduced={"fsdp", "tp"})))(emas, params)
    print(snap.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
