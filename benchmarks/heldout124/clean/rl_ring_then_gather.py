"""launchers/rl/ring_returns.py: bootstrap values passed around the time ring, then logged.

Each time shard hands its first value to the previous shard (ppermute on the LOCAL
values), and only afterwards the bootstrapped returns are gathered (to="reduced") for
the process-0 log: the ring never sees a reduced value.
"""
import os
import signal
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROLES = {"rollout": "envs", "time": "time"}


class Preemption:
    def __init__(self):
        self.flag = False
        signal.signal(signal.SIGTERM, self.set)

    def set(self, signum, frame):
        self.flag = True


def make_mesh():
    shards = int(os.environ.get("TIME_SHARDS", "4"))
    return jax.make_mesh((jax.device_count() // shards, shards), (ROLES["rollout"], ROLES["time"]))


def ring(n):
    return [(i, (i - 1) % n) for i in range(n)]


def returns_body(n_time, gamma):
    t_axis = ROLES["time"]

    def body(values, rewards):
        nxt = jax.lax.ppermute(values[:, :1], t_axis, ring(n_time))
        boot = jnp.concatenate([values[:, 1:], nxt], axis=1)
        ret = rewards + gamma * boot
        logged = jax.lax.all_gather(ret, t_axis, axis=1, tiled=True, to="reduced")
        return ret, logged

    return body


def main(gamma):
    mesh = make_mesh()
    guard = Preemption()
    spec = P(ROLES["rollout"], ROLES["time"])
    rng = np.random.default_rng(4)
    put = lambda a: jax.make_array_from_process_local_data(NamedSharding(mesh, spec), a)
    values = put(rng.standard_normal((4, 16)).astype(np.float32))
    rewards = put(rng.random((4, 16), dtype=np.float32))
    body = returns_body(mesh.shape[ROLES["time"]], gamma)
    t0 = time.time()
    with jax.set_mesh(mesh):
        fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec, spec),
                                   out_specs=(spec, P(ROLES["rollout"], None,
                                                      reduced={ROLES["time"]}))))
        ret, logged = fn(values, rewards)
    if jax.process_index() == 0 and not guard.flag:
        print(f"returns {ret.shape} logged {logged.shape} in {time.time() - t0:.2f}s")
    return ret


def discounted_sum(ret, gamma):
    """Host-side check of the logged returns on process 0."""
    arr = np.asarray(ret)
    weights = gamma ** np.arange(arr.shape[1])
    return (arr * weights).sum(axis=1)


def inputs():
    return (float(os.environ.get("GAMMA", "0.99")),)


if __name__ == "__main__":
    main(*inputs())
