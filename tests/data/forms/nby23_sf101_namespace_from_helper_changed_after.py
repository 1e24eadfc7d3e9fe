from types import SimpleNamespace

import jax
from jax.sharding import PartitionSpec as P


def get_config():
    cfg = SimpleNamespace()
    cfg.sharding = SimpleNamespace(axis="i")
    return cfg


def body(x, cfg):
    s = jax.lax.psum(x, "i")
    jax.lax.all_gather(s, cfg.sharding.axis, to="reduced")
    return x


def main(mesh, x):
    cfg = get_config()
    cfg.sharding = SimpleNamespace(axis="j")
    return jax.shard_map(lambda v: body(v, cfg), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
