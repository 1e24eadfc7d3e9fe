"""Dotted `--config.a.b=value` overrides applied to a nested dict config, ops picked by name."""
import copy

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULTS = {
    "pool": {"axis": "embed", "dim": 1},
    "stats": {"op": "psum", "axis": "batch"},
}


def apply_overrides(config, argv):
    config = copy.deepcopy(config)
    for arg in argv:
        if not arg.startswith("--config."):
            continue
        path, value = arg[len("--config."):].split("=", 1)
        *parents, leaf = path.split(".")
        node = config
        for key in parents:
            node = node[key]
        node[leaf] = int(value) if value.isdigit() else value
    return config


def pool_tokens(x, cfg):
    return jax.lax.all_gather(x, cfg["pool"]["axis"], axis=cfg["pool"]["dim"], to="reduced", tiled=True)


def token_stats(pooled, cfg):
    op = getattr(jax.lax, cfg["stats"]["op"])
    return op(pooled, cfg["stats"]["axis"])


def inputs():
    return np.random.default_rng(9).normal(size=(16, 8)).astype(np.float32),


def main(x, argv=("--config.pool.axis=batch", "--config.pool.dim=0", "--config.stats.op=pmax", "--config.stats.axis=embed")):
    cfg = apply_overrides(DEFAULTS, argv)
    mesh = jax.make_mesh((4, 2), ("batch", "embed"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "embed")))

    def body(x):
        return token_stats(pool_tokens(x, cfg), cfg)

    return jax.shard_map(body, mesh=mesh, in_specs=P("batch", "embed"), out_specs=P(None, None, reduced={"batch"}))(x)


if __name__ == "__main__":
    main(*inputs())
