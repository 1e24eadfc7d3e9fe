import jax
from jax.sharding import PartitionSpec as P

CFG = {"axes": ["i", "j"], "lr": 0.1}


def body(x):
    local = jax.lax.pmean(x, CFG["axes"][1])
    return jax.lax.pmean(local, tuple(CFG["axes"]))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
