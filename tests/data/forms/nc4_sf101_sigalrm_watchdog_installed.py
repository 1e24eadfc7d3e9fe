"""A training launcher installs a watchdog: `signal.signal(signal.SIGALRM, self.fire)`. Nothing in
the program sets an alarm, so the handler never runs; the step's loss table, summed over "data",
is gathered to reduced over "data", and JAX rejects it."""
import os
import signal
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


FLAGS = {"table_axis": "data", "steps": 1}


def flag_overrides(flags):
    out = dict(flags)
    for key, default in flags.items():
        raw = os.environ.get("TRAIN_" + key.upper())
        if raw is not None:
            out[key] = type(default)(raw)
    return out


class Watchdog:
    def __init__(self, timeout):
        self.timeout = timeout
        self.last = time.time()
        signal.signal(signal.SIGALRM, self.fire)

    def fire(self, signum, frame):
        raise TimeoutError(f"no step in {self.timeout}s")

    def kick(self):
        self.last = time.time()


def make_step(mesh, table_axis):
    def step(x):
        loss = jax.lax.psum(jnp.mean(x * x), "data")
        return jax.lax.all_gather(loss, table_axis, to="reduced")  # SF101

    return jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("data", "model"),
                                 out_specs=P("model", reduced={table_axis})))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    dog = Watchdog(timeout=600)
    with jax.set_mesh(mesh):
        table = make_step(mesh, flag_overrides(FLAGS)["table_axis"])(x)
        dog.kick()
    return table


if __name__ == "__main__":
    main()
