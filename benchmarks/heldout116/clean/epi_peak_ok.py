"""SIR epidemic with a heapq event loop; the alarm takes the worst ward by pmax of local maxima."""
import enum
import heapq

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Ev(enum.IntEnum):
    STEP = 0
    ALARM = 1


WARD, AGE = "wards", "age_bands"


def step_kernel(s, i):
    new = 0.25 * s * i
    return s - new, i + new - 0.08 * i


def peak_kernel(i):
    return jax.lax.pmax(jnp.max(i, axis=0, keepdims=True), WARD)


def inputs():
    i0 = np.random.default_rng(3).uniform(0.0, 0.02, (8, 4)).astype(np.float32)
    return 1.0 - i0, i0


def main(s0, i0):
    mesh = jax.make_mesh((4, 2), (WARD, AGE))
    spec = P(WARD, AGE)
    sh = NamedSharding(mesh, spec)
    state = (jax.device_put(s0, sh), jax.device_put(i0, sh))
    step = jax.shard_map(step_kernel, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, spec))
    peak = jax.shard_map(peak_kernel, mesh=mesh, in_specs=spec, out_specs=P(None, AGE))
    alarms = []
    dispatch = {Ev.STEP: lambda st: step(*st), Ev.ALARM: lambda st: alarms.append(peak(st[1])) or st}
    heap = [(float(t), Ev.STEP) for t in range(10)] + [(4.5, Ev.ALARM), (9.5, Ev.ALARM)]
    heapq.heapify(heap)
    while heap:
        _, kind = heapq.heappop(heap)
        state = dispatch[kind](state)
    print([float(a.max()) for a in alarms])


if __name__ == "__main__":
    main(*inputs())
