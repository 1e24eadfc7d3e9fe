"""launchers/diffusion/train_unet.py: diffusion training launcher (data x spatial mesh).

Besides the scalar loss, process 0 keeps a per-timestep-bucket loss table for the
dashboards; the table is gathered over the axis named by the `table_axis` flag.
"""
import collections
import os
import signal
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

FLAGS = {
    "image": 8,
    "channels": 4,
    "batch": 4,
    "steps": 2,
    "table_axis": "data",
    "spatial_parallelism": 4,
}

TIMESTEPS = 16


def flag_overrides(flags):
    out = dict(flags)
    for key, default in flags.items():
        raw = os.environ.get("DIFF_" + key.upper())
        if raw is not None:
            out[key] = type(default)(raw)
    return out


def create_mesh(flags):
    n = jax.device_count()
    ici_parallelism = [n // flags["spatial_parallelism"], flags["spatial_parallelism"]]
    dcn_parallelism = [int(os.environ.get("NUM_SLICES", "1")), 1]
    shape = tuple(i * d for i, d in zip(ici_parallelism, dcn_parallelism))
    return jax.make_mesh(shape, ("data", "spatial"), axis_types=(AxisType.Explicit,) * 2)


def alphas():
    betas = np.linspace(1e-4, 0.02, TIMESTEPS, dtype=np.float32)
    return np.cumprod(1.0 - betas)


def denoise_loss(x0, noise, a_bar, w):
    xt = jnp.sqrt(a_bar) * x0 + jnp.sqrt(1.0 - a_bar) * noise
    pred = jnp.tanh(xt * w)
    return jnp.mean((pred - noise) ** 2)


def make_step(mesh, flags):
    table_axis = flags["table_axis"]

    def step(x0, noise, a_bar, w):
        loss = denoise_loss(x0, noise, a_bar, w)
        bucket_loss = jax.lax.psum(loss, "data")
        table = jax.lax.all_gather(bucket_loss, table_axis, to="reduced")
        return jax.lax.pmean(bucket_loss, "spatial"), table

    spec = P("data", "spatial", None)
    return jax.jit(jax.shard_map(
        step, mesh=mesh, in_specs=(spec, spec, P(), P()),
        out_specs=(P(), P("spatial", reduced={table_axis}))))


class Watchdog:
    def __init__(self, timeout):
        self.timeout = timeout
        self.last = time.time()
        signal.signal(signal.SIGALRM, self.fire)

    def fire(self, signum, frame):
        raise TimeoutError(f"no step in {self.timeout}s")

    def kick(self):
        self.last = time.time()


def main(seed):
    flags = flag_overrides(FLAGS)
    mesh = create_mesh(flags)
    rng = np.random.default_rng(seed)
    shape = (flags["batch"], flags["image"], flags["channels"])
    sharding = NamedSharding(mesh, P("data", "spatial", None))
    x0 = jax.make_array_from_process_local_data(sharding, rng.standard_normal(shape).astype(np.float32))
    noise = jax.make_array_from_process_local_data(sharding, rng.standard_normal(shape).astype(np.float32))
    w = jax.device_put(jnp.float32(0.5), NamedSharding(mesh, P()))
    history = collections.defaultdict(list)
    dog = Watchdog(timeout=600)
    with jax.set_mesh(mesh):
        step = make_step(mesh, flags)
        for i in range(flags["steps"]):
            t = i % TIMESTEPS
            a_bar = jax.device_put(jnp.float32(alphas()[t]), NamedSharding(mesh, P()))
            loss, table = step(x0, noise, a_bar, w)
            dog.kick()
            if jax.process_index() == 0:
                history[t].append(float(loss))
    return history


def inputs():
    return (int(os.environ.get("SEED", "0")),)


if __name__ == "__main__":
    main(*inputs())
