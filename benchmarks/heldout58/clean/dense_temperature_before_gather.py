"""In-batch negative contrastive loss with a temperature, queries against all passages."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class ContrastiveConfig:
    temperature: float = 0.05
    replica_axis: str = "replica"


def in_batch_scores(q, p, cfg):
    p_all = jax.lax.all_gather(p / cfg.temperature, cfg.replica_axis, axis=0, tiled=True, to="reduced")
    return q @ p_all.T


def inputs():
    rng = np.random.default_rng(45)
    q = rng.standard_normal((8, 16), dtype=np.float32)
    p = rng.standard_normal((8, 16), dtype=np.float32)
    return q, p


def main(q, p):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    cfg = ContrastiveConfig()
    q = jax.device_put(q, NamedSharding(mesh, P("replica", None)))
    p = jax.device_put(p, NamedSharding(mesh, P("replica", None)))
    fn = jax.shard_map(
        functools.partial(in_batch_scores, cfg=cfg),
        mesh=mesh,
        in_specs=(P("replica", None), P("replica", None)),
        out_specs=P("replica", None),
    )
    return fn(q, p)


if __name__ == "__main__":
    main(*inputs())
