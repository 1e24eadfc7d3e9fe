"""Wide-and-deep recommender configured through gin-like binding strings."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BINDINGS = """
mesh.shape = (2, 4)
mesh.axes = ('batch', 'shard')
wide.gather_axis = 'shard'
export.axes = ('batch', 'shard')
"""


def parse_bindings(text):
    out = {}
    for line in text.strip().splitlines():
        key, value = (s.strip() for s in line.split("=", 1))
        out[key] = eval(value)
    return out


CONFIG = parse_bindings(BINDINGS)


def wide_part(features, table):
    local = features @ table
    return jax.lax.all_gather(local, CONFIG["wide.gather_axis"], axis=1, tiled=True, to="reduced")


def deep_part(features):
    return jnp.tanh(features).sum(axis=1, keepdims=True)


def inputs():
    rng = np.random.default_rng(9)
    return rng.normal(size=(8, 6)).astype(np.float32), rng.normal(size=(6, 8)).astype(np.float32)


def main(features, table):
    mesh = jax.make_mesh(CONFIG["mesh.shape"], CONFIG["mesh.axes"])
    features = jax.device_put(features, NamedSharding(mesh, P("batch", None)))
    table = jax.device_put(table, NamedSharding(mesh, P(None, "shard")))

    def forward(f, t):
        wide = wide_part(f, t)
        deep = deep_part(f)
        del deep
        return jax.lax.all_gather(wide, CONFIG["export.axes"], axis=0, tiled=True, to="reduced")

    step = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P("batch", None), P(None, "shard")),
                                 out_specs=P(None, None, reduced={"batch", "shard"})))
    return step(features, table)
