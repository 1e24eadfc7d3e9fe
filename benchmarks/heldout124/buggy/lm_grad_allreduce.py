"""launchers/lm/grad_sync.py: data + sequence parallel training step with explicit grad sync.

The reduction axes are the mesh axes whose parallelism is larger than one, as computed
from the DCN and ICI lists; on one host both axes qualify.
"""
import os
import signal
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS_NAMES = ("replica", "seq")


def parallelism_lists():
    dcn = [int(os.environ.get("DCN_REPLICA", "1")), 1]
    ici = [int(os.environ.get("ICI_REPLICA", "2")), int(os.environ.get("ICI_SEQ", "4"))]
    return dcn, ici


def reduction_axes(dcn, ici):
    return tuple(name for name, d, i in zip(AXIS_NAMES, dcn, ici) if d * i > 1)


def loss_fn(w, tokens):
    logits = jnp.tanh(tokens @ w)
    local = jnp.sum(logits ** 2)
    return jax.lax.psum(local, "seq")


def make_train_step(mesh, sync_axes, lr):
    def step(w, tokens):
        loss, g = jax.value_and_grad(loss_fn)(w, tokens)
        loss = jax.lax.pmean(loss, sync_axes)
        return w - lr * g, loss

    return jax.jit(jax.shard_map(step, mesh=mesh,
                                 in_specs=(P(), P("replica", "seq")),
                                 out_specs=(P(), P())))


def handle_preemption(signum, frame):
    if jax.process_index() == 0:
        print("preempted; exiting after the current step", file=sys.stderr)


def main():
    dcn, ici = parallelism_lists()
    shape = tuple(d * i for d, i in zip(dcn, ici))
    mesh = jax.make_mesh(shape, AXIS_NAMES)
    signal.signal(signal.SIGUSR1, handle_preemption)
    sync_axes = reduction_axes(dcn, ici)
    lr = float(os.environ.get("LR", "0.05"))
    w = jax.device_put(jnp.eye(6) * 0.5, NamedSharding(mesh, P()))
    rng = np.random.default_rng(7)
    local = rng.standard_normal((4, 8, 6)).astype(np.float32)
    tokens = jax.make_array_from_process_local_data(NamedSharding(mesh, P("replica", "seq")), local)
    train_step = make_train_step(mesh, sync_axes, lr)
    losses = []
    with jax.set_mesh(mesh):
        for _ in range(2):
            w, loss = train_step(w, tokens)
            losses.append(loss)
    if jax.process_index() == 0:
        print("losses", [float(l) for l in losses])
    return w


def summarize(losses):
    """Host-side summary printed by the launcher; empty on the other hosts."""
    if jax.process_index() != 0 or not losses:
        return {}
    values = [float(l) for l in losses]
    return {"first": values[0], "last": values[-1], "n": len(values)}


def inputs():
    return ()


if __name__ == "__main__":
    main(*inputs())
