"""launchers/lm/pretrain.py: decoder pretraining launcher for multi-slice TPU pods.

Run by hand on one host for a smoke test; the topology comes from the environment the
pod scheduler normally sets (NUM_SLICES, ICI_MODEL, ...), with single-host defaults.
"""
import atexit
import os
import signal
import sys
import time
from dataclasses import dataclass, replace

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

FLAGS = {"batch_per_host": 16, "d_model": 32, "steps": 3, "log_axis": "data", "lr": 1e-2}


@dataclass(frozen=True)
class Config:
    batch_per_host: int
    d_model: int
    steps: int
    log_axis: str
    lr: float

    @classmethod
    def from_flags(cls, flags, **overrides):
        merged = {**flags, **{k: v for k, v in overrides.items() if v is not None}}
        return cls(**merged)


def topology():
    num_slices = int(os.environ.get("NUM_SLICES", "1"))
    ici_model = int(os.environ.get("ICI_MODEL", "4"))
    n = jax.device_count()
    dcn_parallelism = [num_slices, 1]
    ici_parallelism = [n // (num_slices * ici_model), ici_model]
    return dcn_parallelism, ici_parallelism


def build_mesh():
    dcn, ici = topology()
    shape = [d * i for d, i in zip(dcn, ici)]
    devices = mesh_utils.create_device_mesh(shape)
    return Mesh(devices, ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


class Heartbeat:
    def __init__(self):
        self.last = time.monotonic()
        self.beats = []

    def beat(self, step, value):
        now = time.monotonic()
        self.beats.append((step, now - self.last, value))
        self.last = now


_stop = {"requested": False}


def _on_sigterm(signum, frame):
    _stop["requested"] = True


def make_step(mesh, cfg):
    def local_step(x, w):
        h = jnp.tanh(x @ w)
        local = jnp.mean(h ** 2)
        loss = jax.lax.psum(local, "data") / mesh.shape["data"]
        loss = jax.lax.pmean(loss, "model")
        per_replica = jax.lax.all_gather(loss, cfg.log_axis, to="reduced")
        return per_replica

    return jax.jit(jax.shard_map(local_step, mesh=mesh,
                                 in_specs=(P("data", None), P(None, "model")),
                                 out_specs=P(None, reduced={cfg.log_axis})))


def global_batch(mesh, cfg, step):
    rng = np.random.default_rng(1000 * jax.process_index() + step)
    local = rng.standard_normal((cfg.batch_per_host, cfg.d_model)).astype(np.float32)
    return jax.make_array_from_process_local_data(NamedSharding(mesh, P("data", None)), local)


def main(log_axis=None):
    cfg = Config.from_flags(FLAGS, log_axis=log_axis)
    signal.signal(signal.SIGTERM, _on_sigterm)
    mesh = build_mesh()
    hb = Heartbeat()
    atexit.register(lambda: print("heartbeats:", len(hb.beats), file=sys.stderr))
    w = jax.device_put(jnp.ones((cfg.d_model, cfg.d_model)) * 0.05,
                       NamedSharding(mesh, P(None, "model")))
    step_fn = make_step(mesh, cfg)
    out = None
    with jax.set_mesh(mesh):
        for step in range(cfg.steps):
            if _stop["requested"]:
                break
            out = step_fn(global_batch(mesh, cfg, step), w)
            if jax.process_index() == 0:
                hb.beat(step, out)
    return out


def inputs():
    return (os.environ.get("LOG_AXIS"),)


if __name__ == "__main__":
    main(*inputs())
