"""SIR epidemic with a heapq event loop; an 'alarm' event checks whether any ward passed its peak."""
import enum
import heapq

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Ev(enum.IntEnum):
    STEP = 0
    ALARM = 1


WARD = "wards"
AGE = "age_bands"


class EpidemicModel:
    beta = 0.25
    gamma = 0.08

    def __init__(self, mesh):
        self.mesh = mesh
        self.dispatch = {Ev.STEP: self.step, Ev.ALARM: self.alarm}
        self.alarms = []

    def kernel(self, s, i):
        new = self.beta * s * i
        return s - new, i + new - self.gamma * i

    def step(self, state):
        f = jax.shard_map(self.kernel, mesh=self.mesh, in_specs=(P(WARD, AGE), P(WARD, AGE)),
                          out_specs=(P(WARD, AGE), P(WARD, AGE)))
        return f(*state)

    def peak_kernel(self, i):
        # every ward's curve on every device, kept reduced for the backward pass
        curves = jax.lax.all_gather(i, WARD, axis=0, tiled=True, to="reduced")
        worst = jax.lax.pmax(curves, WARD)
        return jnp.max(worst, axis=0, keepdims=True)

    def alarm(self, state):
        top = jax.shard_map(self.peak_kernel, mesh=self.mesh, in_specs=P(WARD, AGE),
                            out_specs=P(None, AGE))(state[1])
        self.alarms.append(float(top.max()))
        return state

    def simulate(self, state, schedule):
        heap = list(schedule)
        heapq.heapify(heap)
        while heap:
            t, kind = heapq.heappop(heap)
            state = self.dispatch[kind](state)
        return state


def inputs():
    rng = np.random.default_rng(3)
    i0 = rng.uniform(0.0, 0.02, (8, 4)).astype(np.float32)
    return 1.0 - i0, i0


def main(s0, i0):
    mesh = jax.make_mesh((4, 2), (WARD, AGE))
    sh = NamedSharding(mesh, P(WARD, AGE))
    model = EpidemicModel(mesh)
    schedule = [(float(t), Ev.STEP) for t in range(10)] + [(4.5, Ev.ALARM), (9.5, Ev.ALARM)]
    model.simulate((jax.device_put(s0, sh), jax.device_put(i0, sh)), schedule)
    print("alarms", model.alarms)


if __name__ == "__main__":
    main(*inputs())
