from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class GainParams:
    reg_lambda: float = 1.0
    gamma: float = 0.0
    min_child_weight: float = 1e-3


def inputs():
    rng = np.random.default_rng(31)
    G = rng.normal(size=(16, 4)).astype(np.float32)
    H = rng.uniform(0.5, 1.5, size=(16, 4)).astype(np.float32)
    return G, H


def split_gain(G, H, params: GainParams, axis_name):
    prefix = jnp.stack([jnp.cumsum(G, axis=1), jnp.cumsum(H, axis=1)])
    GH = jax.lax.all_gather(prefix, axis_name, axis=1, tiled=True, to="reduced")
    GL, HL = GH[0], GH[1]
    left = (GL * GL) / (HL + params.reg_lambda)
    return left


def main(G, H):
    mesh = jax.make_mesh((2, 4), ("workers", "features"))
    G = jax.device_put(G, NamedSharding(mesh, P("features", None)))
    H = jax.device_put(H, NamedSharding(mesh, P("features", None)))
    params = GainParams(reg_lambda=2.0)
    f = jax.shard_map(lambda g, h: split_gain(g, h, params, "features"), mesh=mesh,
                      in_specs=(P("features", None), P("features", None)), out_specs=P())
    return f(G, H)


if __name__ == "__main__":
    main(*inputs())
