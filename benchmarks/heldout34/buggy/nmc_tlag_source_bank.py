"""Fission source bank: sites are redistributed between generations for load balance."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class BankLayout(NamedTuple):
    sites: P
    rebalanced: P


LAYOUT = BankLayout(sites=P(("hist", "group"), None), rebalanced=P(("group", "hist"), None))


def sample_sites(key, n):
    return jax.random.uniform(key, (n, 3))


def rebalance(bank, layout=LAYOUT):
    return top_level_all_gather(bank, layout.rebalanced)


def main(seed):
    mesh = jax.make_mesh((4, 2), ("hist", "group"))
    bank = sample_sites(jax.random.key(int(seed)), 64)
    with jax.set_mesh(mesh):
        bank = jax.device_put(bank, NamedSharding(mesh, LAYOUT.sites))
        return rebalance(bank)


def inputs():
    return (np.int32(7),)
