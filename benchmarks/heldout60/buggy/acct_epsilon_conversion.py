"""RDP to (epsilon, delta): eps(alpha) = rdp(alpha) + log(1/delta) / (alpha - 1)."""
import math
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class AccountantConfig:
    delta: float = 1e-5
    order: float = 8.0
    order_axis: str = "param"


def to_epsilon(rdp, cfg):
    curve = jax.lax.all_gather(rdp, cfg.order_axis, axis=-1, tiled=True, to="reduced")
    eps = curve + math.log(1.0 / cfg.delta) / (cfg.order - 1.0)
    return eps


def inputs():
    return (np.linspace(0.1, 2.0, 2 * 16, dtype=np.float32).reshape(2, 16),)


def main(rdp):
    cfg = AccountantConfig()
    mesh = jax.make_mesh((2, 4), ("cohort", cfg.order_axis))
    rdp = jax.device_put(rdp, NamedSharding(mesh, P("cohort", cfg.order_axis)))
    fn = jax.shard_map(lambda r: to_epsilon(r, cfg), mesh=mesh, in_specs=P("cohort", cfg.order_axis), out_specs=P("cohort", None))
    return fn(rdp)


if __name__ == "__main__":
    main(*inputs())
