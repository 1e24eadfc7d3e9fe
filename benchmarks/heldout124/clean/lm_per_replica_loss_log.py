"""launchers/lm/replica_losses.py: log each data replica's loss from process 0.

Unlike the pod heartbeat, this logger gathers the per-replica losses BEFORE they are
averaged, so every replica's number reaches the log (to="reduced": it is only logged).
"""
import atexit
import os
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

FLAGS = {"batch_per_host": 8, "d_model": 16, "steps": 2, "log_axis": "data"}


def merged_flags(overrides):
    flags = dict(FLAGS)
    flags.update({k: type(FLAGS[k])(v) for k, v in overrides.items() if k in FLAGS})
    return flags


def mesh_from_lists():
    num_slices = int(os.environ.get("NUM_SLICES", "1"))
    model = int(os.environ.get("ICI_MODEL", "4"))
    dcn_parallelism = [num_slices, 1]
    ici_parallelism = [jax.device_count() // (num_slices * model), model]
    shape = [d * i for d, i in zip(dcn_parallelism, ici_parallelism)]
    return Mesh(mesh_utils.create_device_mesh(shape), ("data", "model"),
                axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def make_step(mesh, flags):
    log_axis = flags["log_axis"]

    def body(x, w):
        h = jnp.tanh(x @ w)
        local = jax.lax.pmean(jnp.mean(h ** 2), "model")
        per_replica = jax.lax.all_gather(local, log_axis, to="reduced")
        loss = jax.lax.pmean(local, log_axis)
        return loss, per_replica

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("data", None), P(None, "model")),
                                 out_specs=(P(), P(None, reduced={log_axis}))))


class Heartbeat:
    def __init__(self):
        self.t = time.monotonic()
        self.count = 0
        atexit.register(self.close)

    def beat(self):
        self.count += 1
        self.t = time.monotonic()

    def close(self):
        print(f"{self.count} heartbeats", file=sys.stderr)


def main(overrides):
    flags = merged_flags(overrides)
    mesh = mesh_from_lists()
    rng = np.random.default_rng(jax.process_index())
    x = jax.make_array_from_process_local_data(
        NamedSharding(mesh, P("data", None)),
        rng.standard_normal((flags["batch_per_host"], flags["d_model"])).astype(np.float32))
    w = jax.device_put(jnp.ones((flags["d_model"], flags["d_model"])) * 0.05,
                       NamedSharding(mesh, P(None, "model")))
    hb = Heartbeat()
    with jax.set_mesh(mesh):
        step = make_step(mesh, flags)
        for _ in range(flags["steps"]):
            loss, per_replica = step(x, w)
            hb.beat()
            if jax.process_index() == 0:
                print("replica losses", np.asarray(per_replica), file=sys.stderr)
    return loss


def inputs():
    return ({"steps": os.environ.get("STEPS", "2")},)


if __name__ == "__main__":
    main(*inputs())
