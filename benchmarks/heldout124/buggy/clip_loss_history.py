"""launchers/contrastive/train_clip.py: image-text contrastive training launcher.

The contrastive loss is summed over the embed shards and averaged over the data shards;
the loss history buffer kept for the early-stopping monitor gathers it once more over the data axis.
"""
import collections
import os
import signal

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

MESH_AXES = ("data", "embed")
FLAGS = {"dim": 8, "batch": 8, "temperature": 0.07, "history_axis": "data", "steps": 2}


def apply_overrides(flags, argv):
    flags = dict(flags)
    for arg in argv:
        if not arg.startswith("--") or "=" not in arg:
            continue
        key, value = arg[2:].split("=", 1)
        if key not in flags:
            raise KeyError(f"unknown flag {key}")
        flags[key] = type(flags[key])(value)
    return flags


def build_mesh():
    embed = int(os.environ.get("EMBED_PARALLELISM", "4"))
    devices = np.array(jax.devices()).reshape(-1, embed)
    return Mesh(devices, MESH_AXES, axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def clip_loss(img, txt, temperature):
    sim = jax.lax.psum(img @ txt.T, "embed") / temperature
    labels = jnp.arange(sim.shape[0])
    logp = jax.nn.log_softmax(sim, axis=-1)
    return -jnp.mean(logp[labels, labels])


def make_step(mesh, flags):
    def body(img, txt):
        loss = clip_loss(img, txt, flags["temperature"])
        loss = jax.lax.pmean(loss, MESH_AXES[0])
        history = jax.lax.all_gather(loss, flags["history_axis"], to="reduced")
        return loss, history

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("data", "embed"), P("data", "embed")),
                                 out_specs=(P(), P(None, reduced={flags["history_axis"]}))))


class EarlyStop:
    def __init__(self, patience=3):
        self.best = float("inf")
        self.bad = 0
        self.patience = patience
        self.window = collections.deque(maxlen=10)

    def update(self, loss):
        self.window.append(loss)
        if loss < self.best:
            self.best, self.bad = loss, 0
        else:
            self.bad += 1
        return self.bad > self.patience


def main(argv):
    flags = apply_overrides(FLAGS, argv)
    mesh = build_mesh()
    signal.signal(signal.SIGTERM, lambda *_: None)
    rng = np.random.default_rng(0)
    sh = NamedSharding(mesh, P("data", "embed"))
    img = jax.make_array_from_process_local_data(sh, rng.standard_normal((flags["batch"], flags["dim"])).astype(np.float32))
    txt = jax.make_array_from_process_local_data(sh, rng.standard_normal((flags["batch"], flags["dim"])).astype(np.float32))
    stopper = EarlyStop()
    with jax.set_mesh(mesh):
        step = make_step(mesh, flags)
        for _ in range(flags["steps"]):
            loss, history = step(img, txt)
            if jax.process_index() == 0 and stopper.update(float(loss)):
                break
    return loss


def inputs():
    return (os.environ.get("CLIP_FLAGS", "--steps=2").split(),)


if __name__ == "__main__":
    main(*inputs())
