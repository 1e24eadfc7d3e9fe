"""q-state Potts model: colour counts per replica, shared with every site shard for reweighting."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OBSERVABLES = {}


def observable(name):
    def register(fn):
        OBSERVABLES[name] = fn
        return fn
    return register


@dataclasses.dataclass
class PottsConfig:
    q: int = 3
    n_replicas: int = 4
    n_sites: int = 32
    replica_axis: str = "replica"
    site_axis: str = "site"


@observable("colour_counts")
def colour_counts(states, cfg):
    counts = jax.nn.one_hot(states, cfg.q, dtype=jnp.float32).sum(axis=1)
    return jax.lax.psum(counts, cfg.site_axis)


@observable("order")
def order_parameter(states, cfg):
    counts = OBSERVABLES["colour_counts"](states, cfg)
    shared = jax.lax.all_gather(counts, cfg.site_axis, axis=1, tiled=True, to="reduced")
    return shared


def measure(cfg, names):
    def body(states):
        return tuple(OBSERVABLES[n](states, cfg) for n in names)
    return body


def inputs():
    cfg = PottsConfig()
    rng = np.random.default_rng(21)
    return (rng.integers(0, cfg.q, size=(cfg.n_replicas, cfg.n_sites)).astype(np.int32),)


def main(states):
    cfg = PottsConfig()
    mesh = jax.make_mesh((2, 4), (cfg.replica_axis, cfg.site_axis))
    spec = P(cfg.replica_axis, cfg.site_axis)
    states = jax.device_put(states, NamedSharding(mesh, spec))
    fn = jax.shard_map(measure(cfg, ["order"]), mesh=mesh, in_specs=spec,
                       out_specs=(P(cfg.replica_axis, None, reduced={cfg.site_axis}),))
    return fn(states)


if __name__ == "__main__":
    main(*inputs())
