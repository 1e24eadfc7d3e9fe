"""launchers/vision/vit_finetune.py: ViT fine-tuning on a (replica, fsdp) mesh.

The per-shard gradient-norm monitor used on the pods logs one number per fsdp shard
from process 0. Topology from TPU_* variables, defaulting to one host.
"""
import math
import os
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

PATCH = 4
EMBED = 16


def read_topology():
    hosts = int(os.environ.get("TPU_NUM_HOSTS", "1"))
    fsdp = int(os.environ.get("FSDP", "2"))
    dcn_parallelism = [hosts, 1]
    ici_parallelism = [jax.local_device_count() // fsdp, fsdp]
    return [a * b for a, b in zip(dcn_parallelism, ici_parallelism)]


def patchify(images):
    b, h, w = images.shape
    x = images.reshape(b, h // PATCH, PATCH, w // PATCH, PATCH)
    return x.transpose(0, 1, 3, 2, 4).reshape(b, -1, PATCH * PATCH)


class StepTimer:
    def __init__(self):
        self.times = []

    def __enter__(self):
        self.t = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.times.append(time.perf_counter() - self.t)


def build_step(mesh):
    shard_axis = mesh.axis_names[-1]
    data_axis = mesh.axis_names[0]

    def step(w, patches):
        def loss(w):
            return jnp.mean(jnp.tanh(patches @ w) ** 2)

        g = jax.grad(loss)(w)
        g = jax.lax.pmean(g, data_axis)
        sq = jax.lax.psum(jnp.sum(g * g), shard_axis)
        norm = jnp.sqrt(sq)
        per_shard = jax.lax.all_gather(norm, shard_axis, to="reduced")
        return w - 0.1 * g / (norm + 1e-6), per_shard

    return jax.jit(jax.shard_map(step, mesh=mesh,
                                 in_specs=(P(None, shard_axis), P(data_axis, None, None)),
                                 out_specs=(P(None, shard_axis), P(None, reduced={shard_axis}))))


def main(steps):
    shape = read_topology()
    mesh = Mesh(mesh_utils.create_device_mesh(shape), ("replica", "fsdp"),
                axis_types=(jax.sharding.AxisType.Explicit,) * 2)
    images = np.random.default_rng(0).random((8, 8, 8), dtype=np.float32)
    patches = jax.make_array_from_process_local_data(
        NamedSharding(mesh, P("replica", None, None)), patchify(images))
    w = jax.device_put(jnp.full((PATCH * PATCH, EMBED), 1.0 / math.sqrt(EMBED)),
                       NamedSharding(mesh, P(None, "fsdp")))
    timer = StepTimer()
    with jax.set_mesh(mesh):
        step = build_step(mesh)
        for i in range(steps):
            with timer:
                w, norms = step(w, patches)
            if jax.process_index() == 0:
                print(f"step {i} grad norms {np.asarray(norms)}")
    return w


def inputs():
    return (int(os.environ.get("STEPS", "2")),)


if __name__ == "__main__":
    main(*inputs())
