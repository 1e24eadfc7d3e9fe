"""Metapopulation epidemic: an 'incidence' event turns case counts into rates per 100k."""
import heapq
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PER_100K = 1.0e5
POPULATION = 2.5e6


class Scheduled(NamedTuple):
    at: float
    order: int
    action: str


class Registry:
    def __init__(self):
        self.by_action: dict[str, Callable] = {}

    def __call__(self, action):
        def deco(fn):
            self.by_action[action] = fn
            return fn
        return deco


registry = Registry()


def cases_to_rate(cases):
    return cases / POPULATION * PER_100K


@registry("incidence")
def incidence(mesh, cases):
    def body(local_cases):
        everyone = jax.lax.all_gather(local_cases, "patches", axis=0, tiled=True, to="reduced")
        rates = cases_to_rate(everyone)
        return rates
    return jax.shard_map(body, mesh=mesh, in_specs=P("patches", "days"),
                         out_specs=P(None, "days", reduced={"patches"}))(cases)


@registry("spread")
def spread(mesh, cases):
    def body(c):
        return c * 1.05
    return jax.shard_map(body, mesh=mesh, in_specs=P("patches", "days"),
                         out_specs=P("patches", "days"))(cases)


def inputs():
    return (np.full((16, 8), 20.0, np.float32),)


def main(cases):
    mesh = jax.make_mesh((4, 2), ("patches", "days"))
    cases = jax.device_put(cases, NamedSharding(mesh, P("patches", "days")))
    plan = [Scheduled(1.0, 0, "spread"), Scheduled(2.0, 1, "spread"), Scheduled(2.0, 2, "incidence")]
    heapq.heapify(plan)
    reports = []
    while plan:
        item = heapq.heappop(plan)
        out = registry.by_action[item.action](mesh, cases)
        if item.action == "incidence":
            reports.append(out)
        else:
            cases = out
    print([float(r.sum()) for r in reports])


if __name__ == "__main__":
    main(*inputs())
