from types import SimpleNamespace

import jax
from jax import lax
from jax.sharding import PartitionSpec as P

CFG = SimpleNamespace(dp="i", tp="j", lr=0.1)


def step(x, cfg=CFG):
    g = lax.pmean(x * cfg.lr, (cfg.dp, cfg.tp))  # SF105
    return g


def run(mesh, x):
    return jax.shard_map(step, mesh=mesh, in_specs=P(CFG.dp), out_specs=P())(x)
