"""Alert-budget thresholds: the score histogram of each region is pooled into a fleet histogram
and the per-region budget table is assembled from it for the threshold search."""
import dataclasses
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POLICY_JSON = """
{"kind": "budget", "mesh_shape": [2, 4], "mesh_axes": ["region", "bucket"],
 "daily_alerts": 400, "pool": "region"}
"""

OVERRIDES = ["daily_alerts=350"]


POLICIES = {}


def policy(name):
    def register(cls):
        POLICIES[name] = cls
        return cls
    return register


def load_policy_config(text, overrides=()):
    cfg = json.loads(text)
    for item in overrides:
        key, _, value = item.partition("=")
        cfg[key] = json.loads(value)
    return cfg


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(tuple(cfg["mesh_shape"]), tuple(cfg["mesh_axes"]))


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


@policy("budget")
@dataclasses.dataclass(frozen=True)
class BudgetPolicy:
    daily_alerts: int
    pool: str

    def pooled_histogram(self, hist):
        return jax.lax.pmean(hist, self.pool)

    def budget_table(self, hist):
        fleet = self.pooled_histogram(hist)
        return jax.lax.all_gather(fleet, self.pool, axis=0, tiled=True, to="invarying")


def inputs():
    rng = np.random.default_rng(20)
    return (rng.poisson(30.0, size=(8, 64)).astype(np.float32),)


def main(hist):
    cfg = load_policy_config(POLICY_JSON, OVERRIDES)
    mesh = make_mesh(cfg)
    region, bucket = cfg["mesh_axes"]
    hist = place(mesh, hist, P(region, bucket))
    pol = POLICIES[cfg["kind"]](daily_alerts=cfg["daily_alerts"], pool=cfg["pool"])
    return jax.shard_map(pol.budget_table, mesh=mesh, in_specs=P(region, bucket),
                         out_specs=P(None, bucket))(hist)


if __name__ == "__main__":
    main(*inputs())
