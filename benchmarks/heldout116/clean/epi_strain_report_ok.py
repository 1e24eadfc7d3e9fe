"""Discrete-event SIR: a report event publishes per-strain totals to every strain shard."""
import heapq

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HOUSEHOLDS, STRAINS = "households", "strains"
HANDLERS = {}


def on(kind):
    def deco(fn):
        HANDLERS[kind] = fn
        return fn
    return deco


@on("infect")
def infect(state, mesh):
    def k(i, s):
        p = 0.3 * i * s
        return i + p - 0.1 * i, s - p
    spec = P(HOUSEHOLDS, STRAINS)
    state["I"], state["S"] = jax.shard_map(k, mesh=mesh, in_specs=(spec, spec),
                                           out_specs=(spec, spec))(state["I"], state["S"])


@on("report")
def report(state, mesh):
    def k(i):
        per_strain = jax.lax.psum(jnp.sum(i, axis=0, keepdims=True), HOUSEHOLDS)
        # still split over strains: gather those, reduced for the adjoint
        return jax.lax.all_gather(per_strain, STRAINS, axis=1, tiled=True, to="reduced")
    snap = jax.shard_map(k, mesh=mesh, in_specs=P(HOUSEHOLDS, STRAINS),
                         out_specs=P(None, None, reduced={STRAINS}))(state["I"])
    state.setdefault("log", []).append(np.asarray(snap))


def inputs():
    i = np.random.default_rng(0).uniform(0, 0.05, (16, 8)).astype(np.float32)
    return i, 1.0 - i


def main(i, s):
    mesh = jax.make_mesh((4, 2), (HOUSEHOLDS, STRAINS))
    sh = NamedSharding(mesh, P(HOUSEHOLDS, STRAINS))
    state = {"I": jax.device_put(i, sh), "S": jax.device_put(s, sh)}
    q = [(0.0, 0, "infect"), (1.0, 1, "infect"), (1.5, 2, "report"), (2.0, 3, "infect"), (3.0, 4, "report")]
    heapq.heapify(q)
    while q:
        _, _, kind = heapq.heappop(q)
        HANDLERS[kind](state, mesh)
    print([float(x.sum()) for x in state["log"]])


if __name__ == "__main__":
    main(*inputs())
